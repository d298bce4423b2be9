import CastLog
import CastTestSupport
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// pcapng as other tools write it: interfaces of different link types, snapshot lengths and timestamp
/// resolutions in one file, sections that switch byte order or describe no interface, Simple and obsolete Packet
/// Blocks, and secrets blocks read from a pipe; and the faults a block reader must name.
@Suite struct PcapngInterfaceTests {
    typealias B = PcapBuilder

    static func block(_ type: UInt32, _ body: [UInt8], bigEndian: Bool = false) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
        let length = UInt32(12 + padded.count)
        let word = bigEndian ? B.be32 : B.le32
        return word(type) + word(length) + padded + word(length)
    }

    static func section(bigEndian: Bool = false) -> [UInt8] {
        bigEndian
            ? block(0x0A0D_0D0A, B.be32(0x1A2B_3C4D) + [0, 1, 0, 0] + [UInt8](repeating: 0xff, count: 8), bigEndian: true)
            : block(0x0A0D_0D0A, B.le32(0x1A2B_3C4D) + [1, 0, 0, 0] + [UInt8](repeating: 0xff, count: 8))
    }

    static func option(_ code: UInt16, _ value: [UInt8], bigEndian: Bool = false) -> [UInt8] {
        let half = bigEndian ? B.be16 : B.le16
        return half(code) + half(UInt16(value.count)) + value + [UInt8](repeating: 0, count: (4 - value.count % 4) % 4)
    }

    static func interface(linkType: UInt16, snaplen: UInt32, options: [UInt8] = [], bigEndian: Bool = false) -> [UInt8] {
        let half = bigEndian ? B.be16 : B.le16, word = bigEndian ? B.be32 : B.le32
        return block(1, half(linkType) + [0, 0] + word(snaplen) + options + (options.isEmpty ? [] : [0, 0, 0, 0]),
                     bigEndian: bigEndian)
    }

    static func enhanced(interface: UInt32, time: UInt64, _ data: [UInt8], original: Int? = nil,
                         bigEndian: Bool = false) -> [UInt8] {
        let word = bigEndian ? B.be32 : B.le32
        return block(6, word(interface) + word(UInt32(time >> 32)) + word(UInt32(time & 0xFFFF_FFFF))
                        + word(UInt32(data.count)) + word(UInt32(original ?? data.count)) + data, bigEndian: bigEndian)
    }

    /// A UDP datagram to 5353 in raw IPv4 (link type 101/228) and in Ethernet (1).
    static let datagram = B.ipv4(proto: 17, transport: B.udp(sourcePort: 5353, destinationPort: 5353,
                                                             payload: [UInt8](repeating: 0, count: 12)))
    static let frame = [UInt8](repeating: 0xff, count: 6) + [2, 0, 0, 0, 0, 1] + [0x08, 0x00] + datagram

    static func read(_ bytes: [UInt8]) throws -> [CapturedPacket] {
        let source = try PcapSource(path: B.temporaryFile(bytes, name: "interfaces.pcapng"))
        var packets: [CapturedPacket] = []
        while let packet = try source.next() { packets.append(packet) }
        return packets
    }

    @Test func eachPacketHasItsOwnInterfacesLinkTypeAndSnapshotLength() throws {
        let file = Self.section()
            + Self.interface(linkType: 1, snaplen: 262_144)
            + Self.interface(linkType: 101, snaplen: 30)
            + Self.enhanced(interface: 0, time: 1_000_000, Self.frame)
            + Self.enhanced(interface: 1, time: 2_000_000, Self.datagram)
        let packets = try Self.read(file)
        #expect(packets.map(\.linkType) == [.ethernet, .raw])
        #expect(packets[0].bytes == Self.frame)
        #expect(packets[1].bytes == Array(Self.datagram.prefix(30)))  // cut to that interface's snapshot length
        #expect(packets[1].originalLength == Self.datagram.count)
        #expect(packets[1].isSnaplenTruncated)
    }

    @Test func timestampsFollowEachInterfacesResolutionAndOffset() throws {
        let file = Self.section()
            + Self.interface(linkType: 101, snaplen: 0, options: Self.option(9, [9]))  // nanoseconds
            + Self.interface(linkType: 101, snaplen: 0, options: Self.option(9, [0x80 | 10]))  // 1/1024 s
            + Self.interface(linkType: 101, snaplen: 0, options: Self.option(14, B.le32(100) + B.le32(0)))  // +100 s
            + Self.enhanced(interface: 0, time: 1_700_000_000_123_456_789, Self.datagram)
            + Self.enhanced(interface: 1, time: 1024 * 5 + 512, Self.datagram)
            + Self.enhanced(interface: 2, time: 7_000_250, Self.datagram)
        let times = try Self.read(file).map(\.time)
        #expect(times == [
            LogTimestamp(seconds: 1_700_000_000, microseconds: 123_456),
            LogTimestamp(seconds: 5, microseconds: 500_000),
            LogTimestamp(seconds: 107, microseconds: 250),
        ])
    }

    @Test func aNewSectionHasItsOwnInterfacesAndByteOrder() throws {
        let file = Self.section()
            + Self.interface(linkType: 1, snaplen: 0)
            + Self.enhanced(interface: 0, time: 1, Self.frame)
            + Self.section()  // a section describing no interface and holding no packet
            + Self.section(bigEndian: true)
            + Self.interface(linkType: 228, snaplen: 0, bigEndian: true)
            + Self.enhanced(interface: 0, time: 2_000_000, Self.datagram, bigEndian: true)
        let packets = try Self.read(file)
        #expect(packets.map(\.linkType) == [.ethernet, .ipv4])
        #expect(packets[1].time == LogTimestamp(seconds: 2, microseconds: 0))
        #expect(packets[1].bytes == Self.datagram)
    }

    @Test func simpleAndObsoletePacketBlocksAreRead() throws {
        let simple = Self.block(3, B.le32(UInt32(Self.datagram.count)) + Self.datagram)
        let obsolete = Self.block(2, B.le16(0) + B.le16(0) + B.le32(0) + B.le32(3_000_000)
                                      + B.le32(UInt32(Self.datagram.count)) + B.le32(UInt32(Self.datagram.count))
                                      + Self.datagram)
        let packets = try Self.read(Self.section() + Self.interface(linkType: 101, snaplen: 0) + simple + obsolete)
        #expect(packets.map(\.bytes) == [Self.datagram, Self.datagram])
        #expect(packets[1].time == LogTimestamp(seconds: 3, microseconds: 0))
    }

    @Test func aPacketOnAnInterfaceItsSectionLacksIsAnErrorAfterTheGoodOnes() throws {
        let file = Self.section() + Self.interface(linkType: 1, snaplen: 0)
            + Self.enhanced(interface: 0, time: 1, Self.frame)
            + Self.enhanced(interface: 1, time: 2, Self.frame)
        let source = try PcapSource(path: B.temporaryFile(file, name: "bad-interface.pcapng"))
        #expect(try source.next() != nil)
        let error = #expect(throws: CaptureError.self) { try source.next() }
        #expect(error?.packetNumber == 2)
        #expect(error?.description.contains("names interface 1, but its section describes 1") == true)
    }

    @Test func packetsAfterANewSectionHeaderNeedThatSectionsInterfaces() {
        let file = Self.section() + Self.interface(linkType: 1, snaplen: 0) + Self.section()
            + Self.enhanced(interface: 0, time: 1, Self.frame)
        #expect(throws: CaptureError.self) { try Self.read(file) }
    }

    /// A file with one named fault, and the words its error must contain.
    static func corrupted(_ name: String) -> (file: [UInt8], reason: String) {
        let good = section() + interface(linkType: 1, snaplen: 0) + enhanced(interface: 0, time: 1, frame)
        switch name {
        case "trailing length":
            return (Array(good.dropLast(4)) + B.le32(999), "trailing length 999")
        case "option overrun":
            let body: [UInt8] = B.le16(1) + [0, 0] + B.le32(0) + B.le16(2) + B.le16(200)
            return (section() + block(1, body), "option 2 of 200 bytes overruns")
        case "bad resolution":
            return (section() + interface(linkType: 1, snaplen: 0, options: option(9, [40])), "if_tsresol 40")
        case "captured over block":
            let body: [UInt8] = B.le32(0) + B.le32(0) + B.le32(0) + B.le32(500) + B.le32(500) + [1, 2, 3, 4]
            return (section() + interface(linkType: 1, snaplen: 0) + block(6, body), "captured length 500 overruns")
        default:
            return (section() + B.le32(6) + B.le32(15) + [UInt8](repeating: 0, count: 8), "not a multiple of 4")
        }
    }

    @Test(arguments: ["trailing length", "option overrun", "bad resolution", "captured over block", "odd length"])
    func aMalformedBlockIsNamed(name: String) {
        let (file, reason) = Self.corrupted(name)
        let error = #expect(throws: CaptureError.self, "\(name)") { try Self.read(file) }
        #expect(error?.description.contains(reason) == true, "\(name): \(error?.description ?? "")")
    }

    @Test func cutAtEveryByteGivesTheWholePacketsBeforeTheCut() throws {
        let file = Self.section() + Self.interface(linkType: 1, snaplen: 0)
            + Self.enhanced(interface: 0, time: 1, Self.frame) + Self.interface(linkType: 101, snaplen: 0)
            + Self.enhanced(interface: 1, time: 2, Self.datagram)
        let firstEnd = Self.section().count + Self.interface(linkType: 1, snaplen: 0).count
            + Self.enhanced(interface: 0, time: 1, Self.frame).count
        for cut in 0..<file.count {
            let path = B.temporaryFile(Array(file.prefix(cut)), name: "cut.pcapng")
            var read = 0
            do {
                let source = try PcapSource(path: path)
                while try source.next() != nil { read += 1 }
            } catch {}
            #expect(read == (cut >= firstEnd ? 1 : 0), "cut at \(cut)")
        }
    }

    @Test func aPipedPcapngHandsOverItsSecretsAsTheyCome() async throws {
        let secrets = Self.block(0x0A, B.le32(0x544C_534B) + B.le32(10) + Array("# key log\n".utf8))
        let file = Self.section() + Self.interface(linkType: 1, snaplen: 0) + secrets
            + Self.enhanced(interface: 0, time: 1, Self.frame)
        let fifo = NSTemporaryDirectory() + "castscope-pcapng-\(UUID().uuidString).fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = file.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let (logs, packets) = try await BlockingWork.run { () throws -> ([String], Int) in
            let source = try PcapSource(path: fifo)
            var packets = 0
            var logs: [String] = []
            while try source.next() != nil {
                packets += 1
                logs += source.takeKeyLogs()
            }
            return (logs, packets)
        }
        #expect(packets == 1)
        #expect(logs == ["# key log\n"])
    }
}
