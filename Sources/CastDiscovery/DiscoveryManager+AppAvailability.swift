import CastLog
import CastNet
import Dispatch
import Synchronization

/// The app-availability filter (GCKDiscoveryCriteria with application ids).
///
/// Rules: a device a backend reports is held out of the list until a check answers; `.available` inserts it,
/// anything else keeps it out (it is then listed by `filteredOutDevices`, with the answer). Answers are kept per
/// endpoint (address and port) and shared by every instance reported there; a record is decided by the answers
/// for all of its addresses, so two backends listing the addresses in another order do not ask again, and any
/// address answering `.available` keeps the device. When every asked address is unreachable, the next address is
/// asked. A new address or port asks again while a listed device stays listed with its old record until the
/// answer comes. An `.unreachable` answer (a device still booting, a lost packet) is not final: it holds for
/// 30 s, then 60 s, 120 s… up to 8 min, after which the endpoint is asked again. At most
/// `maximumConcurrentChecks` checks run at once, the rest queue. A lost device is forgotten and checks no record
/// needs any more are abandoned; `stopDiscovery` cancels every check.
extension DiscoveryManager {
    /// The first wait before an unreachable endpoint is asked again; it doubles with each failure in a row.
    static let unreachableRetryDelay: Duration = .seconds(30)
    /// The longest wait before asking an unreachable endpoint again.
    static let unreachableRetryLimit: Duration = .seconds(480)

    /// Devices the app-availability filter keeps out of the list, ordered by friendly name, with their answers.
    public var filteredOutDevices: [FilteredDevice] { filterSnapshot.withLock { $0.filtered } }

    /// Devices reported but not yet answered for (in neither `deviceList` nor `filteredOutDevices`), by name.
    public var devicesBeingAsked: [Device] { filterSnapshot.withLock { $0.asking } }

    /// How many GET_APP_AVAILABILITY checks are running or waiting for a slot.
    public var availabilityChecksInFlight: Int { filterSnapshot.withLock { $0.checksInFlight } }

    /// How many GET_APP_AVAILABILITY checks are running (at most `maximumConcurrentChecks`).
    public var availabilityChecksRunning: Int { filterSnapshot.withLock { $0.checksRunning } }

    /// Waits until no check is running (after the events already delivered are applied), up to `timeout`;
    /// false when checks were still running at the deadline. `castscope discover` calls it before it stops.
    public func waitForAvailabilityChecks(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callbackQueue.async { continuation.resume() }
        }
        while availabilityChecksInFlight > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Records a reported device and decides on it while the filter is on (callback queue).
    func checkAvailability(of device: Device) {
        let key = device.instanceName.lowercased()
        var entry = availability[key] ?? AvailabilityEntry(device: device)
        entry.device = device
        availability[key] = entry
        evaluate(key)
        dropUnneededEndpoints()
        publishFilter()
    }

    /// Lists or filters out the instance from the answers for its addresses, or asks (callback queue).
    private func evaluate(_ key: String) {
        guard let entry = availability[key] else { return }
        let device = entry.device
        let now = availabilityClock.now
        let endpoints = AvailabilityEndpoint.all(of: device)
        let fresh = endpoints.compactMap { endpoint in
            endpointAnswers[endpoint].flatMap { $0.isFresh(at: now) ? $0.result : nil }
        }
        let unavailable = fresh.first { if case .unavailable = $0 { true } else { false } }
        if let answer = fresh.first(where: \.isAvailable) ?? unavailable {
            // The device answered (through one of its addresses).
            decide(answer, key: key)
            return
        }
        if endpoints.contains(where: { endpointChecks[$0] != nil }) { return }  // a check answers for this record
        if let unasked = endpoints.first(where: { endpoint in
            endpointAnswers[endpoint].map { !$0.isFresh(at: now) } ?? true
        }) {
            ask(unasked, for: device)
            return
        }
        // Every address is unreachable.
        if let answer = endpointAnswers[AvailabilityEndpoint(device)]?.result ?? fresh.first {
            decide(answer, key: key)
        }
    }

    private func decide(_ result: AppAvailabilityResult, key: String) {
        guard var entry = availability[key] else { return }
        let changed = entry.decision != result
        entry.decision = result
        availability[key] = entry
        if changed {
            var fields = metadata(entry.device, endpoint: AvailabilityEndpoint(entry.device))
            fields.append("cast.availability", .string(result.kind))
            if result.isAvailable {
                log.manager.info("keeping \(entry.device.friendlyName): \(result.description)", fields)
            } else {
                log.manager.info("filtering out \(entry.device.friendlyName): \(result.description)", fields)
            }
        }
        if result.isAvailable {
            upsert(entry.device)
        } else {
            remove(
                instanceName: entry.device.instanceName, because: "filtered out, \(result.description)",
                verb: "removed")
        }
    }

    /// Queues a check of `endpoint`, asking with a copy of `device` whose first address is that endpoint's.
    private func ask(_ endpoint: AvailabilityEndpoint, for device: Device) {
        var record = device
        if let address = endpoint.address, let index = record.addresses.firstIndex(of: address) {
            record.addresses.remove(at: index)
            record.addresses.insert(address, at: 0)
        }
        lastCheckNumber += 1
        endpointChecks[endpoint] = EndpointCheck(number: lastCheckNumber, device: record, task: nil)
        checkQueue.append(endpoint)
        startQueuedChecks()
    }

