/// A domain name as a sequence of labels (RFC 1035 §3.1), stored uncompressed in wire form without the root byte.
///
/// Labels are raw bytes: DNS-SD instance names may hold spaces, dots and UTF-8 (RFC 6763 §4.3), so nothing is
/// decoded until `description` renders the presentation form. Equality compares bytes exactly; use
/// `isEquivalent(to:)` for DNS's ASCII case-insensitive comparison.
public struct DNSName: Sendable, Hashable {
    /// Length-prefixed labels, without the terminating zero byte; empty for the root.
    public private(set) var wire: [UInt8]

    /// The longest name, in wire form including the root byte (RFC 1035 §2.3.4).
    public static let maximumWireLength = 255
    /// The longest label (RFC 1035 §2.3.4).
    public static let maximumLabelLength = 63

    /// The root name ".".
    public static let root = DNSName(uncheckedWire: [])

    /// Wraps bytes already known to be valid labels.
    init(uncheckedWire: [UInt8]) { wire = uncheckedWire }

    /// A name from its labels; nil when a label is empty or longer than 63 bytes or the name exceeds 255 bytes.
    public init?<Label: Collection>(labels: [Label]) where Label.Element == UInt8 {
        var bytes: [UInt8] = []
        for label in labels {
            guard !label.isEmpty, label.count <= DNSName.maximumLabelLength else { return nil }
            bytes.append(UInt8(label.count))
            bytes.append(contentsOf: label)
        }
        guard bytes.count + 1 <= DNSName.maximumWireLength else { return nil }
        wire = bytes
    }

    /// Length in wire form, uncompressed, including the root byte.
    public var wireLength: Int { wire.count + 1 }

    /// True for ".".
    public var isRoot: Bool { wire.isEmpty }

    /// The labels, most specific first.
    public var labels: [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var index = 0
        while index < wire.count {
            let length = Int(wire[index])
            result.append(wire[index + 1..<index + 1 + length])
            index += 1 + length
        }
        return result
    }

    /// Number of labels (0 for the root).
    public var labelCount: Int {
        var count = 0
        var index = 0
        while index < wire.count {
            count += 1
            index += 1 + Int(wire[index])
        }
        return count
    }

    /// The name without its first `count` labels (the root when `count` ≥ `labelCount`).
    public func dropFirst(_ count: Int) -> DNSName {
        var index = 0
        var dropped = 0
        while index < wire.count, dropped < count {
            index += 1 + Int(wire[index])
            dropped += 1
        }
        return DNSName(uncheckedWire: Array(wire[index...]))
    }

    /// True when the label at `index` equals `ascii`, ignoring ASCII case.
    public func label(_ index: Int, equalsIgnoringCase ascii: String) -> Bool {
        var position = 0
        var current = 0
        while position < wire.count {
            let length = Int(wire[position])
            if current == index {
                let label = wire[position + 1..<position + 1 + length]
                return DNSName.asciiEqualIgnoringCase(label, Array(ascii.utf8)[...])
            }
            current += 1
            position += 1 + length
        }
        return false
    }

    /// DNS name equality: same labels, ASCII letters compared without case (RFC 4343).
    public func isEquivalent(to other: DNSName) -> Bool {
        DNSName.asciiEqualIgnoringCase(wire[...], other.wire[...])
    }

    /// A copy with ASCII letters lower-cased, for use as a case-insensitive key.
    public var lowercased: DNSName {
        DNSName(uncheckedWire: wire.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
    }

    static func asciiEqualIgnoringCase(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            let la = a >= 0x41 && a <= 0x5A ? a | 0x20 : a
            let lb = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            if la != lb { return false }
        }
        return true
    }
}
