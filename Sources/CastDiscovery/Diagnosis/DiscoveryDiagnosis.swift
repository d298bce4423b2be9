public import CastNet
import CastWire
import Synchronization

/// `castscope discover --diagnose`: answers "why don't I see my device?" with checks of the host, of what was sent
/// and answered, and a verdict naming the most likely cause.
public enum DiscoveryDiagnosis {
    /// What to check.
    public struct Options: Sendable {
        /// Interfaces the built-in querier uses.
        public var interfaces: [NetworkInterface]
        /// True when the user named them (then only they are checked).
        public var explicitInterfaces: Bool
        /// How long to listen.
        public var duration: Duration
        /// Whether to browse through avahi-daemon too.
        public var useAvahi: Bool
        /// Whether to run the built-in querier.
        public var useBuiltin: Bool
        /// Application ids from `--app`.
        public var applicationIDs: [String]
        /// Asks every device found GET_APP_AVAILABILITY for `applicationIDs` (nil: the app filter is not checked).
        public var availabilityChecker: (any DeviceAvailabilityChecker)?
        /// Addresses to probe by unicast (`--host`, known devices): each gets the probes of `UnicastProber`.
        public var candidates: [IPAddress] = []
        /// Addresses guessed (seen before, Google OUI neighbours), with why; probed like `candidates`, but their
        /// silence is no warning.
        public var guessedCandidates: [(address: IPAddress, reason: String)] = []
        /// The TLS handshake probe of the candidates' Cast port (nil: not tried).
        public var tlsProbe: UnicastProber.TLSProbe?
        /// Asks each speaker group found for its members (nil: members are not checked).
        public var groupMembers: GroupChecks.MembersProbe?

        /// Creates options.
        public init(
            interfaces: [NetworkInterface], explicitInterfaces: Bool, duration: Duration, useAvahi: Bool = true,
            useBuiltin: Bool = true, applicationIDs: [String] = [],
            availabilityChecker: (any DeviceAvailabilityChecker)? = nil
        ) {
            self.availabilityChecker = availabilityChecker
            self.interfaces = interfaces
            self.explicitInterfaces = explicitInterfaces
            self.duration = duration
            self.useAvahi = useAvahi
            self.useBuiltin = useBuiltin
            self.applicationIDs = applicationIDs
        }
    }

    /// The most candidates probed in one diagnosis.
    public static let maximumCandidates = 16

    /// Runs every check (listening for `duration`) and returns the report.
    public static func run(_ options: Options) async -> DiscoveryDiagnosisReport {
        var checks: [DiagnosticCheck] = []
        let avahi = AvahiProbe.check()
        switch avahi {
        case .success(let version):
            checks.append(
                DiagnosticCheck(id: "avahi", status: .ok, summary: "avahi-daemon answers on D-Bus (\(version))"))
        case .failure(let error):
            checks.append(
                DiagnosticCheck(
                    id: "avahi", status: .warn, summary: "avahi-daemon is not reachable on D-Bus",
                    evidence: ["\(error.call): \(error.message)"],
                    fix:
                        "start avahi-daemon (tools using Avahi, e.g. avahi-browse, see nothing without it); castscope's built-in querier does not need it"
                ))
        }
        let all = (try? NetworkInterface.all()) ?? []
        checks.append(
            HostChecks.interfaces(selected: options.interfaces, explicit: options.explicitInterfaces, all: all))
        checks.append(HostChecks.multicastRoute(interfaces: options.interfaces))
        checks.append(HostChecks.packetFilter())
        checks.append(HostChecks.port5353())

        let builtinFound = DeviceCollector()
        let avahiFound = DeviceCollector()
        var builtin: BuiltinDiscoveryBackend?
        var avahiBackend: AvahiDiscoveryBackend?
        if options.useBuiltin, !options.interfaces.isEmpty {
            let backend = BuiltinDiscoveryBackend(interfaces: options.interfaces)
            do {
                try await backend.start { event in builtinFound.record(event) }
                builtin = backend
            } catch {
                checks.append(
                    DiagnosticCheck(
                        id: "traffic", status: .fail, summary: "cannot open mDNS sockets: \(error)",
                        fix: "run as a user allowed to bind UDP 5353, or free the port"))
            }
        }
        if options.useAvahi, case .success = avahi {
            let backend = AvahiDiscoveryBackend(interfaces: options.explicitInterfaces ? options.interfaces : [])
            if (try? await backend.start(deliver: { event in avahiFound.record(event) })) != nil {
                avahiBackend = backend
            }
        }
        // The candidates are probed while the browse listens, each probe bounded by the same duration.
        var targets: [(address: IPAddress, guess: String?)] = options.candidates.map { ($0, nil) }
        for (address, reason) in options.guessedCandidates where !targets.contains(where: { $0.address == address }) {
            targets.append((address, reason))
        }
        let chosen = Array(targets.prefix(Self.maximumCandidates))
        let probeLoop = chosen.isEmpty ? nil : try? EventLoop(name: "castscope-probe")
        defer { probeLoop?.shutdown() }
        let probes = Task { [tlsProbe = options.tlsProbe, duration = options.duration] in
            guard let probeLoop else { return [UnicastProbeResult]() }
            let prober = UnicastProber(loop: probeLoop, timeout: duration, tls: tlsProbe)
            return await withTaskGroup(of: UnicastProbeResult.self) { group in
                for (address, guess) in chosen {
                    group.addTask {
                        var result = await prober.probe(address)
                        result.guess = guess
                        return result
                    }
                }
                var results: [UnicastProbeResult] = []
                for await result in group { results.append(result) }
                return results.sorted { "\($0.address)" < "\($1.address)" }
            }
        }
        try? await Task.sleep(for: options.duration)
        let probed = await probes.value
        let snapshot = await builtin?.snapshot()
        await builtin?.stop()
        await avahiBackend?.stop()

        let fromBuiltin = builtinFound.devices
        let fromAvahi = avahiFound.devices
        if let snapshot {
            checks += AnswerChecks.traffic(snapshot.statistics, interfaces: options.interfaces)
            checks += AnswerChecks.instances(snapshot.instances)
        } else if !fromAvahi.isEmpty {
            checks += AnswerChecks.txt(fromAvahi.values.map { ($0.instanceName, $0.txtRecord) })
        }
        if builtin != nil, avahiBackend != nil {
            checks.append(AnswerChecks.compare(builtin: fromBuiltin, avahi: fromAvahi))
        }
        var devices = fromBuiltin
        for (key, device) in fromAvahi where devices[key] == nil { devices[key] = device }
        let sorted = devices.values.sorted { DiscoveryManager.orders($0, before: $1) }
        // Cast answers only: the other counts include this host's own avahi-daemon, which answers for itself.
        let heard = (snapshot?.statistics.total.serviceAnswers ?? 0) > 0
        checks.append(
            ContainerCheck.check(
                ContainerCheck.gather(interfaces: options.interfaces), multicastArrived: heard || !fromAvahi.isEmpty))
        checks.append(NetworkPathChecks.unicast(probed))
        var queries: String?
        if let sent = snapshot?.statistics.total.queriesSent, sent > 0 {
            queries = "\(sent) multicast queries went out from this host during the diagnosis"
        } else if avahiBackend != nil {
            queries = "avahi-daemon browsed by multicast during the diagnosis"
        }
        checks.append(
            NetworkPathChecks.multicastPath(probed, devices: sorted, queries: queries, interfaces: options.interfaces))
        checks.append(NetworkPathChecks.subnet(probed, interfaces: options.interfaces, all: all, devices: sorted))
        // Both backends see the same announcements: their places are joined without repeats (by SRV target and
        // port; the text shows the address too).
        let places = builtinFound.endpoints.merging(avahiFound.endpoints) { first, second in
            first + second.filter { place in !first.contains { $0.key == place.key } }
        }
        checks.append(await groups(sorted, endpoints: places.mapValues { $0.map(\.text) }, options: options))
        if !options.applicationIDs.isEmpty {
            checks.append(
                await appFilter(sorted, appIDs: options.applicationIDs, checker: options.availabilityChecker))
        }
        return DiscoveryDiagnosisReport(checks: checks, devices: sorted)
    }
}

