import CastJSON
import CastWire

/// One end of a TCP connection or UDP exchange: address and port.
struct FlowEndpoint: Sendable, Hashable, Comparable {
    /// The address, inline.
    var ip: IPAddressBytes
    var port: UInt16

    /// An endpoint from its parts.
    init(ip: IPAddressBytes, port: UInt16) {
        self.ip = ip
        self.port = port
    }

    /// An endpoint from address bytes (4 or 16) and a port.
    init(address: [UInt8], port: UInt16) {
        self.init(ip: IPAddressBytes(address), port: port)
    }

    /// The address bytes (made on demand: labels and tests, not the per-packet path).
    var address: [UInt8] { ip.bytes }

    /// The address as text, formatted only when a label is needed (not per packet).
    var text: String {
        ip.count == 4 ? IPv4HeaderView.format(address: address) : IPv6HeaderView.format(address: address)
    }

    static func < (lhs: FlowEndpoint, rhs: FlowEndpoint) -> Bool {
        (lhs.ip, lhs.port) < (rhs.ip, rhs.port)
    }

    /// `ip:port` (IPv6 in brackets is not used: the flow format is `ip:port-ip:port`).
    var label: String { "\(text):\(port)" }

    /// Appends `label`'s UTF-8 to `out`: IPv4 digits written directly (JSON lines name an endpoint per message).
    func appendLabel<Output: ByteOutput & ~Copyable>(to out: inout Output) {
        guard ip.count == 4 else {
            Array(label.utf8).withUnsafeBufferPointer { out.appendBytes($0) }
            return
        }
        for index in 0..<4 {
            if index > 0 { out.appendByte(UInt8(ascii: ".")) }
            Self.appendDecimal(Int(ip[index]), to: &out)
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
