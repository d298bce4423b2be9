public import CastWire

/// Who the emulated device is and which apps and message-level faults it has.
public struct ReceiverConfiguration: Sendable {
    /// The friendly name (`fn` in TXT, `name` in the listening line).
    public var name: String
    /// The device id, 32 hex digits.
    public var deviceID: String
    /// The model name (`md`).
    public var model: String
    /// Launchable apps besides the built-in ones, from `--app`.
    public var extraApps: [ReceiverAppDefinition]
    /// The injected faults (only LAUNCH/LOAD/ignore ones matter to the state machine).
    public var faults: [ReceiverFault]
    /// How long a LOAD stays BUFFERING.
    public var bufferingTime: Duration
    /// How long the ad-insertion app's simulated ad plays.
    public var adDuration: Duration
    /// The speakers of the group this device is; empty for a single device. A group answers the multizone
    /// GET_STATUS with them and advertises the group capability bits.
    public var groupMembers: [MultizoneDevice] = []
    /// The groups this device is a member of, for GET_CASTING_GROUPS.
    public var castingGroups: [CastingGroup] = []

    /// `--fetch-media`: a LOAD makes the device fetch and judge the contentId (CastFetch's `media check`, for the
    /// model `model` names) and answer PLAYING or LOAD_FAILED as a real device would.
    public var fetchesMedia = false

    /// True when this device is a speaker group.
    public var isGroup: Bool { !groupMembers.isEmpty }

    /// A configuration with the given identity.
    public init(
        name: String = "castscope", deviceID: String = "00000000000000000000000000000000",
        model: String = "Chromecast", extraApps: [ReceiverAppDefinition] = [], faults: [ReceiverFault] = [],
        bufferingTime: Duration = .milliseconds(300), adDuration: Duration = .seconds(2)
    ) {
        self.name = name
        self.deviceID = deviceID
        self.model = model
        self.extraApps = extraApps
        self.faults = faults
        self.bufferingTime = bufferingTime
        self.adDuration = adDuration
    }

    /// Every launchable app: `--app` ones first (so they can override), then the built-ins.
    public var apps: [ReceiverAppDefinition] {
        extraApps + [.defaultMediaReceiver, .backdrop, .adInsertion]
    }

    var launchErrorReason: String? {
        for case .launchError(let reason) in faults { return reason }
        return nil
    }

    var loadFailureCode: Int? {
        for case .loadFailed(let code) in faults { return code }
        return nil
    }

    /// The code the `media-fetch` fault forces, nil without it.
    var forcedMediaFetchCode: Int? {
        for case .mediaFetch(let code) in faults { return code }
        return nil
    }

    var ignoredTypes: Set<String> {
        var types: Set<String> = []
        for case .ignore(let type) in faults { types.insert(type) }
        return types
    }
}
