import CastTestSupport
import CastLog
import CastWire
import Foundation
import Testing

@testable import CastInspect

@Suite struct PcapSourceTests {
    static let packet = PcapBuilder.ipv4(proto: 17, transport: PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353,
                                                                               payload: [UInt8](repeating: 0, count: 12)))
    static let file = PcapBuilder.pcap(packets: [(1, packet), (2, packet)])

    @Test func readsEveryPacketWithTimeAndLinkType() throws {
        let source = try PcapSource(path: PcapBuilder.temporaryFile(Self.file))
        #expect(source.linkType == .ethernet)
        let first = try #require(try source.next())
        #expect(first.number == 1)
        #expect(first.time.seconds == 1)
        #expect(first.bytes == Self.packet)
        #expect(try source.next()?.number == 2)
        #expect(try source.next() == nil)
    }

    @Test func refusesGzipWithAClearMessage() {
        let path = PcapBuilder.temporaryFile([0x1f, 0x8b, 8, 0, 0, 0, 0, 0], name: "x.pcap.gz")
        #expect {
            _ = try PcapSource(path: path)
        } throws: { error in
            let error = error as? CaptureError
            return error?.kind == .compressed && error?.description.contains("gunzip") == true
        }
    }

    @Test func missingFileIsCannotOpen() {
        #expect(throws: CaptureError.self) { _ = try PcapSource(path: "/nonexistent/x.pcap") }
    }

    @Test func rejectsWrongMagic() {
        var bytes = Self.file
        bytes[0] = 0x00
        #expect {
            _ = try PcapSource(path: PcapBuilder.temporaryFile(bytes))
        } throws: { ($0 as? CaptureError)?.kind == .badHeader }
    }

    @Test func cutAtEveryByteOfTheHeaderIsAnErrorNotACrash() {
        for cut in 0..<24 {
            let path = PcapBuilder.temporaryFile(Array(Self.file.prefix(cut)))
            #expect(throws: CaptureError.self, "cut at \(cut)") { _ = try PcapSource(path: path) }
        }
    }

    @Test func cutInsideAPacketNamesPacketAndOffsetAfterEarlierPackets() throws {
        let firstEnd = 24 + 16 + Self.packet.count
        for cut in (firstEnd + 1)..<Self.file.count {
            let source = try PcapSource(path: PcapBuilder.temporaryFile(Array(Self.file.prefix(cut))))
            #expect(try source.next()?.number == 1)
            #expect {
                _ = try source.next()
            } throws: { error in
                let error = error as? CaptureError
                return error?.packetNumber == 2 && error?.byteOffset == firstEnd && error?.kind == .truncated
            }
        }
    }

    @Test func absurdRecordLengthIsAnError() throws {
        var bytes = Self.file
        bytes.replaceSubrange(24 + 8..<24 + 12, with: PcapBuilder.le32(0x7fff_ffff))  // caplen
        let source = try PcapSource(path: PcapBuilder.temporaryFile(bytes))
        #expect(throws: CaptureError.self) { _ = try source.next() }
    }

    @Test func absurdSnaplenDoesNotCrash() {
        var bytes = Self.file
        bytes.replaceSubrange(16..<20, with: PcapBuilder.le32(0xffff_ffff))
        let path = PcapBuilder.temporaryFile(bytes)
        // libpcap either accepts the file (it clamps the snaplen) or refuses it; both are fine, a crash is not.
        if let source = try? PcapSource(path: path) {
            while (try? source.next()) != nil {}
        }
    }

    @Test func readsPcapngAndItsDecryptionSecretsBlock() throws {
        let path = PcapBuilder.capturesDirectory + "/cast-tls13-dsb.pcapng"
        let source = try PcapSource(path: path)
        var count = 0
        while try source.next() != nil { count += 1 }
        #expect(count > 10)
        let logs = PcapngSecretsReader.keyLogs(atPath: path)
        #expect(logs.count == 1)
        var keyLog = TLSKeyLog()
        for text in logs { keyLog.add(text: text) }
        #expect(keyLog.sessions.count == 1)
        #expect(keyLog.sessions.values.first?.serverTraffic != nil)
    }

    @Test func fileSizeIsARegularFilesByteCountAndZeroForAnythingElse() {
        let path = PcapBuilder.temporaryFile([UInt8](repeating: 7, count: 1234), name: "size.pcap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(PcapSource.fileSize(path) == 1234)
        #expect(PcapSource.fileSize(path + ".missing") == 0)
        #expect(PcapSource.fileSize(PcapBuilder.capturesDirectory) == 0, "a directory")
        #expect(PcapSource.fileSize("/dev/null") == 0, "a character device")
    }

    @Test func aClassicPcapHasNoSecretsBlocks() {
        let path = PcapBuilder.capturesDirectory + "/cast-tls13-aes128.pcap"
        #expect(PcapngSecretsReader.keyLogs(atPath: path) == [])
        let short = PcapBuilder.temporaryFile([0x0A, 0x0D], name: "short.pcapng")
        defer { try? FileManager.default.removeItem(atPath: short) }
        #expect(PcapngSecretsReader.keyLogs(atPath: short) == [])
    }

    @Test func pcapngCutAtEveryByteGivesAnErrorOrFewerPackets() async throws {
        // 1,600 files written and read: on a thread of its own, leaving the cooperative pool to other tests.
        try await BlockingWork.run { try Self.cutAtEveryByte() }
    }

    static func cutAtEveryByte() throws {
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PcapBuilder.capturesDirectory
                                                        + "/cast-tls13-dsb.pcapng")))
        for cut in stride(from: 0, to: min(whole.count, 1600), by: 1) {
            let path = PcapBuilder.temporaryFile(Array(whole.prefix(cut)), name: "cut.pcapng")
            // The file reader (which looks at the first block type before reading a window) finds what the
            // in-memory one does.
            #expect(PcapngSecretsReader.keyLogs(atPath: path)
                        == PcapngSecretsReader.keyLogs(in: Array(whole.prefix(cut))))
            guard let source = try? PcapSource(path: path) else { continue }
            while (try? source.next()) ?? nil != nil {}
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
