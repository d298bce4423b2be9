/// A metadata value attached to a log record.
public enum LogValue: Sendable, Hashable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    /// A value the caller marks secret: redacted before any sink unless redaction is off.
    case secret(String)

    /// The value as text (secrets unredacted: callers decide).
    public var text: String {
        switch self {
        case .string(let value), .secret(let value): return value
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        }
    }
}

extension LogValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByStringInterpolation
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// One key/value of a record's metadata; keys are lower-case and dotted (`cast.ns`, `net.peer`).
public struct LogField: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The value.
    public var value: LogValue

    /// A field `key = value`.
    public init(_ key: String, _ value: LogValue) {
        self.key = key
        self.value = value
    }
}

/// Ordered metadata of a record, written as a dictionary literal at call sites: `["cast.ns": "…", "cast.request_id": 3]`.
public struct LogMetadata: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order given.
    public var fields: [LogField]

    /// Empty metadata.
    public init() { fields = [] }

    /// Metadata with `fields`.
    public init(_ fields: [LogField]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, LogValue)...) {
        fields = elements.map { LogField($0.0, $0.1) }
    }

    /// True when there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field named `key`.
    public subscript(key: String) -> LogValue? {
        fields.first { $0.key == key }?.value
    }

    /// Appends a field.
    public mutating func append(_ key: String, _ value: LogValue) {
        fields.append(LogField(key, value))
    }

    public func makeIterator() -> IndexingIterator<[LogField]> { fields.makeIterator() }
}
