public import CastJSON

/// Builds a JSON object from a model: known keys in the model's order, `nil` values left out, unknown members last.
public struct CastPayloadWriter: Sendable {
    /// The object built so far.
    public private(set) var object = JSONObject()

    /// An empty object.
    public init() {}

    /// Sets `key` to `value` unless it is `nil`.
    public mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { object[key] = value }
    }

    /// Sets a string member.
    public mutating func set(_ key: String, _ value: String?) { set(key, value.map(JSONValue.string)) }
    /// Sets an integer member.
    public mutating func set(_ key: String, _ value: Int64?) { set(key, value.map(JSONValue.int)) }
    /// Sets a number member.
    public mutating func set(_ key: String, _ value: Double?) { set(key, value.map(JSONValue.double)) }
    /// Sets a boolean member.
    public mutating func set(_ key: String, _ value: Bool?) { set(key, value.map(JSONValue.bool)) }
    /// Sets an object member.
    public mutating func set(_ key: String, _ value: JSONObject?) { set(key, value.map(JSONValue.object)) }
    /// Sets an array-of-strings member.
    public mutating func set(_ key: String, _ value: [String]?) { set(key, value.map { .array($0.map(JSONValue.string)) }) }
    /// Sets an array-of-integers member.
    public mutating func set(_ key: String, _ value: [Int64]?) { set(key, value.map { .array($0.map(JSONValue.int)) }) }

    /// Sets a nested model.
    public mutating func set<T: CastPayloadModel>(_ key: String, model: T?) { set(key, model.map(\.json)) }

    /// Sets an array of nested models.
    public mutating func set<T: CastPayloadModel>(_ key: String, models: [T]?) {
        set(key, models.map { .array($0.map(\.json)) })
    }

    /// Appends members kept from decoding; keys already written win.
    public mutating func appendUnknown(_ unknown: JSONObject) {
        for member in unknown where object[member.key] == nil { object.appendUnchecked(member.key, member.value) }
    }
}
