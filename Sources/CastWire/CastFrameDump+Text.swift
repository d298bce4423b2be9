// Text encodings the frame dump needs (hex input, base64 and hex output), kept here so CastWire stays
// Foundation-free.

extension CastFrameDump {
    /// A hex-text input error: the offending character's offset in the text.
    public struct HexError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Offset in the text of the bad character (or of the end, for an odd digit count).
        public var offset: Int
        /// What is wrong.
        public var reason: String

        /// `hex input: <reason> at offset N`.
        public var description: String { "hex input: \(reason) at offset \(offset)" }
    }

    /// Decodes hex text, ignoring ASCII whitespace; other non-hex characters and an odd digit count are errors.
    public static func hexBytes(from text: [UInt8]) -> Result<[UInt8], HexError> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var high: UInt8?
        for (offset, character) in text.enumerated() {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default:
                return .failure(HexError(offset: offset, reason: "invalid character 0x\(hexString([character]))"))
            }
            if let value = high {
                bytes.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        if high != nil { return .failure(HexError(offset: text.count, reason: "odd number of hex digits")) }
        return .success(bytes)
    }

    /// Lower-case hex, two digits per byte.
    static func hexString<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Standard base64 (RFC 4648 §4) with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = UInt32(bytes[index])
            let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
