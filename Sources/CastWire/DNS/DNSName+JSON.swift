public import CastJSON

/// Names written into JSON output without a String: plain names (the common case) are copied label by label from
/// the message they were decoded from; others go through `appendPresentation` and the emitter's escaping.
extension DNSName: JSONStringSource {
    public func appendPlainJSONString<Output: ByteOutput & ~Copyable>(to out: inout Output) -> Bool {
        let quote = UInt8(ascii: "\"")
        let dot = UInt8(ascii: ".")
        if isRoot {
            out.appendByte(quote)
            out.appendByte(dot)
            out.appendByte(quote)
            return true
        }
        return storageBytes.withUnsafeBufferPointer { bytes in
            var plain = true
            forEachLabelOffset { start, length in
                guard plain else { return }
                // SAFETY: the label's range was validated when the name was decoded or built.
                for byte in UnsafeBufferPointer(rebasing: bytes[start..<start + length]) where !Self.isPlain(byte) {
                    plain = false
                    return
                }
            }
            guard plain else { return false }
            out.appendByte(quote)
            forEachLabelOffset { start, length in
                out.appendBytes(UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
                out.appendByte(dot)
            }
            out.appendByte(quote)
            return true
        }
    }

    public func appendUTF8(to bytes: inout [UInt8]) { appendPresentation(to: &bytes) }

    /// Printable ASCII that neither the presentation form (dot, backslash) nor JSON (quote) escapes.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x2E && byte != 0x5C
    }
}

extension DNSIPv4Address: JSONStringSource {
    public func appendPlainJSONString<Output: ByteOutput & ~Copyable>(to out: inout Output) -> Bool {
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
    public func appendPlainJSONString<Output: ByteOutput & ~Copyable>(to out: inout Output) -> Bool {
        // Hex digits and colons: nothing to escape.
        JSONString.appendQuoted(description, to: &out)
        return true
    }

    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: description.utf8) }
}
