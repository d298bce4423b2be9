import CastCLI
import CastDiscovery
import CastJSON
import CastNet
import CastSender
import CastTLS
import CastWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif


/// `castscope discover`: list Cast devices, stream changes, or diagnose why none are found.
///
/// Glue only: `DiscoveryManager` with the built-in or Avahi backend does the work, `DiscoveryDiagnosis` the checks.
enum DiscoverCommand {
    enum Via: String, CaseIterable { case auto, avahi, builtin }

    static var spec: CommandSpec {
        CommandSpec(
            name: "discover", abstract: "List Google Cast devices on the local network (mDNS _googlecast._tcp).",
            discussion: """
                Browses for --timeout, then prints the devices ordered by friendly name. --via auto uses \
                avahi-daemon when it answers on D-Bus and the built-in mDNS querier otherwise, and says which on \
                stderr. The built-in querier uses every interface that is up, multicast-capable and not loopback, \
                or only the --interface ones (loopback included when named). --json prints one array of devices; \
                with --watch, one JSON object per line for each change. --diagnose checks the host and the \
                answers and ends with a verdict. --app keeps only devices whose GET_APP_AVAILABILITY answer says \
                APP_AVAILABLE for one of the ids (each device is asked over TLS, after device authentication \
                unless --insecure-skip-auth); with --diagnose it lists the devices --app filters out and why. \
                --diagnose --host ADDR (and the addresses of CASTSCOPE_KNOWN_DEVICES) also probes each address \
                by unicast only: an mDNS query to ADDR:5353, TCP and TLS on 8009, GET /setup/eureka_info on \
                8008; a device that answers them but whose multicast never arrives means multicast is filtered \
                between here and it. Speaker groups show "group": true; --members asks each group for its \
                members (multizone GET_STATUS over TLS) and each device for its groups (GET_CASTING_GROUPS), and \
                marks the member the group runs on as its leader; discovery also browses _googlezone._tcp \
                and ties each speaker's zone to it ("zone" in JSON).
                """,
            options: [
                .option("timeout", value: "duration", help: "How long to browse.", default: "3s"),
                .option(
                    "via", value: "backend", help: "Discovery backend.", default: "auto",
                    values: Via.allCases.map(\.rawValue)),
                .option(
                    "interface", short: "i", value: "name", help: "Interface to use.",
                    repeatable: true),
                .option(
                    "app", value: "appid", help: "Keep devices where this receiver app is available.",
                    repeatable: true),
                TrustArguments.trustRoot,
                .flag("insecure-skip-auth", help: "Skip device authentication when asking devices (--app, --members)."),
                .flag("json", help: "Print JSON instead of a table."),
                .flag("watch", help: "Stream additions, updates and removals until interrupted."),
                .flag("diagnose", help: "Check why devices are not found and print a verdict."),
                .flag(
                    "members",
                    help: "Ask each speaker group for its members and each device for its groups (multizone, over TLS)."),
                .option(
                    "host", value: "address",
                    help: "With --diagnose, also probe this device address by unicast.", repeatable: true),
                .option(
                    "advertise", value: "instance",
                    help: "Advertise a _googlecast service with the built-in responder until interrupted."),
                .option("port", value: "port", help: "Port to advertise with --advertise.", default: "8009"),
                .option("txt", value: "key=value", help: "TXT string to advertise.", repeatable: true),
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let timeout = try invocation.duration("timeout") ?? .seconds(3)
        let via = try invocation.choice("via", as: Via.self) ?? .auto
        let names = invocation.options("interface")
        let interfaces: [NetworkInterface]
        do { interfaces = try DiscoveryInterfaces.select(names: names) } catch {
            throw CommandFailure("\(error)")
        }
        if let instance = invocation.option("advertise") {
            if via == .avahi { return try await advertiseWithAvahi(instance, invocation, io) }
            return try await advertise(instance, invocation, interfaces: interfaces, io)
        }
        let appIDs = invocation.options("app")
        let checkerLoop = appIDs.isEmpty ? nil : try EventLoop(name: "castscope-discover-apps")
        defer { checkerLoop?.shutdown() }
        let checker = try checkerLoop.map { loop in try availabilityChecker(appIDs, invocation, loop: loop, io) }
        if invocation.flag("diagnose") {
            var options = DiscoveryDiagnosis.Options(
                interfaces: interfaces, explicitInterfaces: !names.isEmpty, duration: timeout,
                useAvahi: via != .builtin, useBuiltin: via != .avahi, applicationIDs: appIDs,
                availabilityChecker: checker)
            options.candidates = try DiscoverProbes.candidates(invocation)
            options.guessedCandidates = DiscoverProbes.guesses(interfaces: interfaces, io)
            if !options.candidates.isEmpty || !options.guessedCandidates.isEmpty {
                options.tlsProbe = DiscoverProbes.tlsProbe(trustStore: try TrustArguments.trustStore(invocation))
            }
            let membersLoop = try EventLoop(name: "castscope-diagnose-groups")
            defer { membersLoop.shutdown() }
            options.groupMembers = try DiscoverGroups.membersProbe(invocation, loop: membersLoop, timeout: timeout)
            let report = await DiscoveryDiagnosis.run(options)
            DiscoverProbes.remember(report.devices, io)
            io.print(invocation.flag("json") ? report.jsonValue.serialized() : report.text)
            return report.verdict.status == .fail ? 1 : 0
        }
        let backend: any DiscoveryBackend
        switch via {
        case .builtin: backend = BuiltinDiscoveryBackend(interfaces: interfaces)
        case .avahi: backend = AvahiDiscoveryBackend(interfaces: names.isEmpty ? [] : interfaces)
        case .auto:
            switch AvahiProbe.check() {
            case .success(let version):
                io.printError("discover: using avahi-daemon (\(version))")
                backend = AvahiDiscoveryBackend(interfaces: names.isEmpty ? [] : interfaces)
            case .failure(let error):
                io.printError("discover: avahi-daemon not reachable (\(error.message)); using the built-in querier")
                backend = BuiltinDiscoveryBackend(interfaces: interfaces)
            }
        }
        if backend.kind == .builtin {
            guard !interfaces.isEmpty else {
                throw CommandFailure("no usable interface (up, MULTICAST, with an address); name one with --interface")
            }
            io.printError("discover: built-in mDNS on \(interfaces.map(\.name).joined(separator: ", "))")
        }
        let manager = DiscoveryManager(
            backends: [backend], criteria: DiscoveryCriteria(applicationIDs: appIDs), availabilityChecker: checker)
        let json = invocation.flag("json")
        if invocation.flag("watch") {
            let printer = WatchPrinter(io: io, json: json)
            manager.add(printer)
            try await manager.startDiscovery()
            await StopSignal.install().wait()
            StopSignal.restoreDefault()
            await manager.stopDiscovery()
            return 0
        }
        try await manager.startDiscovery()
        let zones = await DiscoverGroups.startZones(backend, interfaces: interfaces, explicit: !names.isEmpty)
        try? await Task.sleep(for: timeout)
        if let checker {
            // Devices found near the end are still being asked; their answers decide whether they are listed.
            // Checks beyond the concurrency cap wait their turn, one checker timeout per round.
            let cap = manager.maximumConcurrentChecks
            let rounds = max(1, (manager.availabilityChecksInFlight + cap - 1) / cap)
            _ = await manager.waitForAvailabilityChecks(timeout: checker.timeout * rounds + .seconds(1))
        }
        // Taken before the stop: what was still unanswered is in neither list below.
        let unanswered = manager.devicesBeingAsked
        await manager.stopDiscovery()
        let devices = manager.deviceList
        DiscoverProbes.remember(devices, io)
        let groups = try await DiscoverGroups.assemble(
            devices, zones: zones, askMembers: invocation.flag("members"), timeout: timeout, invocation: invocation, io)
        if json {
            io.print(JSONValue.array(devices.map(groups.jsonValue(for:))).serialized())
        } else {
            for line in table(devices) { io.print(line) }
            for line in groups.textLines { io.print(line) }
        }
        let filtered = manager.filteredOutDevices
        for entry in filtered {
            let name = entry.device.friendlyName
            let result = "\(entry.result)"
            // Device-auth refusals say how to see why (the chain and the rule), as `cast` does.
            let hint = result.contains("device authentication failed")
                ? "; 'castscope auth check \(address(entry.device))' shows its chain and why" : ""
            io.printError("discover: filtered out by --app: \(name) (\(address(entry.device))) \(result)\(hint)")
        }
        for device in unanswered {
            io.printError(
                "discover: not listed, GET_APP_AVAILABILITY still unanswered: \(device.friendlyName) "
                    + "(\(address(device)))")
        }
        if !json {
            io.printError(
                "discover: \(devices.count) device\(devices.count == 1 ? "" : "s") via \(backend.kind.rawValue)"
                    + (checker == nil ? "" : ", \(filtered.count) filtered out by --app")
                    + (unanswered.isEmpty ? "" : ", \(unanswered.count) still being asked"))
        }
        return 0
    }

    /// The GET_APP_AVAILABILITY checker for `--app`: device authentication as `castscope cast` does it.
    static func availabilityChecker(
        _ appIDs: [String], _ invocation: Invocation, loop: EventLoop, _ io: any CommandOutput
    ) throws -> CastAppAvailabilityChecker {
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: appIDs))
        options.deviceAuthentication = !invocation.flag("insecure-skip-auth")
        options.trustStore = try TrustArguments.trustStore(invocation)
        if !options.deviceAuthentication {
            io.printError("discover: device authentication is off (--insecure-skip-auth): devices are not verified")
        }
        return try CastAppAvailabilityChecker(options: options, eventLoop: loop)
    }

