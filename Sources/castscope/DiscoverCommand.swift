import CastCLI
import CastDiscovery
import CastJSON
import CastNet
import CastWire
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Set by SIGINT/SIGTERM while watching; the wait loop checks it and exits 0.
private let discoverStopRequested = Atomic<Bool>(false)

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
                answers and ends with a verdict. --app records application ids; the app-availability filter is \
                not applied yet.
                """,
            options: [
                .option("timeout", value: "duration", help: "How long to browse.", default: "3s"),
                .option(
                    "via", value: "backend", help: "Discovery backend.", default: "auto",
                    values: Via.allCases.map(\.rawValue)),
                .option(
                    "interface", short: "i", value: "name", help: "Interface to use (repeatable).",
                    repeatable: true),
                .option(
                    "app", value: "appid", help: "Application id devices must support (recorded only).",
                    repeatable: true),
                .flag("json", help: "Print JSON instead of a table."),
                .flag("watch", help: "Stream additions, updates and removals until interrupted."),
                .flag("diagnose", help: "Check why devices are not found and print a verdict."),
                .option(
                    "advertise", value: "instance",
                    help: "Advertise a _googlecast service with the built-in responder until interrupted."),
                .option("port", value: "port", help: "Port to advertise with --advertise.", default: "8009"),
                .option("txt", value: "key=value", help: "TXT string to advertise (repeatable).", repeatable: true),
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let timeout = try invocation.duration("timeout") ?? .seconds(3)
        let via = try invocation.choice("via", as: Via.self) ?? .auto
        let names = invocation.options("interface")
        let interfaces: [NetworkInterface]
        do { interfaces = try DiscoveryInterfaces.select(names: names) } catch {
            io.printError("Error: \(error)")
            return 1
        }
        if let instance = invocation.option("advertise") {
            if via == .avahi { return try await advertiseWithAvahi(instance, invocation, io) }
            return try await advertise(instance, invocation, interfaces: interfaces, io)
        }
        if invocation.flag("diagnose") {
            let options = DiscoveryDiagnosis.Options(
                interfaces: interfaces, explicitInterfaces: !names.isEmpty, duration: timeout,
                useAvahi: via != .builtin, useBuiltin: via != .avahi, applicationIDs: invocation.options("app"))
            let report = await DiscoveryDiagnosis.run(options)
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
                io.printError("Error: no usable interface (up, MULTICAST, with an address); name one with --interface")
                return 1
            }
            io.printError("discover: built-in mDNS on \(interfaces.map(\.name).joined(separator: ", "))")
        }
        let manager = DiscoveryManager(
            backends: [backend], criteria: DiscoveryCriteria(applicationIDs: invocation.options("app")))
        let json = invocation.flag("json")
        if invocation.flag("watch") {
            let printer = WatchPrinter(io: io, json: json)
            manager.add(printer)
            try await manager.startDiscovery()
            signal(SIGINT) { _ in discoverStopRequested.store(true, ordering: .relaxed) }
            signal(SIGTERM) { _ in discoverStopRequested.store(true, ordering: .relaxed) }
            while !discoverStopRequested.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(100)) }
            await manager.stopDiscovery()
            return 0
        }
        try await manager.startDiscovery()
        try? await Task.sleep(for: timeout)
        await manager.stopDiscovery()
        let devices = manager.deviceList
        if json {
            io.print(JSONValue.array(devices.map(\.jsonValue)).serialized())
        } else {
            for line in table(devices) { io.print(line) }
            io.printError(
                "discover: \(devices.count) device\(devices.count == 1 ? "" : "s") via \(backend.kind.rawValue)")
        }
        return 0
    }

    /// `--advertise`: run the responder until SIGINT/SIGTERM, then send goodbyes.
    static func advertise(
        _ instance: String, _ invocation: Invocation, interfaces: [NetworkInterface], _ io: any CommandOutput
    ) async throws -> Int32 {
        let port = try invocation.integer("port", in: 1...65535) ?? 8009
        guard !interfaces.isEmpty else {
            io.printError("Error: no usable interface; name one with --interface")
            return 1
        }
        let responder = try await MDNSResponder.start(
            instance: instance, port: UInt16(port), txt: invocation.options("txt"), interfaces: interfaces)
        io.printError(
            "discover: advertising \(instance) port \(port) on \(interfaces.map(\.name).joined(separator: ", "))")
        signal(SIGINT) { _ in discoverStopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in discoverStopRequested.store(true, ordering: .relaxed) }
        while !discoverStopRequested.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(100)) }
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
        signal(SIGINT) { _ in discoverStopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in discoverStopRequested.store(true, ordering: .relaxed) }
        while !discoverStopRequested.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(100)) }
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

    static func address(_ device: Device) -> String {
        guard let address = device.networkAddress else { return "-:\(device.servicePort)" }
        return address.isIPv4 ? "\(address):\(device.servicePort)" : "[\(address)]:\(device.servicePort)"
    }
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
