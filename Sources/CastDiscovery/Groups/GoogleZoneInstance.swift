public import CastNet
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

/// Browses `_googlezone._tcp` with the built-in querier alongside discovery, to tie speakers to their zones.
public final class GoogleZoneBrowser: Sendable {
    private let browser: MDNSBrowser

    /// A browser on `interfaces` (it opens its sockets on `start()`).
    public init(interfaces: [NetworkInterface]) throws(IOError) {
        var configuration = MDNSQuerierConfiguration()
        configuration.serviceType = DNSName(GoogleZoneTXTRecord.serviceType) ?? .root
        browser = try MDNSBrowser(interfaces: interfaces, configuration: configuration) { _ in }
    }

    /// Opens the sockets and starts querying.
    public func start() async throws(IOError) { try await browser.start() }

    /// The zone instances resolved so far.
    public func zones() async -> [GoogleZoneInstance] {
        await browser.snapshot().instances.filter(\.isResolved).map(GoogleZoneInstance.init(instance:))
    }

    /// Stops querying and closes the sockets.
    public func stop() async { await browser.stop() }
}