    /// `--advertise`: run the responder until SIGINT/SIGTERM, then send goodbyes.
    static func advertise(
        _ instance: String, _ invocation: Invocation, interfaces: [NetworkInterface], _ io: any CommandOutput
    ) async throws -> Int32 {
        let port = try invocation.integer("port", in: 1...65535) ?? 8009
        guard !interfaces.isEmpty else {
            throw CommandFailure("no usable interface; name one with --interface")
        }
        let responder = try await MDNSResponder.start(
            instance: instance, port: UInt16(port), txt: invocation.options("txt"), interfaces: interfaces)
        io.printError(
            "discover: advertising \(instance) port \(port) on \(interfaces.map(\.name).joined(separator: ", "))")
        let stop = StopSignal.install()
        defer { StopSignal.restoreDefault() }
        responder.onGiveUp { _ in stop.open() }
        await stop.wait()
        if let reason = await responder.gaveUpReason() {
            await responder.stop()
            throw CommandFailure("stopped advertising: \(reason)")
        }
        let advertised = await responder.currentInstance()
        await responder.stop()
        io.printError("discover: withdrawn \(advertised)")
        return 0
    }

    /// `--advertise --via avahi`: publish through avahi-daemon until SIGINT/SIGTERM.
    static func advertiseWithAvahi(_ instance: String, _ invocation: Invocation, _ io: any CommandOutput) async throws
        -> Int32
    {
        let port = try invocation.integer("port", in: 1...65535) ?? 8009
        let publisher = try AvahiPublisher.start(instance: instance, port: UInt16(port), txt: invocation.options("txt"))
        io.printError("discover: advertising \(instance) port \(port) through avahi-daemon")
        await StopSignal.install().wait()
        StopSignal.restoreDefault()
        let status = publisher.status
        publisher.stop()
        io.printError("discover: withdrawn \(status.name) (\(status.state))")
        return 0
    }

