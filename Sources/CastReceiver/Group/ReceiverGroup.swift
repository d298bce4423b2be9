import CastDiscovery
import CastLog
public import CastNet
import CastWire

/// A speaker group emulated in one process: one `ReceiverEmulator` per member, and the group's own device on the
/// leading member's address at a port that is not 8009, advertised with the group capability bits, as real groups
/// are. The group mirrors member volumes both ways (SET_DEVICE_VOLUME on the group sets the member; SET_VOLUME on
/// a member shows in the group as DEVICE_UPDATED). `moveLeader()` (and the `leader-move-after` fault) moves the
/// group to the next member on a new port, as a leader election does.
public actor ReceiverGroup {
    /// The loop every device runs on.
    public nonisolated let eventLoop: EventLoop
    /// The options it was made with.
    public nonisolated let options: ReceiverGroupOptions
    /// The member devices, in `options.members` order.
    public nonisolated let members: [ReceiverEmulator]
    /// The group's device where it runs now (it changes when the leader moves).
    public private(set) var group: ReceiverEmulator
    /// The index in `members` of the member the group runs on.
    public private(set) var leaderIndex = 0
    /// Where the group listens now.
    public private(set) var groupAddress: SocketAddress?
    private var memberAddresses: [SocketAddress] = []
    private var memberResponders: [MDNSResponder] = []
    private var groupResponder: MDNSResponder?
    private var advertisedOn: [NetworkInterface] = []
    private var moveTask: Task<Void, Never>?
    /// True while a move runs (a second one waits its turn: `moveLeader` is not reentrant across its awaits).
    private var moving = false
    /// True once `stop()` began: a move still under way undoes what it started.
    private var stopped = false
    /// The group device member events go to, read and written on the loop (handlers run there).
    private let mirror: MirrorTarget
    private let log: LogCategory

    /// Prepares every device (certificates, TLS); nothing listens until `start()`.
    public init(options: ReceiverGroupOptions, eventLoop: EventLoop) throws(ReceiverEmulatorError) {
        guard !options.members.isEmpty else { throw .noGroupMembers }
        self.options = options
        self.eventLoop = eventLoop
        log = options.base.logger.category("CastReceiverContext")
        var members: [ReceiverEmulator] = []
        for member in options.members {
            var memberOptions = options.base
            memberOptions.configuration = options.memberConfiguration(member)
            memberOptions.address = member.address
            members.append(try ReceiverEmulator(options: memberOptions, eventLoop: eventLoop))
        }
        self.members = members
        let first = try Self.makeGroupDevice(options, on: options.members[0].address.ip, eventLoop: eventLoop)
        group = first
        mirror = MirrorTarget(first)
    }

    private static func makeGroupDevice(_ options: ReceiverGroupOptions, on ip: IPAddress, eventLoop: EventLoop)
        throws(ReceiverEmulatorError) -> ReceiverEmulator
    {
        var groupOptions = options.base
        groupOptions.configuration = options.groupConfiguration
        groupOptions.address = SocketAddress(ip: ip, port: 0)
        return try ReceiverEmulator(options: groupOptions, eventLoop: eventLoop)
    }

    /// Starts the members, then the group on the first member's address; returns where each listens. On a failure
    /// the devices already listening are stopped again.
    public func start() async throws(ReceiverEmulatorError) -> (members: [SocketAddress], group: SocketAddress) {
        memberAddresses = []
        let address: SocketAddress
        do throws(ReceiverEmulatorError) {
            for member in members { memberAddresses.append(try member.start()) }
            address = try group.start()
        } catch {
            for member in members.prefix(memberAddresses.count) { await member.stopAndWait() }
            memberAddresses = []
            throw error
        }
        groupAddress = address
        let mirror = mirror
        for (index, member) in members.enumerated() {
            let id = options.members[index].deviceID
            // Handlers run on the loop every device shares: the change is applied there at once, in order.
            await member.onEvent { event in
                guard case .volumeChanged(let volume) = event else { return }
                mirror.group.performOnLoop { $0.memberVolumeChanged(deviceID: id, volume: volume) }
            }
        }
        await wireGroupEvents(group)
        log.info("group \"\(options.name)\" on \(address), led by \(options.members[0].name)")
        if let delay = options.leaderMoveDelay {
            moveTask = Task { [weak self] in
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled, let self else { return }
                self.log.info("fault leader-move-after: the group's leader moves")
                _ = try? await self.moveLeader()
            }
        }
        return (memberAddresses, address)
    }

    /// SET_DEVICE_VOLUME on the group sets the member's own volume.
    private func wireGroupEvents(_ device: ReceiverEmulator) async {
        let members = members
        let ids = options.members.map(\.deviceID)
        await device.onEvent { event in
            guard case .memberVolumeChanged(let id, let volume) = event,
                let index = ids.firstIndex(where: { MultizoneDevice(deviceID: id).matches($0) })
            else { return }
            members[index].performOnLoop { $0.setVolume(volume) }
        }
    }

    /// Advertises each member (`_googlecast._tcp` and `_googlezone._tcp`, under its own host name and address) and
    /// the group (on the leader's host name) on `interfaces`.
    public func advertise(on interfaces: [NetworkInterface]) async throws(IOError) {
        guard memberAddresses.count == members.count else {
            throw IOError(errno: 22, call: "ReceiverGroup.advertise (before start)")
        }
        advertisedOn = interfaces
        for (index, member) in options.members.enumerated() {
            let configuration = members[index].options.configuration
            let only = Self.advertisedAddresses(member.address.ip)
            memberResponders.append(try await MDNSResponder.start(
                instance: member.name, port: memberAddresses[index].port, txt: configuration.txtRecord.strings,
                interfaces: interfaces, hostName: member.hostName, onlyAddresses: only, eventLoop: eventLoop,
                logger: options.base.logger))
            let zone = GoogleZoneTXTRecord(id: member.deviceID, commonTime: "0:0:0")
            memberResponders.append(try await MDNSResponder.start(
                instance: member.deviceID, port: GoogleZoneTXTRecord.defaultPort, txt: zone.strings,
                interfaces: interfaces, serviceType: GoogleZoneTXTRecord.serviceType, hostName: member.hostName,
                onlyAddresses: only, eventLoop: eventLoop, logger: options.base.logger))
        }
        try await advertiseGroup()
    }

    private func advertiseGroup() async throws(IOError) {
        guard !advertisedOn.isEmpty, let port = groupAddress?.port else { return }
        let leader = options.members[leaderIndex]
        groupResponder = try await MDNSResponder.start(
            instance: options.name, port: port, txt: options.groupConfiguration.txtRecord.strings,
            interfaces: advertisedOn, hostName: leader.hostName,
            onlyAddresses: Self.advertisedAddresses(leader.address.ip), eventLoop: eventLoop,
            logger: options.base.logger)
    }

    /// A wildcard listener is reachable on every address; a specific one only on its own.
    private static func advertisedAddresses(_ ip: IPAddress) -> [IPAddress]? {
        ip.description == "0.0.0.0" || ip.description == "::" ? nil : [ip]
    }

    /// Moves the group to the next member: a new group device on that member's address and a new port takes the
    /// app session (and player) and member volumes, then the old instance says goodbye, its senders are dropped and
    /// the instance is announced again. Moves run one at a time; one that fails to start its successor leaves the
    /// group where it was. Returns the new address.
    @discardableResult
    public func moveLeader() async throws(ReceiverEmulatorError) -> SocketAddress {
        while moving { await Task.yield() }
        guard !stopped, let oldAddress = groupAddress else { throw .groupStopped }
        moving = true
        defer { moving = false }
        let old = group
        let next = (leaderIndex + 1) % options.members.count
        let successor = try Self.makeGroupDevice(options, on: options.members[next].address.ip, eventLoop: eventLoop)
        let address = try successor.start()
        // The state is taken and handed over in one loop turn, so no change falls between the two devices.
        let mirror = mirror
        _ = try? await eventLoop.submit {
            let moved = old.device.transferableApp
            let volumes = old.device.members
            successor.performOnLoop { device in
                device.members = volumes
                return moved.map { device.continueApp($0) } ?? []
            }
            mirror.group = successor
        }
        await wireGroupEvents(successor)
        await groupResponder?.stop()
        groupResponder = nil
        await old.drop()
        group = successor
        groupAddress = address
        leaderIndex = next
        let leaderName = options.members[next].name
        log.info("group \"\(options.name)\" leader moved from \(oldAddress) to \(address) (\(leaderName))")
        if !stopped {
            do throws(IOError) {
                try await advertiseGroup()
            } catch {
                log.error("group \"\(options.name)\": cannot advertise on the new leader: \(error)")
            }
        }
        await old.stopAndWait()
        return address
    }

    /// Goodbyes for every instance, then every device stops (CLOSE to its senders).
    public func stop() async {
        stopped = true
        moveTask?.cancel()
        moveTask = nil
        while moving { await Task.yield() }
        await groupResponder?.stop()
        groupResponder = nil
        for responder in memberResponders { await responder.stop() }
        memberResponders = []
        await group.stopAndWait()
        for member in members { await member.stopAndWait() }
    }
}

/// The group device the members' volume events go to; touched on the shared loop only.
final class MirrorTarget: @unchecked Sendable {
    // @unchecked Sendable: read and written on the event loop every device of the group runs on.
    var group: ReceiverEmulator
    init(_ group: ReceiverEmulator) { self.group = group }
}
