public import CastLog
public import CastNet
public import Dispatch
import Synchronization

/// Keeps the list of Cast devices the backends find, ordered by friendly name (GCKDiscoveryManager).
///
/// Backends deliver events from their own threads; the manager applies them on its serial callback queue, so the
/// list and the listener callbacks always agree. Devices are keyed by instance name; two backends finding the same
/// instance give one entry (the later report wins).
///
/// With application ids in `criteria` and an `availabilityChecker`, a device enters the list only after
/// GET_APP_AVAILABILITY says one of the ids is available on it (see `DiscoveryManager+AppAvailability.swift`).
public final class DiscoveryManager: @unchecked Sendable {
    /// GCKDiscoveryState.
    public enum State: Int, Sendable {
        /// Not discovering.
        case stopped = 0
        /// Discovering.
        case running = 1
    }

    /// Which devices to keep.
    public let criteria: DiscoveryCriteria
    /// Asks devices GET_APP_AVAILABILITY when `criteria` has application ids; nil keeps every device.
    public let availabilityChecker: (any DeviceAvailabilityChecker)?
    /// The serial queue listener callbacks arrive on.
    public let callbackQueue: DispatchQueue
    private let backends: [any DiscoveryBackend]
    // Touched on callbackQueue only.
    var devices: [Device] = []
    private var listeners: [any DiscoveryManagerListener] = []
    /// The app-availability filter's bookkeeping per lower-cased instance name (callbackQueue only).
    var availability: [String: AvailabilityEntry] = [:]
    /// The last answer per endpoint, shared by every instance at that endpoint (callbackQueue only).
    var endpointAnswers: [AvailabilityEndpoint: EndpointAnswer] = [:]
    /// Checks running or queued, one per endpoint (callbackQueue only).
    var endpointChecks: [AvailabilityEndpoint: EndpointCheck] = [:]
    /// Endpoints whose check waits for a free slot, oldest first (callbackQueue only).
    var checkQueue: [AvailabilityEndpoint] = []
    /// The last check number handed out (callbackQueue only); numbers are never reused.
    var lastCheckNumber = 0
    /// Times the retry of unreachable devices; timer actions only queue work on `callbackQueue`.
    let availabilityClock: any ProtocolClock
    /// GCKDiscoveryManager and the other discovery classes on the manager's logger.
    let log: DiscoveryLog
    /// At most this many checks run at once (each is a TCP and TLS connection); the rest wait in `checkQueue`.
    public let maximumConcurrentChecks: Int
    private let stateBox = Mutex(State.stopped)
    private let snapshotBox = Mutex<[Device]>([])
    /// Filtered devices and the number of checks in flight, readable from any thread.
    let filterSnapshot = Mutex(FilterSnapshot())
    /// Whether the backends should scan passively; takes effect at the next `startDiscovery` (backends read it when
    /// they are built, so callers pass it to them too).
    public let passiveScan: Bool

    /// A manager over `backends`; `availabilityChecker` applies the app-availability part of `criteria`, at most
    /// `maximumConcurrentChecks` at once; `clock` times the retries of unreachable devices (a real clock by
    /// default; tests pass a `ManualClock`).
    public init(
        backends: [any DiscoveryBackend], criteria: DiscoveryCriteria = DiscoveryCriteria(), passiveScan: Bool = false,
        availabilityChecker: (any DeviceAvailabilityChecker)? = nil, maximumConcurrentChecks: Int = 8,
        clock: (any ProtocolClock)? = nil, logger: Logger = .shared
    ) {
        precondition(maximumConcurrentChecks > 0, "at least one check must be able to run")
        log = DiscoveryLog.on(logger)
        self.backends = backends
        self.criteria = criteria
        self.passiveScan = passiveScan
        self.availabilityChecker = availabilityChecker
        self.maximumConcurrentChecks = maximumConcurrentChecks
        let queue = DispatchQueue(label: "castscope.DiscoveryManager")
        callbackQueue = queue
        availabilityClock = clock ?? DispatchQueueClock(queue: queue)
    }

    /// True when devices are listed only after GET_APP_AVAILABILITY said yes (app ids and a checker are set).
    public var isAppAvailabilityFilterApplied: Bool { criteria.requiresAppAvailability && availabilityChecker != nil }

    /// GCKDiscoveryState.
    public var discoveryState: State { stateBox.withLock { $0 } }
    /// The devices, ordered by friendly name (a snapshot).
    public var deviceList: [Device] { snapshotBox.withLock { $0 } }
    /// Number of devices.
    public var deviceCount: Int { deviceList.count }
    /// Whether any device is known.
    public var hasDiscoveredDevices: Bool { deviceCount > 0 }
    /// The device at `index` of `deviceList`, nil when out of range.
    public func device(at index: Int) -> Device? {
        let list = deviceList
        return list.indices.contains(index) ? list[index] : nil
    }
    /// The device with this unique ID.
    public func device(withUniqueID uniqueID: String) -> Device? { deviceList.first { $0.uniqueID == uniqueID } }