    /// Columns: name, model, address:port, capabilities, status, id.
    static func table(_ devices: [Device]) -> [String] {
        let header = ["NAME", "MODEL", "ADDRESS", "CAPABILITIES", "STATUS", "ID"]
        let rows = devices.map { device in
            [
                device.friendlyName, device.modelName ?? "-", address(device),
                device.capabilities.names.joined(separator: ","), device.status.description, device.deviceID,
            ]
        }
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
    }

    static func address(_ device: Device) -> String { device.endpointDescription }
}

/// Prints list changes as they happen for `--watch`.
private final class WatchPrinter: DiscoveryManagerListener, @unchecked Sendable {
    let io: any CommandOutput
    let json: Bool

    init(io: any CommandOutput, json: Bool) {
        self.io = io
        self.json = json
    }

    func didInsert(_ device: Device, at index: Int) { emit("added", device) }
    func didUpdate(_ device: Device, at oldIndex: Int, andMoveTo index: Int) { emit("updated", device) }
    func didRemove(_ device: Device, at index: Int) { emit("removed", device) }

    private func emit(_ event: String, _ device: Device) {
        if json {
            let object = JSONObject([
                JSONMember(key: "event", value: .string(event)), JSONMember(key: "device", value: device.jsonValue),
            ])
            io.print(JSONValue.object(object).serialized())
        } else {
            io.print(
                "\(event) \(device.friendlyName) (\(device.modelName ?? "-")) \(DiscoverCommand.address(device)) \(device.deviceID)"
            )
        }
    }
}