    /// Starts queued checks while fewer than `maximumConcurrentChecks` run.
    private func startQueuedChecks() {
        guard let checker = availabilityChecker else { return }
        var running = endpointChecks.values.filter { $0.task != nil }.count
        while running < maximumConcurrentChecks, !checkQueue.isEmpty {
            let endpoint = checkQueue.removeFirst()
            guard let check = endpointChecks[endpoint], check.task == nil else { continue }
            let appIDs = criteria.applicationIDs
            let number = check.number
            let device = check.device
            log.manager.debug(
                "asking \(device.friendlyName) at \(endpoint.description) about \(appIDs.joined(separator: ","))",
                metadata(device, endpoint: endpoint))
            endpointChecks[endpoint]?.task = Task { [weak self] in
                let result = await checker.availability(of: device, appIDs: appIDs)
                guard let self else { return }
                self.callbackQueue.async { self.finishCheck(number, endpoint: endpoint, result: result) }
            }
            running += 1
        }
    }

    /// Stores a check's answer unless it was abandoned, and decides on every record it answers for.
    func finishCheck(_ number: Int, endpoint: AvailabilityEndpoint, result: AppAvailabilityResult) {
        guard let check = endpointChecks[endpoint], check.number == number else { return }
        endpointChecks[endpoint] = nil
        defer {
            startQueuedChecks()
            publishFilter()
        }
        guard discoveryState == .running else { return }
        let previous = endpointAnswers[endpoint]
        previous?.retry?.cancel()
        var answer = EndpointAnswer(result: result, number: number, expires: nil, failures: 0, retry: nil)
        if case .unreachable = result {
            answer.failures = (previous?.expires != nil ? previous?.failures ?? 0 : 0) + 1
            let delay = Self.retryDelay(afterFailures: answer.failures)
            answer.expires = availabilityClock.now + delay
            answer.retry = availabilityClock.schedule(after: delay) { [weak self] in
                guard let self else { return }
                self.callbackQueue.async { self.retryUnreachable(endpoint, number: number) }
            }
            var fields = metadata(check.device, endpoint: endpoint)
            fields.append("cast.availability", .string(result.kind))
            log.manager.debug(
                "\(check.device.friendlyName) at \(endpoint.description): \(result.description); asking again in \(delay)",
                fields)
        }
        endpointAnswers[endpoint] = answer
        for key in keys(reachableAt: endpoint) { evaluate(key) }
    }

    /// An unreachable answer expired: the records at that endpoint ask again (callback queue).
    private func retryUnreachable(_ endpoint: AvailabilityEndpoint, number: Int) {
        guard discoveryState == .running, endpointAnswers[endpoint]?.number == number else { return }
        endpointAnswers[endpoint]?.retry = nil
        for key in keys(reachableAt: endpoint) { evaluate(key) }
        publishFilter()
    }

    /// 30 s, 60 s, 120 s… capped at `unreachableRetryLimit`.
    static func retryDelay(afterFailures failures: Int) -> Duration {
        var delay = unreachableRetryDelay
        for _ in 1..<max(failures, 1) where delay < unreachableRetryLimit { delay = delay * 2 }
        return min(delay, unreachableRetryLimit)
    }

    private func keys(reachableAt endpoint: AvailabilityEndpoint) -> [String] {
        availability.filter { AvailabilityEndpoint.all(of: $0.value.device).contains(endpoint) }.keys.sorted()
    }

    /// Drops what the filter knows about a lost instance and abandons checks no record needs (callback queue).
    func forgetAvailability(of instanceName: String) {
        guard availability.removeValue(forKey: instanceName.lowercased()) != nil else { return }
        dropUnneededEndpoints()
        publishFilter()
    }

    /// Cancels checks and forgets answers for endpoints no known record has any more.
    private func dropUnneededEndpoints() {
        var needed = Set<AvailabilityEndpoint>()
        for entry in availability.values { needed.formUnion(AvailabilityEndpoint.all(of: entry.device)) }
        for (endpoint, check) in endpointChecks where !needed.contains(endpoint) {
            check.task?.cancel()
            endpointChecks[endpoint] = nil
        }
        checkQueue.removeAll { !needed.contains($0) }
        for (endpoint, answer) in endpointAnswers where !needed.contains(endpoint) {
            answer.retry?.cancel()
            endpointAnswers[endpoint] = nil
        }
        startQueuedChecks()
    }

    /// Cancels every running check; devices they were for are asked again when reported after the next start.
    func cancelAvailabilityChecks() {
        for check in endpointChecks.values { check.task?.cancel() }
        endpointChecks = [:]
        checkQueue = []
        publishFilter()
    }

    private func publishFilter() {
        var filtered: [FilteredDevice] = []
        var asking: [Device] = []
        for entry in availability.values {
            if let decision = entry.decision {
                if !decision.isAvailable { filtered.append(FilteredDevice(device: entry.device, result: decision)) }
            } else {
                asking.append(entry.device)
            }
        }
        filtered.sort { DiscoveryManager.orders($0.device, before: $1.device) }
        asking.sort { DiscoveryManager.orders($0, before: $1) }
        let snapshot = FilterSnapshot(
            filtered: filtered, asking: asking, checksInFlight: endpointChecks.count,
            checksRunning: endpointChecks.values.filter { $0.task != nil }.count)
        filterSnapshot.withLock { $0 = snapshot }
    }

    private func metadata(_ device: Device, endpoint: AvailabilityEndpoint) -> LogMetadata {
        [
            "cast.device": .string(device.deviceID),
            "cast.app_id": .string(criteria.applicationIDs.joined(separator: ",")),
            "net.peer": .string(endpoint.description),
        ]
    }
}
