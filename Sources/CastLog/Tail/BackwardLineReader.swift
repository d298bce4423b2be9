#if canImport(Glibc)
import Glibc
#endif

/// Reads a file's complete lines from its end backwards in chunks (`pread`, so the descriptor's position is left
/// alone), for `tail -n`: the cost is what is read, not the file's size.
struct BackwardLineReader {
    let descriptor: Int32
    /// The file's size when reading began.
    let size: Int64
    let maximumLineLength: Int
    /// Where the complete lines end: just after the last newline (0 when there is none). What follows is a last
    /// line still being written, left to the forward read.
    private(set) var completeEnd: Int64 = 0
    /// The errno of a failed read, if one failed.
    private(set) var failure: Int32?
    /// How many bytes were read, to show the cost follows what is shown.
    private(set) var bytesRead = 0

    init(descriptor: Int32, size: Int64, maximumLineLength: Int) {
        self.descriptor = descriptor
        self.size = size
        self.maximumLineLength = maximumLineLength
    }

    /// Hands lines (without `\n` or a `\r` before it) to `line`, newest first, until it returns false; a line over
    /// the maximum is reported to `overlong` with its length instead. `buffer` is the caller's read buffer.
    mutating func read(into buffer: inout [UInt8], overlong: (Int) -> Void, line: (String) -> Bool) {
        var position = size
        var foundNewline = false
        // The part of the current line that lies after the chunk being scanned, in file order; its full length is
        // counted even when it is too long to keep.
        var carry: [UInt8] = []
        var carryLength = 0
        while position > 0 {
            let chunkStart = max(0, position - Int64(buffer.count))
            let count = Int(position - chunkStart)
            guard readFully(&buffer, count: count, at: chunkStart) else { return }
            var segmentEnd = count
            var index = count - 1
            while index >= 0 {
                if buffer[index] == 0x0A {
                    if foundNewline {
                        let keepGoing = deliver(buffer[(index + 1)..<segmentEnd], carry: &carry,
                                                carryLength: &carryLength, overlong: overlong, line: line)
                        if !keepGoing { return }
                    } else {
                        foundNewline = true
                        completeEnd = chunkStart + Int64(index) + 1
                        carry.removeAll()
                        carryLength = 0
                    }
                    segmentEnd = index
                }
                index -= 1
            }
            if foundNewline { prepend(buffer[0..<segmentEnd], to: &carry, length: &carryLength) }
            position = chunkStart
        }
        if foundNewline {
            _ = deliver(buffer[0..<0], carry: &carry, carryLength: &carryLength, overlong: overlong, line: line)
        }
    }

    /// Delivers `head` followed by the carried tail as one line; returns whether more lines are wanted.
    private func deliver(_ head: ArraySlice<UInt8>, carry: inout [UInt8], carryLength: inout Int,
                         overlong: (Int) -> Void, line: (String) -> Bool) -> Bool {
        defer {
            carry.removeAll(keepingCapacity: true)
            carryLength = 0
        }
        let length = head.count + carryLength
        guard length <= maximumLineLength else {
            overlong(length)
            return true
        }
        var bytes = Array(head)
        bytes.append(contentsOf: carry)
        if bytes.last == 0x0D { bytes.removeLast() }
        return line(String(decoding: bytes, as: UTF8.self))
    }

    /// Puts `bytes` in front of the carried part of a line, keeping nothing once it is too long to deliver.
    private func prepend(_ bytes: ArraySlice<UInt8>, to carry: inout [UInt8], length: inout Int) {
        length += bytes.count
        if length > maximumLineLength {
            carry.removeAll()
        } else {
            carry.insert(contentsOf: bytes, at: 0)
        }
    }

    /// Reads `count` bytes at `offset` into the start of `buffer`; false (with `failure` set) when it cannot.
    private mutating func readFully(_ buffer: inout [UInt8], count: Int, at offset: Int64) -> Bool {
        var done = 0
        while done < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                // SAFETY: done < count <= raw.count, so the destination range lies inside the buffer.
                pread(descriptor, raw.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            if got < 0 {
                failure = errno
                return false
            }
            if got == 0 {
                // The file shrank while being read (copy-truncate): what is left is read forward.
                failure = nil
                return false
            }
            done += got
        }
        bytesRead += count
        return true
    }
}