extension DiscoveryDiagnosis {
    /// The `groups` check: each group found is connected to where it is announced and asked for its members.
    static func groups(_ devices: [Device], endpoints: [String: [String]], options: Options) async -> DiagnosticCheck {
        let groups = devices.filter(\.isGroup)
        guard !groups.isEmpty else { return GroupChecks.check([], devices: devices, endpoints: endpoints) }
        let loop: EventLoop
        do throws(IOError) {
            loop = try EventLoop(name: "castscope-groups")
        } catch {
            return DiagnosticCheck(id: "groups", status: .warn, summary: "the speaker groups could not be checked",
                                   evidence: ["\(error)"])
        }
        defer { loop.shutdown() }
        let prober = UnicastProber(loop: loop, timeout: min(options.duration, .seconds(3)))
        let members = options.groupMembers
        let evidence = await withTaskGroup(of: GroupChecks.Evidence.self) { tasks in
            for group in groups {
                tasks.addTask {
                    let connect: UnicastProbeResult.Outcome =
                        if let address = group.networkAddress {
                            await prober.connect(address, port: group.servicePort)
                        } else {
                            .failed(reason: "no address")
                        }
                    let answer = await members?(group)
                    return GroupChecks.Evidence(group: group, connect: connect, members: answer?.members,
                                                membersFailure: answer?.failure)
                }
            }
            var collected: [GroupChecks.Evidence] = []
            for await item in tasks { collected.append(item) }
            return collected.sorted { DiscoveryManager.orders($0.group, before: $1.group) }
        }
        return GroupChecks.check(evidence, devices: devices, endpoints: endpoints)
    }
}

/// Every device a backend reported during a diagnosis (removals are not applied: the report lists all seen), and
/// every address and port each device id was announced at, in order.
private final class DeviceCollector: Sendable {
    typealias Place = (key: String, text: String)
    private let store = Mutex<(devices: [String: Device], endpoints: [String: [Place]])>(([:], [:]))

    var devices: [String: Device] { store.withLock { $0.devices } }
    var endpoints: [String: [Place]] { store.withLock { $0.endpoints } }

    func record(_ event: DiscoveryEvent) {
        guard case .found(let device) = event else { return }
        // Where the instance says it runs is its SRV target and port: an address learnt later is no move.
        let place = (key: "\(device.host.lowercased()):\(device.servicePort)", text: device.endpointDescription)
        store.withLock { state in
            state.devices[device.instanceName.lowercased()] = device
            var seen = state.endpoints[device.deviceID] ?? []
            if !seen.contains(where: { $0.key == place.key }) { seen.append(place) }
            state.endpoints[device.deviceID] = seen
        }
    }
}
