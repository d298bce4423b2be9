/// Finds the device a command names (`--device NAME|ID|HOST[:PORT]`), or every device for a chooser: an address
/// directly, else among the known devices when there is such a list, else by mDNS on `interfaces`. A wanted name
/// ends the mDNS lookup at the device's first answer; the whole list waits for `timeout`.
public struct DeviceLookup: Sendable {
    /// Why no single device was found; each says what to do instead.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        /// mDNS could not start (no usable interface, a socket error).
        case discoveryUnavailable(reason: String)
        /// Nothing named `wanted` answered; `seen` is what did.
        case notFound(wanted: String, seen: [Device])
        /// Several devices answer to `wanted`.
        case ambiguous(wanted: String, matches: [Device])

        public var description: String {
            switch self {
            case .discoveryUnavailable(let reason):
                "cannot look for Cast devices with mDNS (\(reason)); give --device HOST[:PORT], pick interfaces "
                    + "with --interface, or list devices in \(KnownDevices.environmentVariable)"
            case .notFound(let wanted, let seen):
                "no device named \"\(wanted)\" found" + (seen.isEmpty ? " (no Cast device answered)" : "")
                    + Self.listing(seen)
            case .ambiguous(let wanted, let matches):
                "several devices are named \"\(wanted)\"; choose one with --device ID or HOST[:PORT]"
                    + Self.listing(matches)
            }
        }

        private static func listing(_ devices: [Device]) -> String {
            devices.isEmpty ? "" : "; devices seen:\n" + devices.map {
                "  \($0.friendlyName) (\($0.deviceID)) \($0.host):\($0.servicePort)"
            }.joined(separator: "\n")
        }
    }

    /// The fixed list to use instead of mDNS, when there is one (`KnownDevices`).
    public var knownDevices: [Device]?
    /// Interface names for mDNS (empty: every usable one).
    public var interfaceNames: [String]
    /// How long mDNS may take.
    public var timeout: Duration

    /// A lookup over `knownDevices` when given, else mDNS on `interfaceNames` for up to `timeout`.
    public init(knownDevices: [Device]? = nil, interfaceNames: [String] = [], timeout: Duration = .seconds(3)) {
        self.knownDevices = knownDevices
        self.interfaceNames = interfaceNames
        self.timeout = timeout
    }

    /// The one device `text` names.
    public func device(named text: String) async throws(Failure) -> Device {
        if let (ip, port) = DeviceAddress.parse(text) { return Device(name: text, address: ip, port: port) }
        let devices = try await candidates(until: { $0.isNamed(text) })
        let matches = devices.filter { $0.isNamed(text) }
        guard matches.count == 1, let device = matches.first else {
            throw matches.isEmpty ? .notFound(wanted: text, seen: devices) : .ambiguous(wanted: text, matches: matches)
        }
        return device
    }

    /// Every device the known list has, or that answers mDNS within `timeout`.
    public func allDevices() async throws(Failure) -> [Device] {
        try await candidates(until: nil)
    }

    private func candidates(until wanted: (@Sendable (Device) -> Bool)?) async throws(Failure) -> [Device] {
        if let knownDevices { return knownDevices }
        let manager: DiscoveryManager
        do {
            let interfaces = try DiscoveryInterfaces.select(names: interfaceNames)
            manager = DiscoveryManager(backends: [BuiltinDiscoveryBackend(interfaces: interfaces)])
            try await manager.startDiscovery()
        } catch {
            throw .discoveryUnavailable(reason: "\(error)")
        }
        if let wanted {
            _ = await manager.firstDevice(where: wanted, timeout: timeout)
        } else {
            try? await Task.sleep(for: timeout)
        }
        await manager.stopDiscovery()
        return manager.deviceList
    }
}
