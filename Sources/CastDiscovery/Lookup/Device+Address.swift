public import CastNet

extension Device {
    /// A device known only by an address (`--device HOST[:PORT]`, known hosts, a stream transfer's destination):
    /// its id is `deviceID` or, without one, the socket address, so the same address is the same device.
    public init(name: String, address: IPAddress, port: UInt16 = DeviceAddress.defaultPort, deviceID: String? = nil) {
        let id = deviceID ?? SocketAddress(ip: address, port: port).description
        self.init(
            instanceName: name, instanceLabel: name, host: address.description, port: port, addresses: [address],
            txt: [Array("id=\(id)".utf8), Array("fn=\(name)".utf8)], interfaceIndex: 0, via: .builtin)
    }

    /// `ADDRESS:PORT` of the device (IPv6 in brackets), `-:PORT` without an address: for logs and reports.
    public var endpointDescription: String {
        guard let address = networkAddress else { return "-:\(servicePort)" }
        return address.isIPv4 ? "\(address):\(servicePort)" : "[\(address)]:\(servicePort)"
    }

    /// Whether `text` names this device: its friendly name, device id or unique id, exactly.
    public func isNamed(_ text: String) -> Bool {
        friendlyName == text || deviceID == text || uniqueID == text
    }
}

/// `--device` text that is an address rather than a name.
public enum DeviceAddress {
    /// The Cast V2 port (protocol.md §1).
    public static let defaultPort: UInt16 = 8009

    /// `HOST` (port 8009) or `HOST:PORT` / `[V6]:PORT` with a numeric host; nil for anything else (a name).
    public static func parse(_ text: String) -> (ip: IPAddress, port: UInt16)? {
        if let ip = IPAddress(text) { return (ip, defaultPort) }
        guard let address = SocketAddress(parsing: text) else { return nil }
        return (address.ip, address.port)
    }
}
