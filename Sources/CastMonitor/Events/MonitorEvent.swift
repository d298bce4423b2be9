public import CastJSON
public import Foundation

/// One thing the monitor saw happen to a device, with the evidence for it.
public struct MonitorEvent: Sendable, Hashable {
    /// The event names, as `--json` and `castscope_events_total{kind}` carry them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// First answer from the device.
        case seen = "device.seen"
        /// The probe stopped answering.
        case unreachable = "device.unreachable"
        /// The probe answers again; the evidence holds the outage's length.
        case back = "device.back"
        /// The device restarted: its uptime went back, or its build changed.
        case reboot = "device.reboot"
        /// The device answers at another address or port.
        case addressChanged = "device.address-changed"
    }

    public var kind: Kind
    /// The device's name as the user gave it (or its address).
    public var device: String
    public var at: Date
    /// What shows it, as key/value text (`outageSeconds`, `uptimeBefore`, `address`…), in order.
    public var evidence: [(String, String)]

    /// An event of `kind` for `device` at `at`.
    public init(_ kind: Kind, device: String, at: Date, evidence: [(String, String)] = []) {
        self.kind = kind
        self.device = device
        self.at = at
        self.evidence = evidence
    }

    public static func == (lhs: MonitorEvent, rhs: MonitorEvent) -> Bool {
        lhs.kind == rhs.kind && lhs.device == rhs.device && lhs.at == rhs.at
            && lhs.evidence.map(\.0) == rhs.evidence.map(\.0) && lhs.evidence.map(\.1) == rhs.evidence.map(\.1)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(device)
        hasher.combine(at)
    }

    /// `{"kind","device","at","evidence":{…}}`.
    public var jsonValue: JSONValue {
        var evidenceObject = JSONObject()
        for (key, value) in evidence { evidenceObject.appendUnchecked(key, .string(value)) }
        return ["kind": .string(kind.rawValue), "device": .string(device),
                "at": .string(Self.format(at)), "evidence": .object(evidenceObject)]
    }

    /// `2026-12-07T10:00:00Z device.back Kitchen outageSeconds=42`.
    public var text: String {
        ([Self.format(at), kind.rawValue, device] + evidence.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
