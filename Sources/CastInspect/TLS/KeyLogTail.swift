import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Follows a key-log file that grows while a capture runs, handing out each new complete line once.
///
/// `castscope capture --keylog` polls it before writing packets, so every new line goes into a Decryption Secrets
/// Block ahead of the packets that need it, and into the live inspector's key log. A missing file is waited for; a
/// file that was replaced (another inode), shrank, or was rewritten in place (the bytes before the read position
/// changed) is read again from its start. A line longer than `maximumRead` is no key-log line: it is skipped, so
/// it cannot stall the lines after it.
public final class KeyLogTail {
    /// The path followed.
    public let path: String
    /// Bytes handed out (or skipped) so far.
    public private(set) var offset: UInt64 = 0
    /// Most bytes read in one poll (a key log is small; this bounds a runaway file).
    static let maximumRead = 1 << 20
    /// Bytes before `offset` remembered to notice an in-place rewrite.
    static let checkLength = 64
    private var identity: (device: UInt64, inode: UInt64)?
    /// The last bytes before `offset`, as they were when read.
    private var before: [UInt8] = []
    /// True while skipping the rest of an over-long line.
    private var skippingLine = false

    /// A follower of `path`; nothing is read until `poll`.
    public init(path: String) { self.path = path }

    /// The complete lines added since the last poll (with their newlines), or empty.
    public func poll() -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { Glibc.close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return [] }
        let size = UInt64(max(0, info.st_size))
        let current = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        if let identity, identity != current { restart() }
        identity = current
        if size < offset { restart() }
        // The bytes just before the read position are read again; if they differ, the file was rewritten.
        // (Also when the size is unchanged: a rewrite to the same size is noticed before the file grows again.)
        let checkStart = offset - UInt64(before.count)
        guard size > offset || (!before.isEmpty && size == offset) else { return [] }
        let count = Int(min(size - checkStart, UInt64(Self.maximumRead + before.count)))
        var bytes = Self.read(descriptor, at: checkStart, count: count)
        if !before.isEmpty {
            guard bytes.count >= before.count, bytes[..<before.count].elementsEqual(before) else {
                restart()
                return poll()
            }
            bytes.removeFirst(before.count)
        }
        return take(bytes)
    }

    /// Hands out the whole lines at the start of `bytes` (which start at `offset`) and moves past them.
    private func take(_ bytes: [UInt8]) -> [UInt8] {
        var start = 0
        if skippingLine {
            guard let newline = bytes.firstIndex(of: 0x0A) else {
                advance(past: bytes[...])
                return []
            }
            advance(past: bytes[...newline])
            skippingLine = false
            start = newline + 1
        }
        let rest = bytes[start...]
        // Only whole lines: the writer may be in the middle of one.
        guard let lastNewline = rest.lastIndex(of: 0x0A) else {
            if rest.count >= Self.maximumRead {
                // A megabyte without a newline is no key-log line: skip it up to its end.
                advance(past: rest)
                skippingLine = true
            }
            return []
        }
        let lines = rest[...lastNewline]
        advance(past: lines)
        return Array(lines)
    }

    private func advance(past bytes: ArraySlice<UInt8>) {
        offset += UInt64(bytes.count)
        before = Array((before + bytes).suffix(Self.checkLength))
    }

    private func restart() {
        offset = 0
        before = []
        skippingLine = false
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes[done...].withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, $0.count, off_t(offset) + off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes[..<done])
    }
}
