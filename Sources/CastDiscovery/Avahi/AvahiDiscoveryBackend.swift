internal import CAvahi
public import CastLog
public import CastNet
import Glibc
import Synchronization

/// Browses and resolves `_googlecast._tcp` (or another service type) through avahi-daemon (libavahi-client).
///
/// avahi reports each instance once per interface and protocol; the backend keeps one resolver per report (they
/// stay active and report TXT and address changes) and merges the answers into one device per instance name.
public final class AvahiDiscoveryBackend: DiscoveryBackend, @unchecked Sendable {
    /// `.avahi`.
    public let kind = DiscoveryBackendKind.avahi
    private let interfaceIndices: Set<UInt32>
    private let serviceType: String
    private var connection: AvahiConnection?
    private var browser: OpaquePointer?
    // Poll-thread state (avahi callbacks hold the poll lock).
    private var deliver: (@Sendable (DiscoveryEvent) -> Void)?
    private var resolvers: [ResolverKey: OpaquePointer] = [:]
    private var resolved: [ResolverKey: Resolution] = [:]

    struct ResolverKey: Hashable {
        var interface: Int32
        var proto: Int32
        var name: String
    }

    struct Resolution {
        var instanceName: String
        var instanceLabel: String
        var host: String
        var port: UInt16
        var address: IPAddress?
        var txt: [[UInt8]]
    }

    private let log: DiscoveryLog

    /// A backend for the given interfaces (empty: every interface avahi-daemon uses), logging on `logger`;
    /// `serviceType` is `_googlecast._tcp` unless given (`_googlezone._tcp` for speakers' zones).
    public init(interfaces: [NetworkInterface] = [], serviceType: String = "_googlecast._tcp", logger: Logger = .shared) {
        interfaceIndices = Set(interfaces.map(\.index))
        self.serviceType = serviceType
        log = DiscoveryLog.on(logger)
    }

