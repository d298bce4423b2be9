/// An IP address and port: what a socket binds to, connects to or hears from.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The IP address.
    public var ip: IPAddress
    /// The port, host order.
    public var port: UInt16
    /// The IPv6 scope (interface index) for link-local addresses; 0 for none and always 0 for IPv4.
    public var scopeID: UInt32

    /// `ip`:`port`, with an optional IPv6 scope.
    public init(ip: IPAddress, port: UInt16, scopeID: UInt32 = 0) {
        self.ip = ip
        self.port = port
        self.scopeID = ip.isIPv4 ? 0 : scopeID
    }

    /// An IPv4 socket address.
    public init(_ ip: IPv4Address, port: UInt16) { self.init(ip: .v4(ip), port: port) }

    /// An IPv6 socket address.
    public init(_ ip: IPv6Address, port: UInt16, scopeID: UInt32 = 0) {
        self.init(ip: .v6(ip), port: port, scopeID: scopeID)
    }

    /// Parses `1.2.3.4:port`, `[v6]:port`, `[fe80::1%lo]:port` (zone by interface name or index) or
    /// `localhost:port`. Names other than `localhost` are not resolved; nil for anything else.
    public init?(parsing text: String) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portPart = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
            // An unbracketed IPv6 address has several colons; require brackets so the port is unambiguous.
            guard !hostPart.contains(":") else { return nil }
        }
        guard !portPart.isEmpty, portPart.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(portPart) else {
            return nil
        }
        guard let (ip, scope) = Self.parseHost(hostPart) else { return nil }
        self.init(ip: ip, port: port, scopeID: scope)
    }

    /// The mDNS IPv4 destination, 224.0.0.251:5353.
    public static let mDNSv4 = SocketAddress(.mDNSGroup, port: 5353)
    /// The mDNS IPv6 destination, [ff02::fb]:5353.
    public static let mDNSv6 = SocketAddress(IPv6Address.mDNSGroup, port: 5353)

    /// `1.2.3.4:80` or `[::1]:80` (with `%scope` when set).
    public var description: String {
        switch ip {
        case .v4(let address): return "\(address):\(port)"
        case .v6(let address):
            let zone = scopeID == 0 ? "" : "%\(InterfaceNames.name(ofIndex: scopeID) ?? String(scopeID))"
            return "[\(address)\(zone)]:\(port)"
        }
    }

    private static func parseHost(_ host: Substring) -> (IPAddress, UInt32)? {
        if host == "localhost" { return (.v4(.loopback), 0) }
        var address = host
        var scope: UInt32 = 0
        if let percent = host.firstIndex(of: "%") {
            address = host[..<percent]
            let zone = String(host[host.index(after: percent)...])
            if let index = UInt32(zone) {
                scope = index
            } else if let index = InterfaceNames.index(ofName: zone) {
                scope = index
            } else {
                return nil
            }
            guard IPv6Address(String(address)) != nil else { return nil }
        }
        guard let ip = IPAddress(String(address)) else { return nil }
        return (ip, scope)
    }
}
