public import CastJSON

/// Every message of `urn:x-cast:com.google.cast.multizone` (protocol.md §2.3) as one typed value, for the sender
/// (requests out, events in), the emulator (the reverse) and the inspector.
public enum MultizoneMessage: CastPayloadModel {
    /// GET_STATUS: ask a group for its members.
    case getStatus(requestID: Int64?)
    /// GET_CASTING_GROUPS: ask a device which groups it belongs to.
    case getCastingGroups(requestID: Int64?)
    /// SET_DEVICE_VOLUME: set one member's level or mute; the group answers with DEVICE_UPDATED.
    case setDeviceVolume(requestID: Int64?, deviceID: String, volume: CastVolume)
    /// MULTIZONE_STATUS: the members.
    case status(MultizoneStatus)
    /// CASTING_GROUPS: the groups a device belongs to.
    case castingGroups(requestID: Int64?, groups: [CastingGroup])
    /// DEVICE_ADDED: a member joined (or came back online).
    case deviceAdded(MultizoneDevice)
    /// DEVICE_UPDATED: a member changed (volume, name).
    case deviceUpdated(MultizoneDevice)
    /// DEVICE_REMOVED: a member left (or went offline).
    case deviceRemoved(deviceID: String)
    /// PLAYBACK_SESSION_UPDATED: what the group plays changed (a temporary group formed, for one).
    case playbackSessionUpdated(MultizonePlaybackSession?)

    /// The wire type.
    public var type: CastMessageType {
        switch self {
        case .getStatus: .getStatus
        case .getCastingGroups: .getCastingGroups
        case .setDeviceVolume: .setDeviceVolume
        case .status: .multizoneStatus
        case .castingGroups: .castingGroups
        case .deviceAdded: .deviceAdded
        case .deviceUpdated: .deviceUpdated
        case .deviceRemoved: .deviceRemoved
        case .playbackSessionUpdated: .playbackSessionUpdated
        }
    }

    /// The request id, for requests and the replies that carry one.
    public var requestID: Int64? {
        switch self {
        case let .getStatus(id), let .getCastingGroups(id), let .setDeviceVolume(id, _, _), let .castingGroups(id, _):
            id
        case let .status(status): status.requestID
        case .deviceAdded, .deviceUpdated, .deviceRemoved, .playbackSessionUpdated: nil
        }
    }

    /// Reads any multizone message; a type of another namespace, or a required member missing, throws.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        let type = try reader.messageType([
            .getStatus, .getCastingGroups, .setDeviceVolume, .multizoneStatus, .castingGroups, .deviceAdded,
            .deviceUpdated, .deviceRemoved, .playbackSessionUpdated,
        ])
        switch type {
        case .multizoneStatus:
            self = .status(try MultizoneStatus(from: &reader))
        case .getStatus:
            self = .getStatus(requestID: try reader.int(CastPayloadField.requestID))
        case .getCastingGroups:
            self = .getCastingGroups(requestID: try reader.int(CastPayloadField.requestID))
        case .setDeviceVolume:
            let id = try reader.int(CastPayloadField.requestID)
            let deviceID = try reader.requiredString("deviceId")
            guard let volume: CastVolume = try reader.model("volume") else {
                throw CastPayloadError(.missingKey, path: reader.path(of: "volume"))
            }
            self = .setDeviceVolume(requestID: id, deviceID: deviceID, volume: volume)
        case .castingGroups:
            self = .castingGroups(
                requestID: try reader.int(CastPayloadField.requestID), groups: try reader.models("groups") ?? [])
        case .deviceAdded, .deviceUpdated:
            guard let device: MultizoneDevice = try reader.model("device") else {
                throw CastPayloadError(.missingKey, path: reader.path(of: "device"))
            }
            self = type == .deviceAdded ? .deviceAdded(device) : .deviceUpdated(device)
        case .deviceRemoved:
            self = .deviceRemoved(deviceID: try reader.requiredString("deviceId"))
        default:
            self = .playbackSessionUpdated(try reader.model("playbackSession"))
        }
    }

    /// Writes the message with its `type` first.
    public func write(to writer: inout CastPayloadWriter) {
        if case let .status(status) = self {
            status.write(to: &writer)
            return
        }
        writer.set(CastPayloadField.type, type.rawValue)
        writer.set(CastPayloadField.requestID, requestID)
        switch self {
        case let .setDeviceVolume(_, deviceID, volume):
            writer.set("deviceId", deviceID)
            writer.set("volume", model: volume)
        case let .castingGroups(_, groups): writer.set("groups", models: groups)
        case let .deviceAdded(device), let .deviceUpdated(device): writer.set("device", model: device)
        case let .deviceRemoved(deviceID): writer.set("deviceId", deviceID)
        case let .playbackSessionUpdated(session): writer.set("playbackSession", model: session)
        case .getStatus, .getCastingGroups, .status: break
        }
    }
}

/// One entry of CASTING_GROUPS: a group the asked device belongs to. The entry's shape is not documented; the id
/// is read from `deviceId` (as members are named), else `uuid`.
public struct CastingGroup: CastPayloadModel {
    /// The group's id, when the entry names one.
    public var deviceID: String?
    /// The group's name.
    public var name: String?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A group entry.
    public init(deviceID: String?, name: String?, unknown: JSONObject = JSONObject()) {
        self.deviceID = deviceID
        self.name = name
        self.unknown = unknown
    }

    /// Reads the members.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        if let id = try reader.string("deviceId") {
            deviceID = id
        } else {
            deviceID = try reader.string("uuid")
        }
        name = try reader.string("name")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("deviceId", deviceID)
        writer.set("name", name)
        writer.appendUnknown(unknown)
    }
}