    /// Connects to the daemon and starts browsing.
    public func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        let connection = try AvahiConnection()
        self.connection = connection
        let context = Unmanaged.passUnretained(self).toOpaque()
        let created: OpaquePointer?? = connection.withLock { client in
            self.deliver = deliver
            return avahi_service_browser_new(
                client, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), serviceType, nil,
                AvahiLookupFlags(0),
                { _, interface, proto, event, name, type, domain, _, context in
                    guard let context else { return }
                    let backend = Unmanaged<AvahiDiscoveryBackend>.fromOpaque(context).takeUnretainedValue()
                    backend.browseEvent(interface, proto, event, name, type, domain)
                }, context)
        }
        guard let browser = created ?? nil else { throw connection.lastError("avahi_service_browser_new") }
        self.browser = browser
        log.provider.info("avahi: browsing \(serviceType)")
    }

    /// Stops browsing and disconnects.
    public func stop() async {
        _ = connection?.withLock { _ in
            deliver = nil
            for resolver in resolvers.values { avahi_service_resolver_free(resolver) }
            resolvers = [:]
            if let browser { avahi_service_browser_free(browser) }
            browser = nil
        }
        connection?.close()
        connection = nil
    }

    private func wanted(_ interface: AvahiIfIndex) -> Bool {
        interfaceIndices.isEmpty || interfaceIndices.contains(UInt32(bitPattern: interface))
    }

    /// Browser callback (poll thread, lock held).
    private func browseEvent(
        _ interface: AvahiIfIndex, _ proto: AvahiProtocol, _ event: AvahiBrowserEvent,
        _ name: UnsafePointer<CChar>?, _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?
    ) {
        guard let name, let type, let domain, wanted(interface) else { return }
        let key = ResolverKey(interface: interface, proto: proto, name: String(cString: name))
        switch event {
        case AVAHI_BROWSER_NEW:
            guard resolvers[key] == nil, let client = connection?.client else { return }
            log.provider.debug("avahi: new \(key.name) on if \(interface) proto \(proto)")
            let context = Unmanaged.passUnretained(self).toOpaque()
            let resolver = avahi_service_resolver_new(
                client, interface, proto, name, type, domain, proto, AvahiLookupFlags(0),
                { _, interface, proto, event, name, type, domain, host, address, port, txt, _, context in
                    guard let context else { return }
                    let backend = Unmanaged<AvahiDiscoveryBackend>.fromOpaque(context).takeUnretainedValue()
                    backend.resolveEvent(interface, proto, event, name, type, domain, host, address, port, txt)
                }, context)
            if let resolver { resolvers[key] = resolver }
        case AVAHI_BROWSER_REMOVE:
            if let resolver = resolvers.removeValue(forKey: key) { avahi_service_resolver_free(resolver) }
            let gone = resolved.removeValue(forKey: key)
            if let gone, !resolved.keys.contains(where: { $0.name == key.name }) {
                deliver?(.lost(instanceName: gone.instanceName, reason: .goodbye))
            }
        case AVAHI_BROWSER_FAILURE:
            log.provider.warning(
                "avahi browser failed: \(self.connection?.lastError("browse").description ?? "")")
        default:
            break
        }
    }

    /// Resolver callback (poll thread, lock held).
    private func resolveEvent(
        _ interface: AvahiIfIndex, _ proto: AvahiProtocol, _ event: AvahiResolverEvent,
        _ name: UnsafePointer<CChar>?, _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?,
        _ host: UnsafePointer<CChar>?, _ address: UnsafePointer<AvahiAddress>?, _ port: UInt16,
        _ txt: UnsafeMutablePointer<AvahiStringList>?
    ) {
        guard let name, let type, let domain else { return }
        let label = String(cString: name)
        let key = ResolverKey(interface: interface, proto: proto, name: label)
        guard event == AVAHI_RESOLVER_FOUND else {
            log.provider.debug("avahi: resolving \(label) failed")
            return
        }
        var strings: [[UInt8]] = []
        var item = txt
        while let current = item {
            if let text = avahi_string_list_get_text(current) {
                let size = Int(avahi_string_list_get_size(current))
                strings.append(Array(UnsafeBufferPointer(start: text, count: size)))
            }
            item = avahi_string_list_get_next(current)
        }
        resolved[key] = Resolution(
            instanceName: "\(escape(label)).\(String(cString: type)).\(String(cString: domain)).",
            instanceLabel: label, host: host.map { String(cString: $0) + "." } ?? "", port: port,
            address: address.flatMap(AvahiDiscoveryBackend.ipAddress), txt: strings)
        deliverMerged(name: label)
    }

    /// One device from every resolution of the instance: addresses merged, the latest TXT.
    private func deliverMerged(name: String) {
        let parts = resolved.filter { $0.key.name == name }.sorted {
            ($0.key.interface, $0.key.proto) < ($1.key.interface, $1.key.proto)
        }
        guard let first = parts.first?.value, let firstKey = parts.first?.key else { return }
        var addresses: [IPAddress] = []
        for part in parts {
            if let address = part.value.address, !addresses.contains(address) { addresses.append(address) }
        }
        let device = Device(
            instanceName: first.instanceName, instanceLabel: first.instanceLabel, host: first.host, port: first.port,
            addresses: addresses, txt: parts.last?.value.txt ?? first.txt,
            interfaceIndex: UInt32(bitPattern: firstKey.interface), via: .avahi)
        deliver?(.found(device))
    }

    /// Escapes dots and backslashes in an instance label the way DNS presentation format does.
    private func escape(_ label: String) -> String {
        var out = ""
        for character in label {
            if character == "." || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private static func ipAddress(_ pointer: UnsafePointer<AvahiAddress>) -> IPAddress? {
        var buffer = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX))
        guard avahi_address_snprint(&buffer, buffer.count, pointer) != nil else { return nil }
        let text = buffer.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
        return IPAddress(text)
    }
}
