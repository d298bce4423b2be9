/// Presentation format: labels joined by dots with a trailing dot, escaped as in zone files (RFC 1035 §5.1, RFC 4343).
extension DNSName: CustomStringConvertible, LosslessStringConvertible {
    /// The name as text, e.g. `Chromecast-1a2b._googlecast._tcp.local.`.
    ///
    /// A dot or backslash inside a label becomes `\.` / `\\`; control bytes, DEL and bytes that are not part of valid
    /// UTF-8 become `\DDD` (decimal); valid UTF-8 text, spaces included, is kept as DNS-SD instance names use it.
    public var description: String {
        if isRoot { return "." }
        // Built as UTF-8 bytes and made a String once: appending scalars to a String one by one cost more than
        // decoding the whole message (the inspector renders every name it reports).
        var out: [UInt8] = []
        out.reserveCapacity(wireLength + 8)
        appendPresentation(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `description`'s UTF-8 bytes to `out` (no String made: JSON output writes names this way).
    public func appendPresentation(to out: inout [UInt8]) {
        if isRoot {
            out.append(UInt8(ascii: "."))
            return
        }
        forEachLabel { label in
            DNSName.appendLabel(label, to: &out)
            out.append(UInt8(ascii: "."))
        }
    }

    /// Parses presentation format (`\.`, `\\`, `\DDD` escapes; the trailing dot is optional; "." is the root).
    public init?(_ text: String) {
        if text == "." {
            self = .root
            return
        }
        guard !text.isEmpty else { return nil }
        var labels: [[UInt8]] = []
        var label: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        var ended = false
        while let byte = bytes.popFirst() {
            if ended { return nil }
            switch byte {
            case UInt8(ascii: "."):
                guard !label.isEmpty else { return nil }
                labels.append(label)
                label = []
                if bytes.isEmpty { ended = true }
            case UInt8(ascii: "\\"):
                guard let next = bytes.popFirst() else { return nil }
                if next >= 0x30, next <= 0x39 {
                    guard bytes.count >= 2, let d2 = bytes.popFirst(), let d3 = bytes.popFirst(),
                          (0x30...0x39).contains(d2), (0x30...0x39).contains(d3) else { return nil }
                    let value = Int(next - 0x30) * 100 + Int(d2 - 0x30) * 10 + Int(d3 - 0x30)
                    guard value <= 255 else { return nil }
                    label.append(UInt8(value))
                } else {
                    label.append(next)
                }
            default:
                label.append(byte)
            }
        }
        if !label.isEmpty { labels.append(label) }
        guard let name = DNSName(labels: labels) else { return nil }
        self = name
    }

    static func appendLabel(_ label: ArraySlice<UInt8>, to out: inout [UInt8]) {
        // Most labels are printable ASCII without dots or backslashes: copied in one go.
        if label.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x2E && $0 != 0x5C }) {
            out.append(contentsOf: label)
        } else if label.allSatisfy({ $0 < 0x80 }) {
            for byte in label { appendASCII(byte, to: &out) }
        } else if String(validating: label, as: UTF8.self) != nil {
            // Valid UTF-8: ASCII as above, C1 controls (U+0080…U+009F, encoded C2 80…C2 9F) as escapes of their
            // UTF-8 bytes so the text stays printable and round-trips, every other scalar's bytes unchanged.
            var index = label.startIndex
            while index < label.endIndex {
                let byte = label[index]
                if byte < 0x80 {
                    appendASCII(byte, to: &out)
                } else if byte == 0xC2, index + 1 < label.endIndex, label[index + 1] < 0xA0 {
                    appendDecimalEscape(byte, to: &out)
                    appendDecimalEscape(label[index + 1], to: &out)
                    index += 1
                } else {
                    out.append(byte)
                }
                index += 1
            }
        } else {
            for byte in label {
                if byte < 0x80 { appendASCII(byte, to: &out) } else { appendDecimalEscape(byte, to: &out) }
            }
        }
    }

    private static func appendASCII(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "\\"):
            out.append(UInt8(ascii: "\\"))
            out.append(byte)
        case 0..<0x20, 0x7F:
            appendDecimalEscape(byte, to: &out)
        default:
            out.append(byte)
        }
    }

    private static func appendDecimalEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        out.append(0x30 + byte / 100)
        out.append(0x30 + byte / 10 % 10)
        out.append(0x30 + byte % 10)
    }
}
