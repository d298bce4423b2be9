import CastLog
import CastNet
import Dispatch
import Synchronization

/// The address and port a device's Cast channel is reached at; a check's answer holds for one endpoint.
struct AvailabilityEndpoint: Hashable, Sendable {
    var address: IPAddress?
    var port: UInt16

    init(_ device: Device) {
        address = device.networkAddress
        port = device.servicePort
    }

    var description: String {
        guard let address else { return "-:\(port)" }
        return address.isIPv4 ? "\(address):\(port)" : "[\(address)]:\(port)"
    }
}

/// What the app-availability filter knows about one instance (the manager's callback queue only).
struct AvailabilityEntry {
    /// The latest record a backend reported.
    var device: Device
    /// The check running for it: its number and the endpoint it asks.
    var inFlight: (number: Int, endpoint: AvailabilityEndpoint)?
    /// The last answer and the endpoint it came from.
    var verdict: (endpoint: AvailabilityEndpoint, result: AppAvailabilityResult)?
}

/// What other threads may read about the filter.
struct FilterSnapshot: Sendable {
    var filtered: [FilteredDevice] = []
    var checksInFlight = 0
}

/// The app-availability filter (GCKDiscoveryCriteria with application ids).
///
/// Rules: a device a backend reports is held out of the list until the checker answers; `.available` inserts it,
/// anything else keeps it out (it is then listed by `filteredOutDevices`, with the answer). A later report of the
/// same instance with the same address and port reuses the answer (an update of a listed device is an update); a
/// new address or port asks again, and a listed device stays listed with its old record until the new answer
/// comes (then it is updated, or removed when the answer is no longer `.available`). A lost device is forgotten,
/// its running check abandoned; `stopDiscovery` cancels every running check.
extension DiscoveryManager {
    /// Devices the app-availability filter keeps out of the list, ordered by friendly name, with their answers.
    public var filteredOutDevices: [FilteredDevice] { filterSnapshot.withLock { $0.filtered } }

    /// How many GET_APP_AVAILABILITY checks are running.
    public var availabilityChecksInFlight: Int { filterSnapshot.withLock { $0.checksInFlight } }

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

    /// Decides what to do with a reported device while the filter is on (callback queue).
    func checkAvailability(of device: Device) {
        let key = device.instanceName.lowercased()
        let endpoint = AvailabilityEndpoint(device)
        var entry = availability[key] ?? AvailabilityEntry(device: device)
        entry.device = device
        if let inFlight = entry.inFlight, inFlight.endpoint == endpoint {
            // The running check answers for this record too.
            availability[key] = entry
            return
        }
        if entry.inFlight == nil, let verdict = entry.verdict, verdict.endpoint == endpoint {
            availability[key] = entry
            applyVerdict(verdict.result, to: device)
            publishFilter()
            return
        }
        // A new device, or its address or port changed: ask (again); a check for the old endpoint is abandoned.
        if let inFlight = entry.inFlight { checkTasks.removeValue(forKey: inFlight.number)?.cancel() }
        lastCheckNumber += 1
        let number = lastCheckNumber
        entry.inFlight = (number, endpoint)
        availability[key] = entry
        publishFilter()
        guard let checker = availabilityChecker else { return }
        let appIDs = criteria.applicationIDs
        DiscoveryLog.manager.debug(
            "asking \(device.friendlyName) at \(endpoint.description) about \(appIDs.joined(separator: ","))",
            metadata(device, endpoint: endpoint))
        checkTasks[number] = Task { [weak self] in
            let result = await checker.availability(of: device, appIDs: appIDs)
            guard let self else { return }
            self.callbackQueue.async { self.finishCheck(number, key: key, result: result) }
        }
    }

    /// Applies a check's answer unless it was abandoned (callback queue).
    func finishCheck(_ number: Int, key: String, result: AppAvailabilityResult) {
        checkTasks[number] = nil
        guard discoveryState == .running, var entry = availability[key], let inFlight = entry.inFlight,
            inFlight.number == number
        else { return }
        entry.inFlight = nil
        entry.verdict = (inFlight.endpoint, result)
        availability[key] = entry
        var fields = metadata(entry.device, endpoint: inFlight.endpoint)
        fields.append("cast.availability", .string(result.kind))
        if result.isAvailable {
            DiscoveryLog.manager.info("keeping \(entry.device.friendlyName): \(result.description)", fields)
        } else {
            DiscoveryLog.manager.info(
                "filtering out \(entry.device.friendlyName) at \(inFlight.endpoint.description): \(result.description)",
                fields)
        }
        applyVerdict(result, to: entry.device)
        publishFilter()
    }

    /// Drops what the filter knows about a lost instance and abandons its check (callback queue).
    func forgetAvailability(of instanceName: String) {
        guard let entry = availability.removeValue(forKey: instanceName.lowercased()) else { return }
        if let inFlight = entry.inFlight { checkTasks.removeValue(forKey: inFlight.number)?.cancel() }
        publishFilter()
    }

    /// Cancels every running check; devices they were for are asked again when reported after the next start.
    func cancelAvailabilityChecks() {
        for task in checkTasks.values { task.cancel() }
        checkTasks = [:]
        for key in availability.keys { availability[key]?.inFlight = nil }
        publishFilter()
    }

    private func applyVerdict(_ result: AppAvailabilityResult, to device: Device) {
        if result.isAvailable {
            upsert(device)
        } else {
            remove(instanceName: device.instanceName, because: "filtered out, \(result.description)", verb: "removed")
        }
    }

    private func publishFilter() {
        var filtered: [FilteredDevice] = []
        var running = 0
        for entry in availability.values {
            if entry.inFlight != nil { running += 1 }
            if let verdict = entry.verdict, !verdict.result.isAvailable {
                filtered.append(FilteredDevice(device: entry.device, result: verdict.result))
            }
        }
        filtered.sort { DiscoveryManager.orders($0.device, before: $1.device) }
        filterSnapshot.withLock { $0 = FilterSnapshot(filtered: filtered, checksInFlight: running) }
    }

    private func metadata(_ device: Device, endpoint: AvailabilityEndpoint) -> LogMetadata {
        [
            "cast.device": .string(device.deviceID),
            "cast.app_id": .string(criteria.applicationIDs.joined(separator: ",")),
            "net.peer": .string(endpoint.description),
        ]
    }
}
