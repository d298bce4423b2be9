import CastLog
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// pcapng writing: blocks laid out as the spec says, files libpcap reads back packet for packet, and Decryption
/// Secrets Blocks found wherever they are (also after packets, as a growing key log puts them).
@Suite struct PcapngWriterTests {
    static func temporaryPath() -> String { NSTemporaryDirectory() + "castscope-writer-\(UUID().uuidString).pcapng" }

    static func packet(_ number: Int, _ bytes: [UInt8]) -> CapturedPacket {
        CapturedPacket(number: number, time: LogTimestamp(seconds: 1_796_000_000 + Int64(number), microseconds: 250),
                       linkType: LinkType(rawValue: 1), bytes: bytes, originalLength: bytes.count + 10)
    }

    @Test func decryptionSecretsBlockLayout() {
        let block = PcapngBlocks.decryptionSecrets(keyLog: Array("abcde\n".utf8))
        #expect(block == [
            0x0A, 0, 0, 0,  // 0: block type DSB
            28, 0, 0, 0,  // 4: total length: 12 (type, length, trailer) + 8 (secrets header) + 8 (6 bytes padded)
            0x4B, 0x53, 0x4C, 0x54,  // 8: secrets type "TLSK" (little-endian 0x544C534B)
            6, 0, 0, 0,  // 12: secrets length
            0x61, 0x62, 0x63, 0x64, 0x65, 0x0A, 0, 0,  // 16: secrets, padded to 4
            28, 0, 0, 0,  // 24: total length again
        ])
    }

    @Test func enhancedPacketBlockCarriesMicrosecondsAndBothLengths() {
        let block = PcapngBlocks.enhancedPacket(microseconds: 0x1_0000_0002, captured: [0xAA], originalLength: 9)
        #expect(block.count == 36)  // 28 + 1 byte padded to 4 + 4
        #expect(Array(block[12..<20]) == [1, 0, 0, 0, 2, 0, 0, 0])  // timestamp high, low
        #expect(Array(block[20..<28]) == [1, 0, 0, 0, 9, 0, 0, 0])  // captured, original
    }

    @Test func writtenFileReadsBackWithSecretsBetweenPackets() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PcapngWriter(path: path, linkType: 1, snapshotLength: 65535, interface: "lo")
        try writer.writeSecrets(Array("# first\n".utf8))
        try writer.write(Self.packet(1, [UInt8](repeating: 0x11, count: 61)))
        try writer.writeSecrets(Array("# second\n".utf8))
        try writer.write(Self.packet(2, [0x22, 0x23]))
        try writer.close()
        #expect(writer.packets == 2 && writer.secretsBlocks == 2)
        let source = try PcapSource(path: path)
        #expect(source.linkType == LinkType(rawValue: 1))
        let first = try #require(try source.next())
        #expect(first.bytes == [UInt8](repeating: 0x11, count: 61))
        #expect(first.originalLength == 71)
        #expect(first.time == LogTimestamp(seconds: 1_796_000_001, microseconds: 250))
        #expect(try source.next()?.bytes == [0x22, 0x23])
        #expect(try source.next() == nil)
        #expect(PcapngSecretsReader.keyLogs(atPath: path) == ["# first\n", "# second\n"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func existingWorldReadableFileBecomesOwnerOnlyAndIsTruncated() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x55, count: 100_000),
                                           attributes: [.posixPermissions: 0o644])
        let writer = try PcapngWriter(path: path, linkType: 1, snapshotLength: 65535, interface: nil)
        try writer.write(Self.packet(1, [0x01]))
        try writer.close()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let source = try PcapSource(path: path)
        #expect(try source.next()?.bytes == [0x01])
        #expect(try source.next() == nil)
    }

    @Test func symbolicLinkOrFIFOAtTheOutputPathIsRefused() throws {
        let target = Self.temporaryPath(), link = Self.temporaryPath(), fifo = Self.temporaryPath()
        defer { for path in [target, link, fifo] { try? FileManager.default.removeItem(atPath: path) } }
        _ = FileManager.default.createFile(atPath: target, contents: Data("precious".utf8),
                                           attributes: [.posixPermissions: 0o644])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: PcapngWriter.WriteError.self) {
            try PcapngWriter(path: link, linkType: 1, snapshotLength: 65535, interface: nil)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o644)
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: PcapngWriter.WriteError.self) {
            try PcapngWriter(path: fifo, linkType: 1, snapshotLength: 65535, interface: nil)
        }
    }

    @Test func keyLogTailHandsOutOnlyWholeNewLines() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tail = KeyLogTail(path: path)
        #expect(tail.poll().isEmpty)  // not there yet
        _ = FileManager.default.createFile(atPath: path, contents: Data("LINE1\nLIN".utf8))
        #expect(tail.poll() == Array("LINE1\n".utf8))
        #expect(tail.poll().isEmpty)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("E2\n".utf8))
        try handle.close()
        #expect(tail.poll() == Array("LINE2\n".utf8))
        _ = FileManager.default.createFile(atPath: path, contents: Data("NEW\n".utf8))  // rewritten, shorter
        #expect(tail.poll() == Array("NEW\n".utf8))
    }

    @Test func keyLogRewrittenToTheSameOrLargerSizeIsReadAgain() throws {
        let path = Self.temporaryPath(), replacement = Self.temporaryPath()
        defer { for file in [path, replacement] { try? FileManager.default.removeItem(atPath: file) } }
        let tail = KeyLogTail(path: path)
        _ = FileManager.default.createFile(atPath: path, contents: Data("AAAA\n".utf8))
        #expect(tail.poll() == Array("AAAA\n".utf8))
        // In place, same size: the bytes already handed out changed.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("BBBB\n".utf8))
        try handle.close()
        #expect(tail.poll() == Array("BBBB\n".utf8))
        // Replaced by rename with a larger file: another inode.
        _ = FileManager.default.createFile(atPath: replacement, contents: Data("CCCC\nDDDD\n".utf8))
        #expect(rename(replacement, path) == 0)
        #expect(tail.poll() == Array("CCCC\nDDDD\n".utf8))
        #expect(tail.poll().isEmpty)
    }

    @Test func keyLogLineLongerThanTheReadLimitIsSkippedNotStalling() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tail = KeyLogTail(path: path)
        let long = [UInt8](repeating: 0x41, count: KeyLogTail.maximumRead + 5000)
        _ = FileManager.default.createFile(atPath: path, contents: Data(long))
        #expect(tail.poll().isEmpty)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("AAAA\nNEXT\n".utf8))
        try handle.close()
        // The rest of the long line, up to its newline, is dropped; the next line comes out.
        #expect(tail.poll() == Array("NEXT\n".utf8))
        #expect(tail.poll().isEmpty)
    }
}
