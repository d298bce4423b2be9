/// Hex text to bytes and back, for `--hex` input and for raw bytes shown in JSON.
public enum HexText {
    /// Why hex text could not be read, with the offset (in UTF-8 bytes) of the problem.
    public struct DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public enum Kind: Sendable, Hashable {
            /// A character that is neither a hex digit nor whitespace.
            case invalidCharacter
            /// The digits do not pair up into bytes.
            case oddDigitCount
        }

        /// What is wrong.
        public var kind: Kind
        /// UTF-8 offset of the bad character, or of the end for `oddDigitCount`.
        public var offset: Int

        /// A one-line explanation.
        public var description: String {
            switch kind {
            case .invalidCharacter: "hex text: invalid character at offset \(offset)"
            case .oddDigitCount: "hex text: odd number of hex digits"
            }
        }
    }

    /// The bytes spelled by `text`; ASCII whitespace anywhere is ignored, digits may be upper or lower case.
    public static func bytes(from text: String) throws(DecodeError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        for (offset, character) in text.utf8.enumerated() {
            let nibble: UInt8
            switch character {
            case 0x30...0x39: nibble = character - 0x30
            case 0x41...0x46: nibble = character - 0x41 + 10
            case 0x61...0x66: nibble = character - 0x61 + 10
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: continue
            default: throw DecodeError(kind: .invalidCharacter, offset: offset)
            }
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil else { throw DecodeError(kind: .oddDigitCount, offset: text.utf8.count) }
        return result
    }

    /// Lower-case hex digits, two per byte, no separators.
    public static func string<Bytes: Sequence>(from bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
