import CastWire

/// One end of a TCP connection: address bytes and port.
struct FlowEndpoint: Sendable, Hashable, Comparable {
    var address: [UInt8]
    var port: UInt16

    /// The address as text, formatted only when a label is needed (not per packet).
    var text: String {
        address.count == 4 ? IPv4HeaderView.format(address: address) : IPv6HeaderView.format(address: address)
    }

    static func == (lhs: FlowEndpoint, rhs: FlowEndpoint) -> Bool {
        lhs.address == rhs.address && lhs.port == rhs.port
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(address)
        hasher.combine(port)
    }

    static func < (lhs: FlowEndpoint, rhs: FlowEndpoint) -> Bool {
        lhs.address.lexicographicallyPrecedes(rhs.address) || (lhs.address == rhs.address && lhs.port < rhs.port)
    }

    /// `ip:port` (IPv6 in brackets is not used: the flow format is `ip:port-ip:port`).
    var label: String { "\(text):\(port)" }
}

/// An unordered pair of endpoints naming one connection.
struct FlowKey: Sendable, Hashable {
    var low: FlowEndpoint
    var high: FlowEndpoint

    init(_ a: FlowEndpoint, _ b: FlowEndpoint) {
        (low, high) = a < b ? (a, b) : (b, a)
    }
}
