public import CastNet
import Synchronization
import CastWire

/// One `_googlezone._tcp` instance: a speaker that can play in groups says so with its device id (TXT `id`),
/// usually on port 10001, from the same host as its `_googlecast._tcp` instance.
public struct GoogleZoneInstance: Sendable, Hashable {
    /// The DNS-SD instance name.
    public var instanceName: String
    /// TXT `id`, as written.
    public var id: String?
    /// TXT `__common_time__`.
    public var commonTime: String?
    /// The SRV target.
    public var host: String
    /// The SRV port.
    public var port: UInt16
    /// The host's addresses, IPv4 first.
    public var addresses: [IPAddress]

    /// A zone instance from parts.
    public init(instanceName: String, txt: [[UInt8]], host: String, port: UInt16, addresses: [IPAddress]) {
        let record = GoogleZoneTXTRecord(strings: txt)
        self.instanceName = instanceName
        id = record.id
        commonTime = record.commonTime
        self.host = host
        self.port = port
        self.addresses = addresses.filter(\.isIPv4) + addresses.filter { !$0.isIPv4 }
    }

    /// A zone instance the built-in querier resolved.
    public init(instance: MDNSServiceInstance) {
        self.init(
            instanceName: instance.name.description, txt: instance.txt ?? [], host: instance.host?.description ?? "",
            port: instance.port ?? 0,
            addresses: instance.ipv4Addresses.map { .v4($0) } + instance.ipv6Addresses.map { .v6($0) })
    }

    /// True when it is the zone of the speaker with device id `deviceID` (any spelling).
    public func belongs(to deviceID: String) -> Bool {
        guard let id else { return false }
        return MultizoneDevice.canonical(id) == MultizoneDevice.canonical(deviceID)
    }
}

/// Browses `_googlezone._tcp` alongside discovery, with the built-in querier or through avahi-daemon, to tie
/// speakers to their zones.
public final class GoogleZoneBrowser: Sendable {
    private enum Source: Sendable {
        case builtin(MDNSBrowser)
        case avahi(AvahiDiscoveryBackend, ZoneCollector)
    }

    private let source: Source

    /// A browser with the built-in querier on `interfaces` (it opens its sockets on `start()`).
    public init(interfaces: [NetworkInterface]) throws(IOError) {
        var configuration = MDNSQuerierConfiguration()
        configuration.serviceType = DNSName(GoogleZoneTXTRecord.serviceType) ?? .root
        source = .builtin(try MDNSBrowser(interfaces: interfaces, configuration: configuration) { _ in })
    }

    /// A browser through avahi-daemon, on `interfaces` (empty: every interface avahi uses).
    public init(avahiInterfaces interfaces: [NetworkInterface]) {
        source = .avahi(AvahiDiscoveryBackend(interfaces: interfaces, serviceType: "_googlezone._tcp"), ZoneCollector())
    }

    /// Starts browsing.
    public func start() async throws {
        switch source {
        case .builtin(let browser): try await browser.start()
        case .avahi(let backend, let collector): try await backend.start { collector.record($0) }
        }
    }

    /// The zone instances resolved so far.
    public func zones() async -> [GoogleZoneInstance] {
        switch source {
        case .builtin(let browser):
            await browser.snapshot().instances.filter(\.isResolved).map(GoogleZoneInstance.init(instance:))
        case .avahi(_, let collector):
            collector.zones
        }
    }

    /// Stops browsing.
    public func stop() async {
        switch source {
        case .builtin(let browser): await browser.stop()
        case .avahi(let backend, _): await backend.stop()
        }
    }
}

/// Zone instances avahi-daemon reported, by instance name (a goodbye removes one).
final class ZoneCollector: Sendable {
    private let store = Mutex<[String: GoogleZoneInstance]>([:])

    var zones: [GoogleZoneInstance] { store.withLock { $0.values.sorted { $0.instanceName < $1.instanceName } } }

    func record(_ event: DiscoveryEvent) {
        switch event {
        case .found(let device):
            let zone = GoogleZoneInstance(instanceName: device.instanceName, txt: device.txt, host: device.host,
                                          port: device.servicePort, addresses: device.addresses)
            store.withLock { $0[device.instanceName.lowercased()] = zone }
        case .lost(let instanceName, _):
            _ = store.withLock { $0.removeValue(forKey: instanceName.lowercased()) }
        }
    }
}
