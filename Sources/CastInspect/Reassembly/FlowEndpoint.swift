import CastJSON
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

    /// Appends `label`'s UTF-8 to `out`: IPv4 digits written directly (JSON lines name an endpoint per message).
    func appendLabel<Output: ByteOutput & ~Copyable>(to out: inout Output) {
        guard address.count == 4 else {
            Array(label.utf8).withUnsafeBufferPointer { out.appendBytes($0) }
            return
        }
        for (index, byte) in address.enumerated() {
            if index > 0 { out.appendByte(UInt8(ascii: ".")) }
            Self.appendDecimal(Int(byte), to: &out)
        }
        out.appendByte(UInt8(ascii: ":"))
        Self.appendDecimal(Int(port), to: &out)
    }

    private static func appendDecimal<Output: ByteOutput & ~Copyable>(_ value: Int, to out: inout Output) {
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.appendByte(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}

/// An unordered pair of endpoints naming one connection.
struct FlowKey: Sendable, Hashable {
    var low: FlowEndpoint
    var high: FlowEndpoint

    init(_ a: FlowEndpoint, _ b: FlowEndpoint) {
        (low, high) = a < b ? (a, b) : (b, a)
    }
}
