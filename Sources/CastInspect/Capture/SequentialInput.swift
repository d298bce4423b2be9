#if canImport(Glibc)
import Glibc
#endif

/// A capture's bytes read front to back through one buffer: from a regular file in 1 MiB reads, from a pipe as
/// its bytes arrive (a read returns once the bytes asked for are there, so a capture still being written is
/// inspected packet by packet, never held back for a full buffer).
///
/// The pcapng and streamed classic readers use it: they only ever move forward, so nothing is kept behind the
/// bytes last returned.
final class SequentialInput {
    /// Offset in the input of the next byte `read` returns.
    private(set) var position = 0
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    /// True once a read returned 0 (end of file) or failed.
    private(set) var atEnd = false
    /// The errno of a failed read, 0 when none.
    private(set) var readError: Int32 = 0
    private let chunk: Int

    /// Reads `fd` (closed with this object when `ownsDescriptor`); `chunk` is the most one read(2) asks for.
    init(fd: Int32, ownsDescriptor: Bool, chunk: Int = 1 << 20) {
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
        self.chunk = max(4096, chunk)
        buffer = [UInt8](repeating: 0, count: self.chunk)
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Up to `count` bytes (fewer only at the end of the input), consumed.
    func read(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        fill(count)
        let taken = min(count, end - start)
        let bytes = Array(buffer[start..<start + taken])
        start += taken
        position += taken
        return bytes
    }

    /// Makes at least `count` unread bytes available, or as many as remain.
    private func fill(_ count: Int) {
        if end - start >= count || atEnd { return }
        // Move what is unread to the front, and grow for a record larger than the buffer (bounded by callers).
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                base.update(from: base + start, count: end - start)
            }
            end -= start
            start = 0
        }
        if buffer.count < count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
        while end < count {
            let room = buffer.count - end
            let got = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Glibc.read(fd, base + end, room)
            }
            if got < 0, errno == EINTR { continue }
            if got <= 0 {
                if got < 0 { readError = errno }
                atEnd = true
                return
            }
            end += got
        }
    }
}
