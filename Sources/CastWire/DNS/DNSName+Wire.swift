/// Reading names with compression pointers (RFC 1035 §4.1.4).
extension DNSName {
    /// The most label-or-pointer steps a name may take after its first pointer; a valid name has at most 127 labels,
    /// so anything beyond this is a pointer loop or an absurd pointer chain.
    static let maximumStepsAfterJump = 256

    /// The outcome of walking a name once: where its in-place part ends and its length, or why it is invalid.
    private struct Walk {
        var inPlaceEnd = -1
        var length = 0
        var forwardAt = -1
        var error: DNSError.Kind?
        var errorOffset = 0
        var needed: Int?
        var available: Int?
    }

    /// Reads a possibly compressed name at `reader.position` and moves the reader past its in-place part.
    ///
    /// The in-place part must lie before `reader.limit` (for names inside record data: the RDATA end); pointers may
    /// target any byte of `message` (absolute offsets into `reader.storage`). Forward pointers are followed, as
    /// tshark and common resolvers do; the offset of the first one is returned so the caller can warn.
    /// The name is validated once here; the caller views the message bytes through the returned place.
    /// On a throw the reader does not move; errors carry the `.header` section and no index until the caller
    /// places them.
    /// `memo` holds the suffixes of this message that earlier names' first pointers led to: a name whose first
    /// pointer meets one takes its length from there instead of walking it again (a query's known answers all end in
    /// the few names of its questions).
    static func read(from reader: inout ByteReader, message: Range<Int>, memo: inout SuffixMemo) throws(DNSError)
        -> (name: DNSMessageLayout.NameSpan, forwardPointerAt: Int?) {
        let start = reader.position
        let limit = reader.limit
        let walk = reader.storage.withUnsafeBufferPointer { bytes in
            DNSName.walk(bytes, start: start, limit: limit, message: message, memo: &memo)
        }
        if let kind = walk.error {
            throw DNSError(kind, section: .header, offset: walk.errorOffset, needed: walk.needed,
                           available: walk.available)
        }
        _ = reader.skip(walk.inPlaceEnd - start)
        let forwardAt = walk.forwardAt >= 0 ? walk.forwardAt : nil
        // A valid name is at most 254 bytes without its root byte (the walk refused longer ones).
        return (DNSMessageLayout.NameSpan(start: start, labelBytes: UInt8(truncatingIfNeeded: walk.length)), forwardAt)
    }

    /// Follows labels and pointers from `start`, checking every access against `limit` (before the first pointer)
    /// or the message end (after it). A revisited position means a loop; the step cap bounds the work per name.
    @inline(__always)
    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, limit: Int,
                             message: Range<Int>, memo: inout SuffixMemo) -> Walk {
        var walk = Walk()
        var position = start
        var limit = min(limit, bytes.count)
        var tooLongAt = -1
        var steps = 0
        // The first pointer's target, the length before it and the first forward pointer after it: the suffix to
        // remember.
        var jump = -1, lengthBeforeJump = 0, suffixForward = -1
        while true {
            guard position < limit else {
                walk.error = .truncated
                walk.errorOffset = position
                walk.needed = 1
                walk.available = 0
                return walk
            }
            // SAFETY: position < limit <= bytes.count.
            let byte = bytes[position]
            if byte == 0 {
                if walk.inPlaceEnd < 0 { walk.inPlaceEnd = position + 1 }
                break
            }
            if walk.inPlaceEnd >= 0 {
                steps &+= 1
                if steps > maximumStepsAfterJump {
                    walk.error = .pointerLoop
                    walk.errorOffset = position
                    return walk
                }
            }
            if byte < 0x40 {
                let labelLength = Int(byte)
                // Wrapping arithmetic: every value here is bounded by the buffer size (far from Int.max).
                guard limit &- position &- 1 >= labelLength else {
                    walk.error = .truncated
                    walk.errorOffset = position + 1
                    walk.needed = labelLength
                    walk.available = limit - position - 1
                    return walk
                }
                walk.length &+= 1 &+ labelLength
                if walk.length >= maximumWireLength, tooLongAt < 0 { tooLongAt = position }
                position &+= 1 &+ labelLength
            } else if byte >= 0xC0 {
                guard limit &- position >= 2 else {
                    walk.error = .truncated
                    walk.errorOffset = position
                    walk.needed = 2
                    walk.available = limit - position
                    return walk
                }
                // SAFETY: position + 1 < limit, checked above.
                let target = message.lowerBound &+ (Int(byte & 0x3F) << 8 | Int(bytes[position &+ 1]))
                guard target < message.upperBound else {
                    walk.error = .pointerOutOfBounds
                    walk.errorOffset = position
                    return walk
                }
                if target == position {
                    walk.error = .pointerLoop
                    walk.errorOffset = position
                    return walk
                }
                if target > position {
                    if walk.forwardAt < 0 { walk.forwardAt = position }
                    if walk.inPlaceEnd >= 0, suffixForward < 0 { suffixForward = position }
                }
                if walk.inPlaceEnd < 0 {
                    walk.inPlaceEnd = position + 2
                    limit = min(message.upperBound, bytes.count)
                    if let known = memo.suffix(at: target), walk.length + known.length < maximumWireLength {
                        // Walked before from here, to a valid end within the same bounds and step cap.
                        walk.length += known.length
                        if walk.forwardAt < 0, known.forwardAt >= 0 { walk.forwardAt = known.forwardAt }
                        return walk
                    }
                    jump = target
                    lengthBeforeJump = walk.length
                }
                position = target
            } else {
                walk.error = .reservedLabelType
                walk.errorOffset = position
                return walk
            }
        }
        if tooLongAt >= 0 {
            walk.error = .nameTooLong
            walk.errorOffset = tooLongAt
        } else if jump >= 0 {
            memo.remember(jump, length: walk.length - lengthBeforeJump, forwardAt: suffixForward)
        }
        return walk
    }

    /// The last few name suffixes a message's first pointers led to: where each starts, its length in wire form
    /// without the root byte, and the first forward pointer in it (-1 when none). Valid for one message.
    struct SuffixMemo {
        private var starts = SIMD8<Int>(repeating: -1)
        private var lengths = SIMD8<Int>()
        private var forwards = SIMD8<Int>()
        private var next = 0

        /// The suffix that starts at `start`, if remembered.
        func suffix(at start: Int) -> (length: Int, forwardAt: Int)? {
            for index in 0..<8 where starts[index] == start { return (lengths[index], forwards[index]) }
            return nil
        }

        /// Remembers a suffix walked to a valid end, replacing the oldest.
        mutating func remember(_ start: Int, length: Int, forwardAt: Int) {
            starts[next] = start
            lengths[next] = length
            forwards[next] = forwardAt
            next = (next + 1) & 7
        }
    }
}
