// The Cast protocol vocabulary in one place (protocol.md §2.4, §2.8; openscreen message_util.h): namespaces,
// endpoint ids and message types, each with a hand-written mapping to its wire string and an escape case.

/// A Cast namespace: the well-known ones by name, anything else as `.custom`.
public enum CastNamespace: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// `urn:x-cast:com.google.cast.tp.connection`: Virtual connections: CONNECT / CLOSE.
    case connection
    /// `urn:x-cast:com.google.cast.tp.heartbeat`: PING / PONG.
    case heartbeat
    /// `urn:x-cast:com.google.cast.tp.deviceauth`: Binary DeviceAuthMessage.
    case deviceAuth
    /// `urn:x-cast:com.google.cast.receiver`: The platform receiver: apps, volume, status.
    case receiver
    /// `urn:x-cast:com.google.cast.media`: Media sessions, sent to an app's transportId.
    case media
    /// `urn:x-cast:com.google.cast.broadcast`: APPLICATION_BROADCAST.
    case broadcast
    /// `urn:x-cast:com.google.cast.multizone`: Speaker groups.
    case multizone
    /// `urn:x-cast:com.google.cast.remoting`: Remoting (RPC).
    case remoting
    /// `urn:x-cast:com.google.cast.webrtc`: Mirroring (OFFER/ANSWER).
    case webrtc
    /// Any other namespace (app namespaces start with `urn:x-cast:`).
    case custom(String)

    /// The namespace for a wire string; unknown strings become `.custom`.
    public init(rawValue: String) {
        switch rawValue {
        case "urn:x-cast:com.google.cast.tp.connection": self = .connection
        case "urn:x-cast:com.google.cast.tp.heartbeat": self = .heartbeat
        case "urn:x-cast:com.google.cast.tp.deviceauth": self = .deviceAuth
        case "urn:x-cast:com.google.cast.receiver": self = .receiver
        case "urn:x-cast:com.google.cast.media": self = .media
        case "urn:x-cast:com.google.cast.broadcast": self = .broadcast
        case "urn:x-cast:com.google.cast.multizone": self = .multizone
        case "urn:x-cast:com.google.cast.remoting": self = .remoting
        case "urn:x-cast:com.google.cast.webrtc": self = .webrtc
        default: self = .custom(rawValue)
        }
    }

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .connection: "urn:x-cast:com.google.cast.tp.connection"
        case .heartbeat: "urn:x-cast:com.google.cast.tp.heartbeat"
        case .deviceAuth: "urn:x-cast:com.google.cast.tp.deviceauth"
        case .receiver: "urn:x-cast:com.google.cast.receiver"
        case .media: "urn:x-cast:com.google.cast.media"
        case .broadcast: "urn:x-cast:com.google.cast.broadcast"
        case .multizone: "urn:x-cast:com.google.cast.multizone"
        case .remoting: "urn:x-cast:com.google.cast.remoting"
        case .webrtc: "urn:x-cast:com.google.cast.webrtc"
        case let .custom(value): value
        }
    }

    /// The wire string.
    public var description: String { rawValue }

    /// Every well-known namespace.
    public static let known: [CastNamespace] = [.connection, .heartbeat, .deviceAuth, .receiver, .media, .broadcast, .multizone, .remoting, .webrtc]

    /// True for Google's reserved namespaces (`urn:x-cast:com.google.cast.` and its dotted children).
    public var isReserved: Bool { rawValue.hasPrefix("urn:x-cast:com.google.cast.") }

    /// True for the transport namespaces (`urn:x-cast:com.google.cast.tp.`), which need no virtual connection.
    public var isTransport: Bool { rawValue.hasPrefix("urn:x-cast:com.google.cast.tp.") }
}

/// Well-known endpoint ids (openscreen message_util.h).
public enum CastEndpointID {
    /// The platform sender: `sender-0`.
    public static let platformSender = "sender-0"
    /// The platform receiver: `receiver-0`.
    public static let platformReceiver = "receiver-0"
    /// Broadcast to every endpoint on the channel: `*`.
    public static let broadcast = "*"
}