    /// Waits up to `timeout` for the device with this unique ID to be in the list (GCKDiscoveryManager
    /// `findDeviceWithUniqueID:timeout:completion:`); nil when it did not appear.
    public func findDevice(withUniqueID uniqueID: String, timeout: Duration) async -> Device? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let device = device(withUniqueID: uniqueID) { return device }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Adds a listener (kept strongly until removed).
    public func add(_ listener: any DiscoveryManagerListener) {
        callbackQueue.async { self.listeners.append(listener) }
    }

    /// Removes a listener.
    public func remove(_ listener: any DiscoveryManagerListener) {
        callbackQueue.async { self.listeners.removeAll { $0 === listener } }
    }

    /// Starts every backend; a backend that fails to start is logged and the others keep running.
    /// Throws the first error when none started.
    public func startDiscovery() async throws {
        guard
            stateBox.withLock({ state in
                defer { state = .running }
                return state == .stopped
            })
        else { return }
        if criteria.requiresAppAvailability {
            let ids = criteria.applicationIDs.joined(separator: ",")
            if availabilityChecker == nil {
                log.manager.warning(
                    "app ids \(ids) given without an availability checker; every device is kept",
                    ["cast.app_id": .string(ids)])
            } else {
                log.manager.info(
                    "keeping only devices where GET_APP_AVAILABILITY reports one of \(ids) available",
                    ["cast.app_id": .string(ids)])
            }
        }
        var firstError: (any Error)?
        var started = 0
        for backend in backends {
            do {
                try await backend.start { [weak self] event in
                    guard let self else { return }
                    self.callbackQueue.async { self.apply(event) }
                }
                started += 1
                log.manager.info("started \(backend.kind.rawValue) discovery")
            } catch {
                log.manager.warning(
                    "\(backend.kind.rawValue) discovery failed to start: \(String(describing: error))")
                firstError = firstError ?? error
            }
        }
        if started == 0, let firstError {
            stateBox.withLock { $0 = .stopped }
            throw firstError
        }
        callbackQueue.async { for listener in self.listeners { listener.didStartDiscovery() } }
    }

    /// Stops every backend; the list is kept until the next start.
    public func stopDiscovery() async {
        guard
            stateBox.withLock({ state in
                defer { state = .stopped }
                return state == .running
            })
        else { return }
        // Queued before awaiting the backends: a `startDiscovery` during that wait must not have its new checks
        // cancelled by this stop.
        callbackQueue.async { self.cancelAvailabilityChecks() }
        for backend in backends { await backend.stop() }
        log.manager.info("stopped discovery")
    }

    /// Applies one backend event to the list and tells the listeners (callback queue).
    private func apply(_ event: DiscoveryEvent) {
        guard discoveryState == .running else { return }
        switch event {
        case .found(let device):
            if isAppAvailabilityFilterApplied {
                checkAvailability(of: device)
            } else {
                upsert(device)
            }
        case .lost(let instanceName, let reason):
            if isAppAvailabilityFilterApplied { forgetAvailability(of: instanceName) }
            remove(instanceName: instanceName, because: reason.rawValue)
        }
    }

    /// Inserts `device` or updates its entry (moving it when its name changed), with the listener callbacks.
    func upsert(_ device: Device) {
        let oldIndex = devices.firstIndex { $0.instanceName.lowercased() == device.instanceName.lowercased() }
        if let oldIndex, devices[oldIndex] == device { return }
        notify { $0.willUpdateDeviceList() }
        if let oldIndex { devices.remove(at: oldIndex) }
        let index = devices.firstIndex { DiscoveryManager.orders(device, before: $0) } ?? devices.count
        devices.insert(device, at: index)
        publish()
        if let oldIndex {
            log.manager.debug("updated \(device.friendlyName) at \(index)")
            notify { $0.didUpdate(device, at: oldIndex, andMoveTo: index) }
        } else {
            log.manager.info(
                "found \(device.friendlyName) (\(device.modelName ?? "?")) at \(device.networkAddress?.description ?? "?"):\(device.servicePort) via \(device.via.rawValue)"
            )
            notify { $0.didInsert(device, at: index) }
        }
        notify { $0.didUpdateDeviceList() }
    }

    /// Removes the device with this instance name, if listed, with the listener callbacks.
    func remove(instanceName: String, because reason: String, verb: String = "lost") {
        guard let index = devices.firstIndex(where: { $0.instanceName.lowercased() == instanceName.lowercased() })
        else { return }
        notify { $0.willUpdateDeviceList() }
        let device = devices.remove(at: index)
        publish()
        log.manager.info(
            "\(verb) \(device.friendlyName) (\(reason))", ["cast.device": .string(device.deviceID)])
        notify { $0.didRemove(device, at: index) }
        notify { $0.didUpdateDeviceList() }
    }

    private func notify(_ body: (any DiscoveryManagerListener) -> Void) {
        for listener in listeners { body(listener) }
    }

    private func publish() {
        let copy = devices
        snapshotBox.withLock { $0 = copy }
    }

    /// Friendly name without case, then unique ID, then instance name: a total, stable order.
    static func orders(_ lhs: Device, before rhs: Device) -> Bool {
        let left = lhs.friendlyName.lowercased()
        let right = rhs.friendlyName.lowercased()
        if left != right { return left < right }
        if lhs.uniqueID != rhs.uniqueID { return lhs.uniqueID < rhs.uniqueID }
        return lhs.instanceName < rhs.instanceName
    }
}
