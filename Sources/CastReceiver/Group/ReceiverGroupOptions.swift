public import CastNet
import CastWire

/// One emulated speaker of a `ReceiverGroup`.
public struct ReceiverGroupMember: Sendable, Hashable {
    /// Its friendly name.
    public var name: String
    /// Its device id, 32 hex digits.
    public var deviceID: String
    /// Where it listens (port 0 picks a free one).
    public var address: SocketAddress

    /// A member.
    public init(name: String, deviceID: String, address: SocketAddress) {
        self.name = name
        self.deviceID = deviceID
        self.address = address
    }

    /// How the group lists the member in MULTIZONE_STATUS: the id hyphenated, as speakers send it.
    var multizoneDevice: MultizoneDevice {
        MultizoneDevice(
            deviceID: MultizoneDevice.hyphenated(deviceID), name: name,
            capabilityMask: Int64(ReceiverConfiguration.advertisedCapabilities.rawValue),
            volume: CastVolume(level: 1, muted: false))
    }

    /// The host name a speaker advertises: its id hyphenated, under `.local.` (protocol.md §3.1).
    var hostName: String { "\(MultizoneDevice.hyphenated(deviceID)).local." }
}

/// What a `ReceiverGroup` runs: the group's identity, its members and the options every emulated device shares.
public struct ReceiverGroupOptions: Sendable {
    /// The group's friendly name.
    public var name: String
    /// The group's device id, 32 hex digits.
    public var deviceID: String
    /// The speakers; the first one leads at start.
    public var members: [ReceiverGroupMember]
    /// Options every device starts from: TLS, key log, heartbeat, logger, TLS key. Its configuration's apps and
    /// faults are the group's (the members have none); its address is not used.
    public var base: ReceiverEmulatorOptions

    /// A group of `members`.
    public init(name: String, deviceID: String, members: [ReceiverGroupMember], base: ReceiverEmulatorOptions) {
        self.name = name
        self.deviceID = deviceID
        self.members = members
        self.base = base
    }

    /// The group device's configuration: the base one with the group's name, id and members.
    var groupConfiguration: ReceiverConfiguration {
        var configuration = base.configuration
        configuration.name = name
        configuration.deviceID = deviceID
        configuration.groupMembers = members.map(\.multizoneDevice)
        // Every new leader starts a group device: a transfer fault would start another destination each time.
        configuration.faults.removeAll { if case .transferAfter = $0 { true } else { false } }
        return configuration
    }

    /// A member device's configuration: its name and id, the base apps, no faults, the group in CASTING_GROUPS.
    func memberConfiguration(_ member: ReceiverGroupMember) -> ReceiverConfiguration {
        var configuration = base.configuration
        configuration.name = member.name
        configuration.deviceID = member.deviceID
        configuration.faults = []
        configuration.castingGroups = [CastingGroup(deviceID: MultizoneDevice.hyphenated(deviceID), name: name)]
        return configuration
    }

    /// `leader-move-after`, when set.
    var leaderMoveDelay: Duration? {
        base.faultDuration { if case .leaderMoveAfter(let delay) = $0 { delay } else { nil } }
    }
}
