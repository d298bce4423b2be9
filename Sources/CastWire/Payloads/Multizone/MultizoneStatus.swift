public import CastJSON

/// MULTIZONE_STATUS: a group's answer to the multizone GET_STATUS (GCKMultizoneStatus), also sent unasked when
/// membership changes.
public struct MultizoneStatus: CastPayloadModel {
    /// The `status` object.
    public struct Status: CastPayloadModel {
        /// `devices`: the group's members.
        public var devices: [MultizoneDevice]
        /// `isMultichannel`: a stereo pair or surround set rather than a group of rooms.
        public var isMultichannel: Bool?
        /// `playbackSession`: what the group is playing, when it plays.
        public var playbackSession: MultizonePlaybackSession?
        /// Keys this model does not know.
        public var unknown: JSONObject

        /// A status with the given members.
        public init(devices: [MultizoneDevice] = [], isMultichannel: Bool? = false,
                    playbackSession: MultizonePlaybackSession? = nil, unknown: JSONObject = JSONObject()) {
            self.devices = devices
            self.isMultichannel = isMultichannel
            self.playbackSession = playbackSession
            self.unknown = unknown
        }

        /// Reads the members; an absent `devices` is an empty group.
        public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
            devices = try reader.models("devices") ?? []
            isMultichannel = try reader.bool("isMultichannel")
            playbackSession = try reader.model("playbackSession")
            unknown = reader.unknownMembers()
        }

        /// Writes the members.
        public func write(to writer: inout CastPayloadWriter) {
            writer.set("devices", models: devices)
            writer.set("isMultichannel", isMultichannel)
            writer.set("playbackSession", model: playbackSession)
            writer.appendUnknown(unknown)
        }
    }

    /// The GET_STATUS answered; absent or 0 when unasked.
    public var requestID: Int64?
    /// The status.
    public var status: Status
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A MULTIZONE_STATUS.
    public init(requestID: Int64? = nil, status: Status = Status(), unknown: JSONObject = JSONObject()) {
        self.requestID = requestID
        self.status = status
        self.unknown = unknown
    }

    /// Reads the members; `type` must be MULTIZONE_STATUS and `status` present.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        _ = try reader.messageType([.multizoneStatus])
        requestID = try reader.int("requestId")
        guard let status: Status = try reader.model("status") else {
            throw CastPayloadError(.missingKey, path: reader.path(of: "status"))
        }
        self.status = status
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", CastMessageType.multizoneStatus.rawValue)
        writer.set("requestId", requestID)
        writer.set("status", model: status)
        writer.appendUnknown(unknown)
    }
}

/// `playbackSession` of MULTIZONE_STATUS and PLAYBACK_SESSION_UPDATED: what the group plays and whether it may
/// regroup.
public struct MultizonePlaybackSession: CastPayloadModel {
    /// `appAllowsGrouping`.
    public var appAllowsGrouping: Bool?
    /// `isVideoContent`.
    public var isVideoContent: Bool?
    /// `streamTransferSupported`.
    public var streamTransferSupported: Bool?
    /// `immutableDevices`: members that cannot leave while this plays.
    public var immutableDevices: [MultizoneDevice]?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A playback session with the given members.
    public init(appAllowsGrouping: Bool? = nil, isVideoContent: Bool? = nil, streamTransferSupported: Bool? = nil,
                immutableDevices: [MultizoneDevice]? = nil, unknown: JSONObject = JSONObject()) {
        self.appAllowsGrouping = appAllowsGrouping
        self.isVideoContent = isVideoContent
        self.streamTransferSupported = streamTransferSupported
        self.immutableDevices = immutableDevices
        self.unknown = unknown
    }

    /// Reads the members.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        appAllowsGrouping = try reader.bool("appAllowsGrouping")
        immutableDevices = try reader.models("immutableDevices")
        isVideoContent = try reader.bool("isVideoContent")
        streamTransferSupported = try reader.bool("streamTransferSupported")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("appAllowsGrouping", appAllowsGrouping)
        writer.set("immutableDevices", models: immutableDevices)
        writer.set("isVideoContent", isVideoContent)
        writer.set("streamTransferSupported", streamTransferSupported)
        writer.appendUnknown(unknown)
    }
}
