/// The last few distinct strings a stream of protobuf messages carried, each made into a `String` once.
///
/// A Cast connection repeats the same namespaces and endpoint IDs in every message; making each anew meant a UTF-8
/// check, an allocation and a copy per field (and a free later), a measurable share of decoding a capture's messages.
public struct ProtoStringCache: Sendable {
    /// Distinct strings a cache remembers unless told otherwise; older ones are replaced in turn.
    public static let defaultCapacity = 8
    /// Longest string remembered, in bytes: IDs and namespaces are short, and a connection's cache must not keep
    /// kilobytes a hostile stream put in them.
    public static let longestRemembered = 256
    /// Distinct strings this cache remembers (0: none, each string is made anew).
    public let capacity: Int
    private var entries: [String] = []
    private var nextReplaced = 0

    /// An empty cache remembering up to `capacity` strings.
    public init(capacity: Int = ProtoStringCache.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// The string of `bytes` if they are UTF-8 (nil if not): the remembered one when the same bytes came before.
    mutating func string(_ bytes: Span<UInt8>) -> String? {
        let remembered = bytes.count <= Self.longestRemembered
        if remembered {
            for entry in entries where entry.utf8.count == bytes.count {
                if Self.equal(entry, bytes) { return entry }
            }
        }
        // One pass: the standard library validates ASCII a word at a time, then copies without validating again
        // (a check of our own first, then String(decoding:), read a 16 KiB payload three times; the generic
        // String(validating:as:) looked up its types at run time on every call).
        guard let text = try? UTF8Span(validating: bytes) else { return nil }
        let string = String(copying: text)
        if !remembered {
            return string
        } else if entries.count < capacity {
            entries.append(string)
        } else if capacity > 0 {
            entries[nextReplaced] = string
            nextReplaced = (nextReplaced + 1) % capacity
        }
        return string
    }

    /// Strings remembered now.
    public var count: Int { entries.count }

    private static func equal(_ string: String, _ bytes: Span<UInt8>) -> Bool {
        let stored = string.utf8.span
        guard stored.count == bytes.count else { return false }
        for index in stored.indices where stored[index] != bytes[index] { return false }
        return true
    }
}
