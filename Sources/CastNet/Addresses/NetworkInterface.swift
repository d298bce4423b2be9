import CCastNetShims
import Glibc

/// One network interface with its IP addresses, as `getifaddrs(3)` reports it.
public struct NetworkInterface: Sendable, Hashable, CustomStringConvertible {
    /// The kernel's name (`lo`, `eth0`, `va`).
    public var name: String
    /// The kernel's interface index (what multicast joins and `IP_PKTINFO` use).
    public var index: UInt32
    /// UP, RUNNING, MULTICAST, LOOPBACK, …
    public var flags: InterfaceFlags
    /// The IPv4 and IPv6 addresses, in the order the kernel lists them.
    public var addresses: [InterfaceAddress]

    /// An interface value (for tests and callers that build their own lists).
    public init(name: String, index: UInt32, flags: InterfaceFlags, addresses: [InterfaceAddress]) {
        self.name = name
        self.index = index
        self.flags = flags
        self.addresses = addresses
    }

    /// True when the interface is up.
    public var isUp: Bool { flags.contains(.up) }
    /// True when the interface can do multicast (the MULTICAST flag).
    public var supportsMulticast: Bool { flags.contains(.multicast) }
    /// True for the loopback interface.
    public var isLoopback: Bool { flags.contains(.loopback) }
    /// The first IPv4 address, which `IP_MULTICAST_IF`/`IP_ADD_MEMBERSHIP` can name.
    public var firstIPv4: IPv4Address? {
        for entry in addresses { if case .v4(let address) = entry.address { return address } }
        return nil
    }

    /// `name#index <FLAGS> addresses`.
    public var description: String {
        "\(name)#\(index) <\(flags)> " + addresses.map(\.description).joined(separator: " ")
    }

    /// Every interface of the calling thread's network namespace, ordered by index.
    public static func all() throws(IOError) -> [NetworkInterface] {
        var list: UnsafeMutablePointer<ifaddrs>?
        _ = try Posix.retrying("getifaddrs") { getifaddrs(&list) }
        defer { freeifaddrs(list) }
        var byName: [String: NetworkInterface] = [:]
        var order: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let cName = entry.pointee.ifa_name else { continue }
            let name = String(cString: cName)
            if byName[name] == nil {
                let index = if_nametoindex(cName)
                guard index != 0 else { continue }  // vanished since getifaddrs
                byName[name] = NetworkInterface(
                    name: name, index: index, flags: InterfaceFlags(rawValue: entry.pointee.ifa_flags), addresses: [])
                order.append(name)
            }
            if let address = InterfaceAddress(entry.pointee) { byName[name]?.addresses.append(address) }
        }
        return order.compactMap { byName[$0] }.sorted { $0.index < $1.index }
    }

    /// The interface called `name` in the calling thread's namespace, or nil.
    public static func named(_ name: String) throws(IOError) -> NetworkInterface? {
        try all().first { $0.name == name }
    }
}