/// The `type` of a JSON Cast message (protocol.md §2.8); unknown types as `.other`.
public enum CastMessageType: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// `CONNECT` — tp.connection: open a virtual connection.
    case connect
    /// `CLOSE` — tp.connection: close a virtual connection.
    case close
    /// `CONNECTED` — tp.connection: reply some receivers send to CONNECT.
    case connected
    /// `PING` — tp.heartbeat: liveness probe.
    case ping
    /// `PONG` — tp.heartbeat: answer to PING.
    case pong
    /// `GET_STATUS` — receiver/media: ask for status.
    case getStatus
    /// `LAUNCH` — receiver: start an app.
    case launch
    /// `STOP` — receiver: stop an app session; media: stop playback.
    case stop
    /// `GET_APP_AVAILABILITY` — receiver: ask whether apps are available.
    case getAppAvailability
    /// `SET_VOLUME` — receiver/media: change volume or mute.
    case setVolume
    /// `RECEIVER_STATUS` — receiver: platform status.
    case receiverStatus
    /// `LAUNCH_ERROR` — receiver: LAUNCH failed.
    case launchError
    /// `INVALID_REQUEST` — receiver/media: request rejected.
    case invalidRequest
    /// `LOAD` — media: load content.
    case load
    /// `PLAY` — media: resume.
    case play
    /// `PAUSE` — media: pause.
    case pause
    /// `SEEK` — media: seek.
    case seek
    /// `SET_PLAYBACK_RATE` — media: change playback rate.
    case setPlaybackRate
    /// `EDIT_TRACKS_INFO` — media: change active tracks.
    case editTracksInfo
    /// `QUEUE_LOAD` — media: load a queue.
    case queueLoad
    /// `QUEUE_INSERT` — media: insert queue items.
    case queueInsert
    /// `QUEUE_REMOVE` — media: remove queue items.
    case queueRemove
    /// `QUEUE_REORDER` — media: reorder queue items.
    case queueReorder
    /// `QUEUE_UPDATE` — media: update the queue (also jump ±1).
    case queueUpdate
    /// `QUEUE_NEXT` — media: next item.
    case queueNext
    /// `QUEUE_PREV` — media: previous item.
    case queuePrev
    /// `PRECACHE` — media: precache content.
    case precache
    /// `SKIP_AD` — media: skip an ad.
    case skipAd
    /// `MEDIA_STATUS` — media: player status.
    case mediaStatus
    /// `LOAD_FAILED` — media: LOAD failed.
    case loadFailed
    /// `LOAD_CANCELLED` — media: LOAD cancelled.
    case loadCancelled
    /// `INVALID_PLAYER_STATE` — media: command not valid in this state.
    case invalidPlayerState
    /// `ERROR` — media: generic error.
    case error
    /// `APPLICATION_BROADCAST` — broadcast: app broadcast (precache).
    case applicationBroadcast
    /// `GET_CASTING_GROUPS` — multizone: ask for groups.
    case getCastingGroups
    /// `MULTIZONE_STATUS` — multizone: group status.
    case multizoneStatus
    /// `CASTING_GROUPS` — multizone: group list.
    case castingGroups
    /// `DEVICE_ADDED` — multizone: member added.
    case deviceAdded
    /// `DEVICE_UPDATED` — multizone: member changed.
    case deviceUpdated
    /// `DEVICE_REMOVED` — multizone: member removed.
    case deviceRemoved
    /// `PLAYBACK_SESSION_UPDATED` — multizone: playback session changed.
    case playbackSessionUpdated
    /// `SET_DEVICE_VOLUME` — multizone: change one member's volume (GCKCastSession `setDeviceVolume:forMultizoneDevice:`).
    case setDeviceVolume
    /// `OFFER` — webrtc/remoting: session offer.
    case offer
    /// `ANSWER` — webrtc/remoting: answer to OFFER.
    case answer
    /// `GET_CAPABILITIES` — remoting: ask for capabilities.
    case getCapabilities
    /// `CAPABILITIES_RESPONSE` — remoting: capabilities.
    case capabilitiesResponse
    /// `RPC` — remoting: RPC message.
    case rpc
    /// `STATUS_RESPONSE` — remoting: status.
    case statusResponse
    /// `STORE_SESSION` — media: stream transfer, ask the source app for its session state.
    case storeSession
    /// `SESSION_STATE` — media: the reply to STORE_SESSION, carrying `sessionState`.
    case sessionState
    /// `RESUME_SESSION` — media: stream transfer, start the app on the destination from a `sessionState`.
    case resumeSession
    /// Any other type string, as received.
    case other(String)

    /// The type for a wire string; unknown strings become `.other`.
    public init(rawValue: String) {
        // One hash instead of a switch that compares the string with up to 51 literals in turn (the inspector
        // asks this for every message).
        self = Self.byWireString[rawValue] ?? .other(rawValue)
    }

    /// Every named type by its wire string, made from `known` and `rawValue` (the one mapping).
    private static let byWireString: [String: CastMessageType] = Dictionary(
        known.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .connect: "CONNECT"
        case .close: "CLOSE"
        case .connected: "CONNECTED"
        case .ping: "PING"
        case .pong: "PONG"
        case .getStatus: "GET_STATUS"
        case .launch: "LAUNCH"
        case .stop: "STOP"
        case .getAppAvailability: "GET_APP_AVAILABILITY"
        case .setVolume: "SET_VOLUME"
        case .receiverStatus: "RECEIVER_STATUS"
        case .launchError: "LAUNCH_ERROR"
        case .invalidRequest: "INVALID_REQUEST"
        case .load: "LOAD"
        case .play: "PLAY"
        case .pause: "PAUSE"
        case .seek: "SEEK"
        case .setPlaybackRate: "SET_PLAYBACK_RATE"
        case .editTracksInfo: "EDIT_TRACKS_INFO"
        case .queueLoad: "QUEUE_LOAD"
        case .queueInsert: "QUEUE_INSERT"
        case .queueRemove: "QUEUE_REMOVE"
        case .queueReorder: "QUEUE_REORDER"
        case .queueUpdate: "QUEUE_UPDATE"
        case .queueNext: "QUEUE_NEXT"
        case .queuePrev: "QUEUE_PREV"
        case .precache: "PRECACHE"
        case .skipAd: "SKIP_AD"
        case .mediaStatus: "MEDIA_STATUS"
        case .loadFailed: "LOAD_FAILED"
        case .loadCancelled: "LOAD_CANCELLED"
        case .invalidPlayerState: "INVALID_PLAYER_STATE"
        case .error: "ERROR"
        case .applicationBroadcast: "APPLICATION_BROADCAST"
        case .getCastingGroups: "GET_CASTING_GROUPS"
        case .multizoneStatus: "MULTIZONE_STATUS"
        case .castingGroups: "CASTING_GROUPS"
        case .deviceAdded: "DEVICE_ADDED"
        case .deviceUpdated: "DEVICE_UPDATED"
        case .deviceRemoved: "DEVICE_REMOVED"
        case .playbackSessionUpdated: "PLAYBACK_SESSION_UPDATED"
        case .setDeviceVolume: "SET_DEVICE_VOLUME"
        case .offer: "OFFER"
        case .answer: "ANSWER"
        case .getCapabilities: "GET_CAPABILITIES"
        case .capabilitiesResponse: "CAPABILITIES_RESPONSE"
        case .rpc: "RPC"
        case .statusResponse: "STATUS_RESPONSE"
        case .storeSession: "STORE_SESSION"
        case .sessionState: "SESSION_STATE"
        case .resumeSession: "RESUME_SESSION"
        case let .other(value): value
        }
    }

    /// The wire string.
    public var description: String { rawValue }

    /// Every named type.
    public static let known: [CastMessageType] = [
        .connect, .close, .connected, .ping, .pong, .getStatus, .launch, .stop, .getAppAvailability, .setVolume,
        .receiverStatus, .launchError, .invalidRequest, .load, .play, .pause, .seek, .setPlaybackRate,
        .editTracksInfo, .queueLoad, .queueInsert, .queueRemove, .queueReorder, .queueUpdate, .queueNext, .queuePrev,
        .precache, .skipAd, .mediaStatus, .loadFailed, .loadCancelled, .invalidPlayerState, .error,
        .applicationBroadcast, .getCastingGroups, .multizoneStatus, .castingGroups, .deviceAdded, .deviceUpdated,
        .deviceRemoved, .playbackSessionUpdated, .setDeviceVolume, .offer, .answer, .getCapabilities,
        .capabilitiesResponse, .rpc, .statusResponse, .storeSession, .sessionState, .resumeSession,
    ]
}
