public import Foundation

/// Turns a stream of probe observations into events and availability figures. Pure: time comes with each
/// observation, so an hour of flapping is a test, not a wait.
///
/// A device is down after `failuresBeforeDown` failed probes in a row (one lost packet is not an outage) and back
/// at the first answer; its outage runs from the first failed probe to that answer. A reboot is an uptime below its
/// last value or more than `uptimeSlack` below what the wall clock expects, or another build.
public struct MonitorEngine: Sendable {
    /// What the engine knows of one device.
    public struct DeviceState: Sendable, Hashable {
        public var device: String
        public var address: String
        public var isUp: Bool
        public var firstSeen: Date
        public var lastObserved: Date
        /// Since when the device is down (its first failed probe), nil while up.
        public var downSince: Date?
        public var consecutiveFailures = 0
        public var rtt: Double?
        public var uptime: Double?
        public var uptimeAt: Date?
        public var build: String?
        /// Seconds down so far (closed outages), and the outages' count and longest.
        public var downSeconds = 0.0
        public var outages = 0
        public var longestOutage = 0.0
        public var reboots = 0
        /// The outages that ended, oldest first (at most `maximumSpans`; the count goes on in `outages`).
        public var outageSpans: [ClosedRange<Date>] = []
        /// Whether it ever answered a probe.
        public var hasAnswered = false
        /// Up for the metrics: answering (or one failure short of an outage) and ever seen.
        public var isUpNow: Bool { isUp && hasAnswered }
        /// When the current down stretch's first failure came, before it counts as down.
        var firstFailure: Date?
    }

    public var failuresBeforeDown: Int
    public var uptimeSlack: Double
    public private(set) var devices: [String: DeviceState] = [:]
    /// Events of each kind so far.
    public private(set) var eventCounts: [MonitorEvent.Kind: Int] = [:]
    /// Most devices tracked (bounded label cardinality for the metrics).
    public static let maximumDevices = 256
    /// Most ended outages kept per device for the report.
    public static let maximumSpans = 10_000

    /// An engine with the given thresholds.
    public init(failuresBeforeDown: Int = 2, uptimeSlack: Double = 2) {
        self.failuresBeforeDown = max(1, failuresBeforeDown)
        self.uptimeSlack = uptimeSlack
    }

    /// Takes one observation made at `at`; returns the events it shows.
    public mutating func observe(_ observation: ProbeObservation, at: Date) -> [MonitorEvent] {
        var events: [MonitorEvent] = []
        guard var state = devices[observation.device] else {
            guard devices.count < Self.maximumDevices else { return [] }
            // A device starts as up: one that never answers is named unreachable after the same failed probes.
            var state = DeviceState(device: observation.device, address: observation.address, isUp: true,
                                    firstSeen: at, lastObserved: at)
            if observation.reachable {
                state.rtt = observation.rtt
                state.uptime = observation.uptime
                state.uptimeAt = observation.uptime == nil ? nil : at
                state.build = observation.build
                state.hasAnswered = true
                events.append(MonitorEvent(.seen, device: observation.device, at: at,
                                           evidence: [("address", observation.address)]))
                devices[observation.device] = state
                return count(events)
            }
            devices[observation.device] = state
            return observe(observation, at: at)
        }
        defer { state.lastObserved = at; devices[observation.device] = state }
        if !observation.reachable {
            state.consecutiveFailures += 1
            if state.firstFailure == nil { state.firstFailure = at }
            if state.isUp, state.consecutiveFailures >= failuresBeforeDown {
                state.isUp = false
                state.downSince = state.firstFailure
                var evidence = [("failedProbes", String(state.consecutiveFailures)),
                                ("since", MonitorEvent.format(state.firstFailure ?? at))]
                if let failure = observation.failure { evidence.append(("failure", failure)) }
                events.append(MonitorEvent(.unreachable, device: state.device, at: at, evidence: evidence))
            }
            return count(events)
        }
        state.consecutiveFailures = 0
        state.firstFailure = nil
        if !state.hasAnswered {
            state.hasAnswered = true
            events.append(MonitorEvent(.seen, device: state.device, at: at,
                                       evidence: [("address", observation.address)]))
        }
        if !state.isUp {
            let since = state.downSince ?? at
            let outage = max(0, at.timeIntervalSince(since))
            state.isUp = true
            state.downSince = nil
            state.downSeconds += outage
            state.outages += 1
            state.longestOutage = max(state.longestOutage, outage)
            if state.outageSpans.count < Self.maximumSpans { state.outageSpans.append(min(since, at)...at) }
            events.append(MonitorEvent(.back, device: state.device, at: at,
                                       evidence: [("outageSeconds", Self.seconds(outage))]))
        }
        if observation.address != state.address {
            events.append(MonitorEvent(.addressChanged, device: state.device, at: at,
                                       evidence: [("before", state.address), ("after", observation.address)]))
            state.address = observation.address
        }
        if let reboot = rebootEvidence(state, observation, at: at) {
            state.reboots += 1
            events.append(MonitorEvent(.reboot, device: state.device, at: at, evidence: reboot))
        }
        state.rtt = observation.rtt
        if let uptime = observation.uptime {
            state.uptime = uptime
            state.uptimeAt = at
        }
        state.build = observation.build ?? state.build
        return count(events)
    }

    /// Uptime that went back (beyond the slack), or a new build.
    private func rebootEvidence(_ state: DeviceState, _ observation: ProbeObservation, at: Date)
        -> [(String, String)]? {
        if let before = state.build, let now = observation.build, before != now {
            return [("buildBefore", before), ("buildAfter", now)]
        }
        guard let before = state.uptime, let then = state.uptimeAt, let now = observation.uptime else { return nil }
        let expected = before + at.timeIntervalSince(then)
        // Below its last value, or below where the clock says it should be by more than the slack (uptimes come
        // to the millisecond; the slack absorbs the request's time): a counter that only grows has started again.
        // After a reboot the shortfall is at least the uptime before it.
        guard now < before || now + uptimeSlack < expected else { return nil }
        return [("uptimeBefore", Self.seconds(before)), ("uptimeNow", Self.seconds(now)),
                ("uptimeExpected", Self.seconds(expected))]
    }

    private mutating func count(_ events: [MonitorEvent]) -> [MonitorEvent] {
        for event in events { eventCounts[event.kind, default: 0] += 1 }
        return events
    }

    /// The share of the observed time `device` was up, up to `now` (an open outage counts), 0…1.
    public func availability(of device: String, now: Date) -> Double? {
        guard let state = devices[device] else { return nil }
        let observed = now.timeIntervalSince(state.firstSeen)
        guard observed > 0 else { return state.isUp ? 1 : 0 }
        let down = state.downSeconds + (state.downSince.map { max(0, now.timeIntervalSince($0)) } ?? 0)
        return max(0, min(1, 1 - down / observed))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.3f", value)
    }
}
