import CastLog
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes a pcapng file as packets come: Section Header and Interface Description first, then Enhanced Packet
/// Blocks, with Decryption Secrets Blocks for key-log text inserted wherever the caller adds them (before the
/// packets that need them), so the file decrypts on its own in Wireshark and `castscope inspect`.
///
/// Blocks are buffered (64 KiB) and written by `flush()`, which the capture loop calls when it is idle; `close()`
/// flushes. The file is created 0600: with secrets in it, it is as sensitive as the key log.
public final class PcapngWriter {
    /// Why the file cannot be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The path.
        public var path: String
        /// errno of the failed call.
        public var code: Int32
        /// `PATH: reason`.
        public var description: String { "\(path): \(String(cString: strerror(code)))" }
    }

    /// The path written.
    public let path: String
    /// Packets written.
    public private(set) var packets = 0
    /// Decryption Secrets Blocks written.
    public private(set) var secretsBlocks = 0
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    /// Creates (or truncates) `path` and writes the section and interface headers.
    public init(path: String, linkType: UInt32, snapshotLength: UInt32, interface: String?) throws(WriteError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(path: path, code: errno) }
        buffer = PcapngBlocks.sectionHeader(application: "castscope")
            + PcapngBlocks.interfaceDescription(linkType: linkType, snapshotLength: snapshotLength, name: interface)
        try flush()
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Adds one packet.
    public func write(_ packet: CapturedPacket) throws(WriteError) {
        let microseconds = UInt64(max(0, packet.time.seconds)) &* 1_000_000 &+ UInt64(max(0, packet.time.microseconds))
        buffer += PcapngBlocks.enhancedPacket(microseconds: microseconds, captured: packet.bytes,
                                              originalLength: packet.originalLength)
        packets += 1
        if buffer.count >= 64 * 1024 { try flush() }
    }

    /// Adds key-log text (whole lines) as a Decryption Secrets Block.
    public func writeSecrets(_ keyLog: [UInt8]) throws(WriteError) {
        guard !keyLog.isEmpty else { return }
        buffer += PcapngBlocks.decryptionSecrets(keyLog: keyLog)
        secretsBlocks += 1
    }

    /// Writes what is buffered.
    public func flush() throws(WriteError) {
        var written = 0
        while written < buffer.count {
            let count = buffer[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: path, code: errno)
            }
            written += count
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    public func close() throws(WriteError) {
        defer {
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }
        guard descriptor >= 0 else { return }
        try flush()
    }
}
