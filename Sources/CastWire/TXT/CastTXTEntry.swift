/// One `key=value` string of a TXT record (RFC 6763 §6.3), as written.
public struct CastTXTEntry: Sendable, Hashable {
    /// The key as written (keys compare case-insensitively).
    public var key: String
    /// The value bytes; nil when the string had no `=` (a boolean attribute).
    public var value: [UInt8]?

    /// Creates an entry.
    public init(key: String, value: [UInt8]?) {
        self.key = key
        self.value = value
    }

    /// The value as UTF-8 text (invalid bytes replaced), nil when absent.
    public var text: String? { value.map { String(decoding: $0, as: UTF8.self) } }
}
