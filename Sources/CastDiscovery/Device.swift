public import CastNet
public import CastWire

/// A Cast device found on the network, with GCKDevice's fields and the raw TXT record.
public struct Device: Sendable, Hashable {
    /// The device category (GCKDevice `category`); `uniqueID` is this plus `:` plus `deviceID`.
    public static let castCategory = "cast"

    /// Stable identifier across discoveries: `cast:` + `deviceID`.
    public var uniqueID: String { "\(Device.castCategory):\(deviceID)" }
    /// TXT `id` (the device UUID, 32 hex digits on real devices), or the instance name when `id` is missing.
    public var deviceID: String
    /// TXT `fn`, or the instance label when `fn` is missing.
    public var friendlyName: String
    /// TXT `md`.
    public var modelName: String?
    /// The address to connect to: the first IPv4 address, else the first IPv6 one.
    public var networkAddress: IPAddress? { addresses.first }
    /// Every address known for the host, IPv4 first.
    public var addresses: [IPAddress]
    /// The SRV port (8009 on real devices).
    public var servicePort: UInt16
    /// The SRV target host name.
    public var host: String
    /// TXT `ca` decoded (empty when absent or invalid).
    public var capabilities: CastCapabilities
    /// TXT `st` decoded.
    public var status: DeviceStatus
    /// TXT `rs`: the running app's status text.
    public var statusText: String?
    /// TXT `ve` as a number, nil when absent or not a number.
    public var protocolVersion: Int?
    /// TXT `ic`: the icon path on the device's HTTP port.
    public var iconPath: String?
    /// The DNS-SD instance name (e.g. `Chromecast-1a2b…._googlecast._tcp.local.`).
    public var instanceName: String
    /// The TXT strings as received.
    public var txt: [[UInt8]]
    /// Index of the interface it was found on (0 when unknown).
    public var interfaceIndex: UInt32
    /// The backend that found it.
    public var via: DiscoveryBackendKind

    /// The TXT record decoded, with its diagnostics.
    public var txtRecord: CastTXTRecord { CastTXTRecord(strings: txt) }

    /// True for a speaker group: the MULTIZONE_GROUP bit, or the model name groups publish.
    public var isGroup: Bool {
        capabilities.contains(.multizoneGroup) || modelName?.lowercased() == "google cast group"
    }

    /// True when every bit of `capabilities` is set (GCKDevice `hasCapabilities:`).
    public func hasCapabilities(_ wanted: CastCapabilities) -> Bool { capabilities.isSuperset(of: wanted) }

    /// GCKDevice `isSameDeviceAs:`: same device ID, address, port and protocol version.
    public func isSameDevice(as other: Device) -> Bool {
        deviceID == other.deviceID && networkAddress == other.networkAddress && servicePort == other.servicePort
            && protocolVersion == other.protocolVersion
    }

    /// A device from resolved parts; the TXT strings fill the Cast fields.
    public init(
        instanceName: String, instanceLabel: String, host: String, port: UInt16, addresses: [IPAddress],
        txt: [[UInt8]], interfaceIndex: UInt32, via: DiscoveryBackendKind
    ) {
        let record = CastTXTRecord(strings: txt)
        self.instanceName = instanceName
        self.deviceID = record.id ?? instanceLabel
        self.friendlyName = record.friendlyName ?? instanceLabel
        self.modelName = record.model
        self.addresses = addresses.filter(\.isIPv4) + addresses.filter { !$0.isIPv4 }
        self.servicePort = port
        self.host = host
        self.capabilities = record.capabilities ?? []
        self.status = record.status.flatMap(DeviceStatus.init(rawValue:)) ?? .unknown
        self.statusText = record.runningStatus
        self.protocolVersion = record.version.flatMap { Int($0) }
        self.iconPath = record.iconPath
        self.txt = txt
        self.interfaceIndex = interfaceIndex
        self.via = via
    }

    /// A device from an instance the built-in querier resolved.
    public init(instance: MDNSServiceInstance) {
        self.init(
            instanceName: instance.name.description, instanceLabel: instance.instanceLabel,
            host: instance.host?.description ?? "", port: instance.port ?? 0,
            addresses: instance.ipv4Addresses.map { .v4($0) } + instance.ipv6Addresses.map { .v6($0) },
            txt: instance.txt ?? [], interfaceIndex: instance.interfaceIndex, via: .builtin)
    }
}
