import CastNet

/// The address and port a device's Cast channel is reached at; a check's answer holds for one endpoint.
struct AvailabilityEndpoint: Hashable, Sendable {
    var address: IPAddress?
    var port: UInt16

    /// The endpoint a check of `device` connects to (its first address).
    init(_ device: Device) {
        address = device.networkAddress
        port = device.servicePort
    }

    init(address: IPAddress?, port: UInt16) {
        self.address = address
        self.port = port
    }

    /// Every endpoint `device` is reachable at, its first address first; one without address when it has none.
    static func all(of device: Device) -> [AvailabilityEndpoint] {
        guard !device.addresses.isEmpty else { return [AvailabilityEndpoint(device)] }
        var seen: [AvailabilityEndpoint] = []
        for address in device.addresses {
            let endpoint = AvailabilityEndpoint(address: address, port: device.servicePort)
            if !seen.contains(endpoint) { seen.append(endpoint) }
        }
        return seen
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
    /// The answer the list reflects for this instance; nil while it was never decided (it is being asked).
    var decision: AppAvailabilityResult?
}

/// The last answer from one endpoint (the manager's callback queue only).
struct EndpointAnswer {
    var result: AppAvailabilityResult
    /// The check that gave it.
    var number: Int
    /// When an `.unreachable` answer stops counting and the endpoint is asked again; nil for real answers.
    var expires: MonotonicInstant?
    /// Unreachable answers in a row, for the retry backoff.
    var failures: Int
    /// The timer that asks again at `expires`.
    var retry: (any Cancellable)?

    func isFresh(at now: MonotonicInstant) -> Bool { expires.map { now < $0 } ?? true }
}

/// A check asking one endpoint, running or waiting for a slot (the manager's callback queue only).
struct EndpointCheck {
    var number: Int
    /// The record asked (its first address is the endpoint).
    var device: Device
    /// Nil while queued.
    var task: Task<Void, Never>?
}

/// What other threads may read about the filter.
struct FilterSnapshot: Sendable {
    var filtered: [FilteredDevice] = []
    var asking: [Device] = []
    var checksInFlight = 0
    var checksRunning = 0
}
