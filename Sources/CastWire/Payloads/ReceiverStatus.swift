public import CastJSON

/// RECEIVER_STATUS: the platform's answer to GET_STATUS, LAUNCH, STOP and SET_VOLUME (protocol.md §2.8).
public struct ReceiverStatus: CastPayloadModel {
    /// The `status` object.
    public struct Status: CastPayloadModel {
        /// Running applications; empty or absent when idle.
        public var applications: [ReceiverApplication]?
        /// Whether the device is the TV's active input.
        public var isActiveInput: Bool?
        /// Whether the TV is in standby.
        public var isStandBy: Bool?
        /// Device volume.
        public var volume: CastVolume?
        /// Keys this model does not know (e.g. `userEq`).
        public var unknown: JSONObject

        /// A status with the given members.
        public init(applications: [ReceiverApplication]? = nil, isActiveInput: Bool? = nil, isStandBy: Bool? = nil,
                    volume: CastVolume? = nil, unknown: JSONObject = JSONObject()) {
            self.applications = applications
            self.isActiveInput = isActiveInput
            self.isStandBy = isStandBy
            self.volume = volume
            self.unknown = unknown
        }

        /// Reads the members.
        public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
            applications = try reader.models("applications")
            isActiveInput = try reader.bool("isActiveInput")
            isStandBy = try reader.bool("isStandBy")
            volume = try reader.model("volume")
            unknown = reader.unknownMembers()
        }

        /// Writes the members.
        public func write(to writer: inout CastPayloadWriter) {
            writer.set("applications", models: applications)
            writer.set("isActiveInput", isActiveInput)
            writer.set("isStandBy", isStandBy)
            writer.set("volume", model: volume)
            writer.appendUnknown(unknown)
        }
    }

    /// The request answered; 0 or absent for unsolicited broadcasts.
    public var requestID: Int64?
    /// The status.
    public var status: Status?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A RECEIVER_STATUS.
    public init(requestID: Int64? = nil, status: Status? = nil, unknown: JSONObject = JSONObject()) {
        self.requestID = requestID
        self.status = status
        self.unknown = unknown
    }

    /// Reads the members; `type` must be RECEIVER_STATUS.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        _ = try reader.messageType([.receiverStatus])
        requestID = try reader.int("requestId")
        status = try reader.model("status")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", CastMessageType.receiverStatus.rawValue)
        writer.set("requestId", requestID)
        writer.set("status", model: status)
        writer.appendUnknown(unknown)
    }

    /// The first running application, which is what senders act on.
    public var runningApplication: ReceiverApplication? { status?.applications?.first }
}
