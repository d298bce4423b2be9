/// The TCP control bits (RFC 9293, RFC 3168 for ECE/CWR).
public struct TCPFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The 9 flag bits (NS in bit 8).
    public let rawValue: UInt16

    /// Flags from their bit pattern.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// FIN: no more data from sender.
    public static let fin = TCPFlags(rawValue: 0x001)
    /// SYN: synchronize sequence numbers.
    public static let syn = TCPFlags(rawValue: 0x002)
    /// RST: reset the connection.
    public static let rst = TCPFlags(rawValue: 0x004)
    /// PSH: push function.
    public static let psh = TCPFlags(rawValue: 0x008)
    /// ACK: acknowledgment field significant.
    public static let ack = TCPFlags(rawValue: 0x010)
    /// URG: urgent pointer significant.
    public static let urg = TCPFlags(rawValue: 0x020)
    /// ECE: ECN echo.
    public static let ece = TCPFlags(rawValue: 0x040)
    /// CWR: congestion window reduced.
    public static let cwr = TCPFlags(rawValue: 0x080)
    /// NS: ECN nonce (historic, RFC 3540).
    public static let ns = TCPFlags(rawValue: 0x100)

    /// Flag names joined with commas ("SYN,ACK").
    public var description: String {
        let names: [(TCPFlags, String)] = [(.ns, "NS"), (.cwr, "CWR"), (.ece, "ECE"), (.urg, "URG"), (.ack, "ACK"),
                                           (.psh, "PSH"), (.rst, "RST"), (.syn, "SYN"), (.fin, "FIN")]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}
