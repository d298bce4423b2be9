public import CastJSON

/// A typed view of a JSON Cast payload (or of an object inside one) that keeps unknown keys for the round trip.
public protocol CastPayloadModel: Sendable, Hashable {
    /// Reads the model from an object reader; wrong types throw with the key path.
    init(from reader: inout CastPayloadReader) throws(CastPayloadError)
    /// Writes the model's members (known keys first, then kept unknown ones).
    func write(to writer: inout CastPayloadWriter)
}

extension CastPayloadModel {
    /// Decodes a JSON value (an object) at path `payload`.
    public init(json: JSONValue) throws(CastPayloadError) {
        var reader = try CastPayloadReader(json, path: "payload")
        try self.init(from: &reader)
    }

    /// Decodes JSON text, e.g. a message's `payload_utf8`.
    public init(jsonText: String) throws(CastPayloadError) {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONValue(parsing: jsonText)
        } catch {
            throw CastPayloadError(.notJSON(error), path: "payload")
        }
        try self.init(json: value)
    }

    /// The model as a JSON value.
    public var json: JSONValue {
        var writer = CastPayloadWriter()
        write(to: &writer)
        return .object(writer.object)
    }

    /// The model as compact JSON text, ready for `payload_utf8`.
    public var jsonText: String { json.serialized() }
}

extension CastPayloadReader {
    /// Reads `type` and checks it is one of `allowed`.
    public mutating func messageType(_ allowed: [CastMessageType]) throws(CastPayloadError) -> CastMessageType {
        let type = CastMessageType(rawValue: try requiredString("type"))
        guard allowed.contains(type) else {
            throw CastPayloadError(.invalidValue("type \(type.rawValue) is not one of "
                + allowed.map(\.rawValue).joined(separator: ", ")), path: path(of: "type"))
        }
        return type
    }
}
