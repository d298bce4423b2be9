public import CastJSON

/// The reply to GET_APP_AVAILABILITY: `availability` maps app ids to `APP_AVAILABLE` / `APP_UNAVAILABLE`.
public struct AppAvailabilityResponse: CastPayloadModel {
    /// The request it answers.
    public var requestID: Int64?
    /// App id → availability string, in wire order.
    public var availability: [(appID: String, value: String)]
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A reply with `availability`.
    public init(requestID: Int64? = nil, availability: [(appID: String, value: String)] = [],
                unknown: JSONObject = JSONObject()) {
        self.requestID = requestID
        self.availability = availability
        self.unknown = unknown
    }

    /// True when `appID` is reported `APP_AVAILABLE`.
    public func isAvailable(_ appID: String) -> Bool {
        availability.contains { $0.appID == appID && $0.value == "APP_AVAILABLE" }
    }

    /// Reads the members; `availability` is required and must map to strings.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        _ = try reader.string("type")
        requestID = try reader.int("requestId")
        guard let map = try reader.object("availability") else {
            throw CastPayloadError(.missingKey, path: reader.path(of: "availability"))
        }
        var entries: [(appID: String, value: String)] = []
        for member in map {
            guard let value = member.value.stringValue else {
                throw CastPayloadError(.wrongType(expected: "string", found: member.value.typeName),
                                       path: "\(reader.path(of: "availability")).\(member.key)")
            }
            entries.append((member.key, value))
        }
        availability = entries
        unknown = reader.unknownMembers()
    }

    /// Writes the members (with `type` GET_APP_AVAILABILITY, as receivers answer).
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", CastMessageType.getAppAvailability.rawValue)
        writer.set("requestId", requestID)
        var map = JSONObject()
        for entry in availability { map[entry.appID] = .string(entry.value) }
        writer.set("availability", map)
        writer.appendUnknown(unknown)
    }

    /// Equal when request id, entries (in order) and unknown keys are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.requestID == rhs.requestID && lhs.unknown == rhs.unknown
            && lhs.availability.map(\.appID) == rhs.availability.map(\.appID)
            && lhs.availability.map(\.value) == rhs.availability.map(\.value)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(requestID)
        hasher.combine(unknown)
        for entry in availability {
            hasher.combine(entry.appID)
            hasher.combine(entry.value)
        }
    }
}
