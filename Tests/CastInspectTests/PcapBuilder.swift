import Foundation

/// Builds small pcap files and Ethernet/IPv4/TCP/UDP packets for tests, byte by byte.
enum PcapBuilder {
    /// A classic little-endian microsecond pcap file: 24-byte header, then 16-byte record headers.
    static func pcap(linkType: UInt32 = 1, snaplen: UInt32 = 65_535, packets: [(seconds: UInt32, bytes: [UInt8])])
        -> [UInt8] {
        var out: [UInt8] = []
        out += le32(0xA1B2_C3D4)  // magic
        out += le16(2) + le16(4)  // version 2.4
        out += le32(0) + le32(0)  // thiszone, sigfigs
        out += le32(snaplen) + le32(linkType)
        for packet in packets {
            out += le32(packet.seconds) + le32(0) + le32(UInt32(packet.bytes.count)) + le32(UInt32(packet.bytes.count))
            out += packet.bytes
        }
        return out
    }

    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)] }
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xff)] }

    /// Ethernet + IPv4 (no options, checksum left zero) around `transport` with protocol `proto`.
    static func ipv4(source: [UInt8] = [10, 0, 0, 1], destination: [UInt8] = [10, 0, 0, 2], proto: UInt8,
                     identification: UInt16 = 1, flagsAndOffset: UInt16 = 0x4000, transport: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x08, 0x00]  // dst MAC, src MAC, IPv4
        out += [0x45, 0] + be16(UInt16(20 + transport.count)) + be16(identification) + be16(flagsAndOffset)
        out += [64, proto, 0, 0] + source + destination
        return out + transport
    }

    /// A TCP segment (no options) with `flags` (SYN 0x02, ACK 0x10, FIN 0x01, RST 0x04, PSH 0x08).
    static func tcp(sourcePort: UInt16, destinationPort: UInt16, sequence: UInt32, ack: UInt32 = 0,
                    flags: UInt8 = 0x18, payload: [UInt8] = []) -> [UInt8] {
        be16(sourcePort) + be16(destinationPort) + be32(sequence) + be32(ack) + [0x50, flags] + be16(65_535)
            + [0, 0, 0, 0] + payload
    }

    /// A UDP datagram (checksum zero).
    static func udp(sourcePort: UInt16, destinationPort: UInt16, payload: [UInt8]) -> [UInt8] {
        be16(sourcePort) + be16(destinationPort) + be16(UInt16(8 + payload.count)) + [0, 0] + payload
    }

    /// One directory for this test process's temporary files, removed when the process exits (whether its tests
    /// passed or failed), so a run leaves `$TMPDIR` as it found it.
    static let temporaryRoot: String = {
        let root = NSTemporaryDirectory() + "castscope-inspect-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: PcapBuilder.temporaryRoot) }
        return root
    }()

    /// Writes `bytes` to a fresh temporary file under `temporaryRoot` and returns its path.
    static func temporaryFile(_ bytes: [UInt8], name: String = "test.pcap") -> String {
        let directory = temporaryRoot + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The repository's captures/ directory.
    static var capturesDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("captures").path
    }
}
