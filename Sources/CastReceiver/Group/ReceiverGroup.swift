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
        group = try Self.makeGroupDevice(options, on: options.members[0].address.ip, eventLoop: eventLoop)
    }

    private static func makeGroupDevice(_ options: ReceiverGroupOptions, on ip: IPAddress, eventLoop: EventLoop)
        throws(ReceiverEmulatorError) -> ReceiverEmulator
    {
        var groupOptions = options.base
        groupOptions.configuration = options.groupConfiguration
        groupOptions.address = SocketAddress(ip: ip, port: 0)
        return try ReceiverEmulator(options: groupOptions, eventLoop: eventLoop)
    }

    /// Starts the members, then the group on the first member's address; returns where each listens.
    public func start() async throws(ReceiverEmulatorError) -> (members: [SocketAddress], group: SocketAddress) {
        memberAddresses = []
        for member in members { memberAddresses.append(try member.start()) }
        let address = try group.start()
        groupAddress = address
        for (index, member) in members.enumerated() {
            let id = options.members[index].deviceID
            await member.onEvent { [weak self] event in
                guard case .volumeChanged(let volume) = event, let self else { return }
                Task { await self.group.update { $0.memberVolumeChanged(deviceID: id, volume: volume) } }
            }
        }
        await wireGroupEvents()
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
    private func wireGroupEvents() async {
        let members = members
        let ids = options.members.map(\.deviceID)
        await group.onEvent { event in
            guard case .memberVolumeChanged(let id, let volume) = event,
                let index = ids.firstIndex(where: { MultizoneDevice(deviceID: id).matches($0) })
            else { return }
            Task { await members[index].update { $0.setVolume(volume) } }
        }
    }

    /// Advertises each member (`_googlecast._tcp` and `_googlezone._tcp`, under its own host name and address) and
    /// the group (on the leader's host name) on `interfaces`.
    public func advertise(on interfaces: [NetworkInterface]) async throws(IOError) {
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

    /// Moves the group to the next member: goodbye for the group's instance, its app session (and player) carried
    /// to a new group device on that member's address and a new port, the old device's senders dropped, the
    /// instance announced again. Returns the new address.
    @discardableResult
    public func moveLeader() async throws(ReceiverEmulatorError) -> SocketAddress {
        let old = group
        let oldAddress = groupAddress
        await groupResponder?.stop()
        groupResponder = nil
        let next = (leaderIndex + 1) % options.members.count
        let moved = try? await old.eventLoop.submit { old.device.transferableApp }
        let volumes = (try? await old.eventLoop.submit { old.device.members }) ?? []
        let successor = try Self.makeGroupDevice(options, on: options.members[next].address.ip, eventLoop: eventLoop)
        let address = try successor.start()
        await successor.update { device in
            device.members = volumes
            return moved.flatMap { $0 }.map { device.continueApp($0) } ?? []
        }
        await old.drop()
        group = successor
        groupAddress = address
        leaderIndex = next
        await wireGroupEvents()
        let leaderName = options.members[next].name
        log.info("group \"\(options.name)\" leader moved from \(oldAddress?.description ?? "?") to \(address) (\(leaderName))")
        do throws(IOError) {
            try await advertiseGroup()
        } catch {
            log.error("group \"\(options.name)\": cannot advertise on the new leader: \(error)")
        }
        await old.stopAndWait()
        return address
    }

    /// Goodbyes for every instance, then every device stops (CLOSE to its senders).
    public func stop() async {
        moveTask?.cancel()
        moveTask = nil
        await groupResponder?.stop()
        groupResponder = nil
        for responder in memberResponders { await responder.stop() }
        memberResponders = []
        await group.stopAndWait()
        for member in members { await member.stopAndWait() }
    }
}
