public import CastJSON

/// The `volume` object of RECEIVER_STATUS, MEDIA_STATUS and SET_VOLUME (protocol.md §2.8).
public struct CastVolume: CastPayloadModel {
    /// 0...1.
    public var level: Double?
    /// Muted or not.
    public var muted: Bool?
    /// `attenuation`, `fixed` or `master`.
    public var controlType: String?
    /// Step for volume buttons, e.g. 0.05.
    public var stepInterval: Double?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A volume with the given members.
    public init(level: Double? = nil, muted: Bool? = nil, controlType: String? = nil, stepInterval: Double? = nil,
                unknown: JSONObject = JSONObject()) {
        self.level = level
        self.muted = muted
        self.controlType = controlType
        self.stepInterval = stepInterval
        self.unknown = unknown
    }

    /// Reads the members.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        controlType = try reader.string("controlType")
        level = try reader.double("level")
        muted = try reader.bool("muted")
        stepInterval = try reader.double("stepInterval")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("controlType", controlType)
        writer.set("level", level)
        writer.set("muted", muted)
        writer.set("stepInterval", stepInterval)
        writer.appendUnknown(unknown)
    }
}
