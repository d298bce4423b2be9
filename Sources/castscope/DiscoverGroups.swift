import CastCLI
import CastDiscovery
import CastNet
import CastSender
import CastWire

/// `discover`'s speaker-group part: `_googlezone._tcp` browsed next to discovery (built-in querier only) and,
/// with `--members`, each group asked for its members and each speaker for its groups over TLS.
enum DiscoverGroups {
    /// Starts browsing `_googlezone._tcp` the way the backend browses: with the built-in querier, or through
    /// avahi-daemon; nil when that cannot start (zones are then not shown).
    static func startZones(_ backend: any DiscoveryBackend, interfaces: [NetworkInterface], explicit: Bool) async
        -> GoogleZoneBrowser?
    {
        let browser: GoogleZoneBrowser?
        switch backend.kind {
        case .builtin: browser = try? GoogleZoneBrowser(interfaces: interfaces)
        case .avahi: browser = GoogleZoneBrowser(avahiInterfaces: explicit ? interfaces : [])
        }
        guard let browser, (try? await browser.start()) != nil else { return nil }
        return browser
    }

    /// `--diagnose`'s members probe: MULTIZONE_STATUS over TLS, device authentication as `--members` does it.
    static func membersProbe(_ invocation: Invocation, loop: EventLoop, timeout: Duration) throws
        -> GroupChecks.MembersProbe
    {
        let client = try CastPlatformClient(options: try platformOptions(invocation), eventLoop: loop,
                                            timeout: min(timeout, .seconds(3)))
        return { group in
            let answer = await client.multizone(of: group, castingGroups: false)
            return (answer.status?.status.devices, answer.failure)
        }
    }

    private static func platformOptions(_ invocation: Invocation) throws -> CastOptions {
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria())
        options.deviceAuthentication = !invocation.flag("insecure-skip-auth")
        options.trustStore = try TrustArguments.trustStore(invocation)
        return options
    }

    /// The groups of `devices`: zones from `zones`, members (with `--members`) from each device's multizone answer,
    /// all asked at once, each bounded by `timeout`.
    static func assemble(
        _ devices: [Device], zones: GoogleZoneBrowser?, askMembers: Bool, timeout: Duration, invocation: Invocation,
        _ io: any CommandOutput
    ) async throws -> DeviceGroups {
        let found = await zones?.zones() ?? []
        await zones?.stop()
        guard askMembers, !devices.isEmpty else { return DeviceGroups(devices: devices, zones: found) }
        let loop = try EventLoop(name: "castscope-discover-members")
        defer { loop.shutdown() }
        let client = try CastPlatformClient(options: try platformOptions(invocation), eventLoop: loop, timeout: timeout)
        let answers = await withTaskGroup(of: (String, MultizoneQueryResult).self) { tasks in
            for device in devices {
                tasks.addTask { (device.deviceID, await client.multizone(of: device, castingGroups: !device.isGroup)) }
            }
            var collected: [String: MultizoneQueryResult] = [:]
            for await (id, result) in tasks { collected[id] = result }
            return collected
        }
        var lists: [String: [MultizoneDevice]] = [:]
        var groups: [String: [CastingGroup]] = [:]
        var failures: [String: String] = [:]
        for device in devices {
            guard let answer = answers[device.deviceID] else { continue }
            if device.isGroup, let status = answer.status { lists[device.deviceID] = status.status.devices }
            if let castingGroups = answer.castingGroups { groups[device.deviceID] = castingGroups }
            if let failure = answer.failure, device.isGroup || answer.castingGroups == nil {
                failures[device.deviceID] = failure
                // Devices that are not groups (a TV with Cast built in) may not speak multizone at all: said in
                // the JSON only, not once per device on stderr.
                if device.isGroup {
                    io.printError("discover: \(device.friendlyName) (\(DiscoverCommand.address(device))): \(failure)")
                }
            }
        }
        return DeviceGroups(devices: devices, zones: found, memberLists: lists, castingGroups: groups,
                            failures: failures)
    }
}
