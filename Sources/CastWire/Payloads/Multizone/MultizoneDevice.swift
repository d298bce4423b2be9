public import CastJSON

/// One speaker of a group as the multizone namespace describes it (GCKMultizoneDevice): in MULTIZONE_STATUS,
/// DEVICE_ADDED, DEVICE_UPDATED and CASTING_GROUPS.
public struct MultizoneDevice: CastPayloadModel {
    /// `deviceId`: the member's UUID; real devices send it hyphenated, while TXT `id` has none (see `matches`).
    public var deviceID: String
    /// `name`: the member's friendly name.
    public var name: String?
    /// `capabilities`: the member's capability mask, as TXT `ca`.
    public var capabilityMask: Int64?
    /// `volume`: the member's own volume.
    public var volume: CastVolume?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A member with the given fields.
    public init(deviceID: String, name: String? = nil, capabilityMask: Int64? = nil, volume: CastVolume? = nil,
                unknown: JSONObject = JSONObject()) {
        self.deviceID = deviceID
        self.name = name
        self.capabilityMask = capabilityMask
        self.volume = volume
        self.unknown = unknown
    }

    /// Reads the members; `deviceId` is required.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        capabilityMask = try reader.int("capabilities")
        deviceID = try reader.requiredString("deviceId")
        name = try reader.string("name")
        volume = try reader.model("volume")
        unknown = reader.unknownMembers()
    }

    /// Writes the members in the order devices send them.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("capabilities", capabilityMask)
        writer.set("deviceId", deviceID)
        writer.set("name", name)
        writer.set("volume", model: volume)
        writer.appendUnknown(unknown)
    }

    /// The capability mask decoded (empty when absent or out of range).
    public var capabilities: CastCapabilities {
        capabilityMask.flatMap { UInt64(exactly: $0) }.map(CastCapabilities.init(rawValue:)) ?? []
    }

    /// The id as TXT `id` spells it: lowercase hex without hyphens.
    public var canonicalID: String { Self.canonical(deviceID) }

    /// True when `id` (hyphenated or not, any case) names this member.
    public func matches(_ id: String) -> Bool { canonicalID == Self.canonical(id) }

    /// A device id in TXT form: lowercase, hyphens and braces removed.
    public static func canonical(_ id: String) -> String {
        String(id.lowercased().filter { $0 != "-" && $0 != "{" && $0 != "}" })
    }

    /// A 32-hex-digit id hyphenated 8-4-4-4-12, as the multizone namespace sends member ids; other text unchanged.
    public static func hyphenated(_ id: String) -> String {
        let hex = Array(canonical(id))
        guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return id }
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return groups.joined(separator: "-")
    }
}
