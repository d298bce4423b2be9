/// One UDP datagram received by a `UDPSocket`, with where it came from and how it arrived.
public struct Datagram: Sendable, Hashable {
    /// The payload.
    public var bytes: [UInt8]
    /// The sender's address and port.
    public var source: SocketAddress
    /// The address it was sent to (a multicast group or one of ours), from `IP_PKTINFO`/`IPV6_PKTINFO`.
    public var destination: IPAddress?
    /// The index of the interface it arrived on (0 when unknown).
    public var interfaceIndex: UInt32
    /// The IP TTL / hop limit it arrived with (mDNS senders use 255), when the kernel reported it.
    public var hopLimit: Int?

    /// A datagram value (for tests and replay).
    public init(
        bytes: [UInt8], source: SocketAddress, destination: IPAddress?, interfaceIndex: UInt32, hopLimit: Int? = nil
    ) {
        self.bytes = bytes
        self.source = source
        self.destination = destination
        self.interfaceIndex = interfaceIndex
        self.hopLimit = hopLimit
    }
}
