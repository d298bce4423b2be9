public import CastJSON

/// Reads the members of one JSON object into typed values, naming the key path in errors, and remembers which
/// keys were read so the rest can be kept as unknown members.
///
/// Absent keys and `null` read as `nil` (senders omit or null optional keys alike); a present key of the wrong
/// type is an error.
public struct CastPayloadReader: Sendable {
    /// The object being read.
    public let object: JSONObject
    /// The path of the object, e.g. `payload.status[0]`.
    public let path: String
    private var readKeys: Set<String> = []

    /// A reader over `value`, which must be an object.
    public init(_ value: JSONValue, path: String) throws(CastPayloadError) {
        guard case let .object(object) = value else {
            throw CastPayloadError(.wrongType(expected: "object", found: value.typeName), path: path)
        }
        self.object = object
        self.path = path
    }

    /// The path of member `key`.
    public func path(of key: String) -> String { "\(path).\(key)" }

    /// The raw value of `key` (marking it read); `nil` when absent or null.
    public mutating func value(_ key: String) -> JSONValue? {
        readKeys.insert(key)
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> CastPayloadError {
        CastPayloadError(.wrongType(expected: expected, found: value.typeName), path: path(of: key))
    }

    /// A string member.
    public mutating func string(_ key: String) throws(CastPayloadError) -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.stringValue else { throw mismatch(key, "string", value) }
        return string
    }

    /// A string member that must be present.
    public mutating func requiredString(_ key: String) throws(CastPayloadError) -> String {
        guard let string = try string(key) else { throw CastPayloadError(.missingKey, path: path(of: key)) }
        return string
    }

    /// An integer member (a number with no fraction).
    public mutating func int(_ key: String) throws(CastPayloadError) -> Int64? {
        guard let value = value(key) else { return nil }
        guard let number = value.intValue else { throw mismatch(key, "integer", value) }
        return number
    }

    /// A number member.
    public mutating func double(_ key: String) throws(CastPayloadError) -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.doubleValue else { throw mismatch(key, "number", value) }
        return number
    }

    /// A boolean member.
    public mutating func bool(_ key: String) throws(CastPayloadError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.boolValue else { throw mismatch(key, "boolean", value) }
        return flag
    }

    /// An object member, kept as JSON.
    public mutating func object(_ key: String) throws(CastPayloadError) -> JSONObject? {
        guard let value = value(key) else { return nil }
        guard let object = value.objectValue else { throw mismatch(key, "object", value) }
        return object
    }

    /// An array member, kept as JSON.
    public mutating func array(_ key: String) throws(CastPayloadError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let array = value.arrayValue else { throw mismatch(key, "array", value) }
        return array
    }

    /// An array of strings.
    public mutating func strings(_ key: String) throws(CastPayloadError) -> [String]? {
        guard let array = try array(key) else { return nil }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.stringValue else {
                throw CastPayloadError(.wrongType(expected: "string", found: element.typeName),
                                       path: "\(path(of: key))[\(index)]")
            }
            result.append(string)
        }
        return result
    }

    /// An array of integers.
    public mutating func ints(_ key: String) throws(CastPayloadError) -> [Int64]? {
        guard let array = try array(key) else { return nil }
        var result: [Int64] = []
        for (index, element) in array.enumerated() {
            guard let number = element.intValue else {
                throw CastPayloadError(.wrongType(expected: "integer", found: element.typeName),
                                       path: "\(path(of: key))[\(index)]")
            }
            result.append(number)
        }
        return result
    }

    /// A nested model.
    public mutating func model<T: CastPayloadModel>(_ key: String, as type: T.Type = T.self)
        throws(CastPayloadError) -> T?
    {
        guard let value = value(key) else { return nil }
        var nested = try CastPayloadReader(value, path: path(of: key))
        return try T(from: &nested)
    }

    /// An array of nested models.
    public mutating func models<T: CastPayloadModel>(_ key: String, as type: T.Type = T.self)
        throws(CastPayloadError) -> [T]?
    {
        guard let array = try array(key) else { return nil }
        var result: [T] = []
        for (index, element) in array.enumerated() {
            var nested = try CastPayloadReader(element, path: "\(path(of: key))[\(index)]")
            result.append(try T(from: &nested))
        }
        return result
    }

    /// Members not read so far, in their original order.
    public func unknownMembers() -> JSONObject {
        var rest = JSONObject()
        for member in object where !readKeys.contains(member.key) { rest.appendUnchecked(member.key, member.value) }
        return rest
    }
}
