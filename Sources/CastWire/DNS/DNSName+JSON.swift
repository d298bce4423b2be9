public import CastJSON

/// Names written into JSON output without a String: plain names (the common case) are copied label by label from
/// the message they were decoded from; others go through `appendPresentation` and the emitter's escaping.
extension DNSName: JSONStringSource {
    public func appendPlainJSONString(to out: inout OutputBuffer) -> Bool {
        switch storage {
        case .owned(let wire):
            // Owned labels end at the array's end: the walk stops there (there is no root byte to meet).
            wire.withUnsafeBufferPointer { Self.appendPlainJSONString(labelsIn: $0, from: 0, base: 0, to: &out) }
        case .compressed(let message, let start, let base):
            message.withUnsafeBufferPointer { Self.appendPlainJSONString(labelsIn: $0, from: start, base: base, to: &out) }
        }
    }

    /// Writes the name whose validated walk starts at `start` in `bytes` (pointers relative to `base`) as a quoted
    /// JSON string when it is plain, and returns true; returns false having written nothing otherwise. One pass:
    /// each label is checked and copied; a label that needs escaping takes back what was written.
    ///
    /// With `rendered`, a pointer to a suffix this message's JSON already holds copies that text from earlier in
    /// `out` instead of walking the labels again (a query's known answers end in the few names of its questions),
    /// and the name's own first suffix is noted for the names after it.
    static func appendPlainJSONString(labelsIn bytes: UnsafeBufferPointer<UInt8>, from start: Int, base: Int,
                                      to out: inout OutputBuffer,
                                      rendered: UnsafeMutablePointer<RenderedSuffixes>? = nil) -> Bool {
        let quote = UInt8(ascii: "\""), dot = UInt8(ascii: ".")
        let begin = out.count
        out.appendByte(quote)
        var index = start
        // The first pointer's target and where its labels' text begins in `out`.
        var jump = -1, jumpOffset = 0
        // SAFETY: the walk was validated when the name was decoded or built (in bounds, terminating); the index
        // checks and the step cap only guard misuse.
        walking: for _ in 0..<(DNSName.maximumWireLength + DNSName.maximumStepsAfterJump) {
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == 0 { break }
            if byte & 0xC0 == 0xC0 {
                guard index + 1 < bytes.count else { break }
                index = base + Int(UInt16(byte & 0x3F) << 8 | UInt16(bytes[index + 1]))
                if let rendered, let text = rendered.pointee.text(at: index) {
                    out.appendCopy(of: text)
                    break walking
                }
                if jump < 0 {
                    jump = index
                    jumpOffset = out.count
                }
                continue
            }
            let length = Int(byte)
            guard index + 1 + length <= bytes.count else { break }
            let label = UnsafeBufferPointer(rebasing: bytes[index + 1..<index + 1 + length])
            guard isPlain(label) else {
                out.truncate(to: begin)
                return false
            }
            out.appendBytes(label)
            out.appendByte(dot)
            index += 1 + length
        }
        if jump >= 0, out.count > jumpOffset { rendered?.pointee.note(jump, text: jumpOffset..<out.count) }
        // The root is "." (a name of no labels).
        if out.count == begin + 1 { out.appendByte(dot) }
        out.appendByte(quote)
        return true
    }

    /// Where the text of a few name suffixes (labels from a pointer's target on, each with its dot) lies in the JSON
    /// being written for one message.
    struct RenderedSuffixes {
        private var targets = SIMD8<Int>(repeating: -1)
        private var starts = SIMD8<Int>()
        private var ends = SIMD8<Int>()
        private var next = 0

        /// The text of the suffix that starts at `target` in the packet, if written.
        func text(at target: Int) -> Range<Int>? {
            for slot in 0..<8 where targets[slot] == target { return starts[slot]..<ends[slot] }
            return nil
        }

        /// Notes that the suffix starting at `target` was written as `text`, replacing the oldest note.
        mutating func note(_ target: Int, text: Range<Int>) {
            targets[next] = target
            starts[next] = text.lowerBound
            ends[next] = text.upperBound
            next = (next + 1) & 7
        }
    }

    public func appendUTF8(to bytes: inout [UInt8]) { appendPresentation(to: &bytes) }

    /// True when every byte is printable ASCII that neither the presentation form (dot, backslash) nor JSON
    /// (quote) escapes: eight bytes at a time, with the bit tricks of `JSONString`.
    @inline(__always)
    private static func isPlain(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = label.baseAddress else { return true }
        var index = 0
        while index + 8 <= label.count {
            // SAFETY: index + 8 <= count, so the eight bytes are inside the label; loadUnaligned allows any address.
            if !isPlain(word: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return false }
            index += 8
        }
        while index < label.count {
            let byte = base[index]
            if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x2E || byte == 0x5C { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    private static func isPlain(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20, or 0x7F and above (DEL, non-ASCII): 0x7F + 1 carries into the high bit.
        let control = (word &- ones &* 0x20) & ~word & highs
        let high = (word | ((word & ~highs) &+ ones)) & highs
        func has(_ byte: UInt64) -> Bool {
            let x = word ^ (ones &* byte)
            return (x &- ones) & ~x & highs != 0
        }
        return control == 0 && high == 0 && !has(0x22) && !has(0x2E) && !has(0x5C)
    }
}

extension DNSIPv4Address: JSONStringSource {
    public func appendPlainJSONString(to out: inout OutputBuffer) -> Bool {
        out.appendByte(UInt8(ascii: "\""))
        for shift in stride(from: UInt32(24), through: 0, by: -8) {
            if shift != 24 { out.appendByte(UInt8(ascii: ".")) }
            let octet = UInt8(truncatingIfNeeded: value >> shift)
            if octet >= 100 { out.appendByte(UInt8(ascii: "0") &+ octet / 100) }
            if octet >= 10 { out.appendByte(UInt8(ascii: "0") &+ octet / 10 % 10) }
            out.appendByte(UInt8(ascii: "0") &+ octet % 10)
        }
        out.appendByte(UInt8(ascii: "\""))
        return true
    }

    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: description.utf8) }
}

extension DNSIPv6Address: JSONStringSource {
    public func appendPlainJSONString(to out: inout OutputBuffer) -> Bool {
        // Hex digits and colons: nothing to escape.
        JSONString.appendQuoted(description, to: &out)
        return true
    }

    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: description.utf8) }
}
