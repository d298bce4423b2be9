public import CastJSON

/// Names written into JSON output without a String: plain names (the common case) are copied label by label from
/// the message they were decoded from; others go through `appendPresentation` and the emitter's escaping.
extension DNSName: JSONStringSource {
    public func appendPlainJSONString(to out: inout OutputBuffer) -> Bool {
        let quote = UInt8(ascii: "\"")
        let dot = UInt8(ascii: ".")
        if isRoot {
            out.appendByte(quote)
            out.appendByte(dot)
            out.appendByte(quote)
            return true
        }
        // One pass: each label is checked and copied; a label that needs escaping takes back what was written.
        let start = out.count
        out.appendByte(quote)
        let plain = storageBytes.withUnsafeBufferPointer { bytes in
            var plain = true
            forEachLabelOffset { offset, length in
                guard plain else { return }
                // SAFETY: the label's range was validated when the name was decoded or built.
                let label = UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
                guard Self.isPlain(label) else {
                    plain = false
                    return
                }
                out.appendBytes(label)
                out.appendByte(dot)
            }
            return plain
        }
        guard plain else {
            out.truncate(to: start)
            return false
        }
        out.appendByte(quote)
        return true
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
