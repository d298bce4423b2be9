import CastNet

/// The `app-filter` check: which devices `--app` keeps out of the list, and why.
extension DiscoveryDiagnosis {
    /// Asks each device GET_APP_AVAILABILITY for `appIDs` (at most `maximumConcurrentChecks` at once, one check
    /// per address and port however many instances share it) and reports the ones the filter drops: ok when
    /// none, warn when some, fail when every device found would be dropped (discover --app shows nothing).
    public static func appFilter(
        _ devices: [Device], appIDs: [String], checker: (any DeviceAvailabilityChecker)?,
        maximumConcurrentChecks: Int = 8
    ) async -> DiagnosticCheck {
        let ids = appIDs.joined(separator: ",")
        guard let checker else {
            return DiagnosticCheck(
                id: "app-filter", status: .ok, summary: "--app \(ids): no availability checker, nothing filtered",
                evidence: ["\(devices.count) device(s) were not asked GET_APP_AVAILABILITY"])
        }
        // One check per endpoint, asked with the first record naming it.
        var endpoints: [AvailabilityEndpoint] = []
        var asked: [AvailabilityEndpoint: Device] = [:]
        for device in devices where asked[AvailabilityEndpoint(device)] == nil {
            endpoints.append(AvailabilityEndpoint(device))
            asked[AvailabilityEndpoint(device)] = device
        }
        let limit = max(1, maximumConcurrentChecks)
        let answers = await withTaskGroup(of: (AvailabilityEndpoint, AppAvailabilityResult).self) { group in
            var next = 0
            func addNext() {
                guard next < endpoints.count, let device = asked[endpoints[next]] else { return }
                let endpoint = endpoints[next]
                next += 1
                group.addTask { (endpoint, await checker.availability(of: device, appIDs: appIDs)) }
            }
            for _ in 0..<limit { addNext() }
            var answers: [AvailabilityEndpoint: AppAvailabilityResult] = [:]
            for await (endpoint, result) in group {
                answers[endpoint] = result
                addNext()
            }
            return answers
        }
        let results = devices.map { device in
            (device, answers[AvailabilityEndpoint(device)] ?? .unreachable(reason: "not asked"))
        }
        return appFilterCheck(results, appIDs: appIDs)
    }

    /// The check from devices and their answers (separate so it is tested without a network).
    static func appFilterCheck(_ answers: [(Device, AppAvailabilityResult)], appIDs: [String]) -> DiagnosticCheck {
        let ids = appIDs.joined(separator: ",")
        let dropped = answers.filter { !$0.1.isAvailable }
        let kept = answers.count - dropped.count
        guard !dropped.isEmpty else {
            return DiagnosticCheck(
                id: "app-filter", status: .ok,
                summary: "--app \(ids): no device was filtered out (\(kept) report the app available)")
        }
        var evidence = dropped.map { device, result in
            "\(device.friendlyName) (\(endpointText(device))): \(result.description)"
        }
        if kept > 0 { evidence.append("\(kept) device(s) report the app available") }
        var fixes: [String] = []
        if dropped.contains(where: { if case .unavailable = $0.1 { true } else { false } }) {
            fixes.append(
                "APP_UNAVAILABLE: check the app id; an unpublished receiver app runs only on devices registered for "
                    + "development in the Cast SDK Developer Console")
        }
        if dropped.contains(where: { if case .unreachable = $0.1 { true } else { false } }) {
            fixes.append(
                "unreachable: the device's Cast port must accept TLS from this host (firewall, routing); with "
                    + "device authentication failing, 'castscope auth check DEVICE' shows the device's chain and why it is not "
                    + "trusted (--insecure-skip-auth skips the check)")
        }
        return DiagnosticCheck(
            id: "app-filter", status: kept == 0 ? .fail : .warn,
            summary: "\(dropped.count) of \(answers.count) device(s) filtered out by --app \(ids): "
                + "GET_APP_AVAILABILITY did not report the app available",
            evidence: evidence, fix: fixes.joined(separator: "; "))
    }

    private static func endpointText(_ device: Device) -> String {
        guard let address = device.networkAddress else { return "-:\(device.servicePort)" }
        return address.isIPv4 ? "\(address):\(device.servicePort)" : "[\(address)]:\(device.servicePort)"
    }
}
