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
        /// Our reason, when it says more than errno's text.
        public var reason: String? = nil
        /// `PATH: reason`.
        public var description: String { "\(path): \(reason ?? String(cString: strerror(code)))" }
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
    ///
    /// The file ends up 0600 even when it existed with wider permissions, and only a regular file is written: a
    /// symbolic link (planted where root writes) or a FIFO or device is refused, so secrets go nowhere else.
    public init(path: String, linkType: UInt32, snapshotLength: UInt32, interface: String?) throws(WriteError) {
        self.path = path
        descriptor = try Self.openPrivateRegularFile(path)
        buffer = PcapngBlocks.sectionHeader(application: "castscope")
            + PcapngBlocks.interfaceDescription(linkType: linkType, snapshotLength: snapshotLength, name: interface)
        try flush()
    }

    /// Opens `path` for writing without following a final symbolic link (O_NONBLOCK: a FIFO without a reader must
    /// not hang the open), checks it is a regular file, makes it 0600, then truncates it.
    private static func openPrivateRegularFile(_ path: String) throws(WriteError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw WriteError(path: path, code: code, reason: code == ELOOP ? "is a symbolic link; not followed" : nil)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw WriteError(path: path, code: code)
        }
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            Glibc.close(descriptor)
            throw WriteError(path: path, code: EINVAL, reason: "not a regular file")
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard fchmod(descriptor, 0o600) == 0, ftruncate(descriptor, 0) == 0,
            flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0
        else {
            let code = errno
            Glibc.close(descriptor)
            throw WriteError(path: path, code: code)
        }
        return descriptor
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
