import CastLog
public import CastNet

/// The UDP side of mDNS: sockets on port 5353 shared with other responders (SO_REUSEADDR + SO_REUSEPORT), joined to
/// 224.0.0.251 and ff02::fb on the chosen interfaces only, and sends that always name their interface.
///
/// IPv6 is best effort: interfaces without an IPv6 address, and loopback (Linux does not deliver IPv6 multicast
/// there), use IPv4 alone.
public final class MDNSTransport: @unchecked Sendable {
    /// The interfaces in use.
    public let interfaces: [NetworkInterface]
    /// The loop the sockets deliver on.
    public let eventLoop: EventLoop
    private var socket4: UDPSocket?
    private var socket6: UDPSocket?
    private var ipv6Interfaces: Set<UInt32> = []

    /// Opens the sockets and joins the groups; `onDatagram` runs on the loop thread for every datagram that
    /// arrived on one of `interfaces`.
    public init(
        interfaces: [NetworkInterface], eventLoop: EventLoop, onDatagram: @escaping @Sendable (Datagram) -> Void
    ) throws(IOError) {
        self.interfaces = interfaces
        self.eventLoop = eventLoop
        let wanted = Set(interfaces.map(\.index))
        let filter: @Sendable (Datagram) -> Void = { datagram in
            if wanted.contains(datagram.interfaceIndex) { onDatagram(datagram) }
        }
        let socket4 = try UDPSocket.bind(
            to: SocketAddress(IPv4Address.any, port: 5353), on: eventLoop, reuseAddress: true, reusePort: true,
            onDatagram: filter)
        self.socket4 = socket4
        do {
            try socket4.setMulticastTTL(255)
            try socket4.setUnicastTTL(255)
            try socket4.setMulticastLoop(true)
            if let first = interfaces.first { try socket4.setMulticastInterface(first.index) }
            for interface in interfaces { try socket4.joinGroup(.v4(.mDNSGroup), interfaceIndex: interface.index) }
        } catch {
            socket4.close()
            throw error
        }
        let candidates6 = interfaces.filter { interface in
            !interface.isLoopback && interface.addresses.contains { !$0.address.isIPv4 }
        }
        guard !candidates6.isEmpty else { return }
        do {
            let socket6 = try UDPSocket.bind(
                to: SocketAddress(IPv6Address.any, port: 5353), on: eventLoop, reuseAddress: true, reusePort: true,
                onDatagram: filter)
            self.socket6 = socket6
            try socket6.setMulticastTTL(255)
            try socket6.setMulticastInterface(candidates6[0].index)
            for interface in candidates6 {
                try socket6.joinGroup(.v6(.mDNSGroup), interfaceIndex: interface.index)
                ipv6Interfaces.insert(interface.index)
            }
        } catch {
            DiscoveryLog.scanner.debug("IPv6 mDNS unavailable: \(error.description)")
        }
    }

    /// Multicasts `bytes` on one interface (IPv4, plus IPv6 where joined); returns how many sends failed.
    @discardableResult
    public func multicast(_ bytes: [UInt8], interfaceIndex: UInt32) -> Int {
        var failures = 0
        let isLoopback = interfaces.first { $0.index == interfaceIndex }?.isLoopback ?? false
        do {
            try socket4?.send(
                bytes, to: .mDNSv4, interfaceIndex: interfaceIndex, source: isLoopback ? .v4(.loopback) : nil)
        } catch {
            failures += 1
            DiscoveryLog.scanner.debug(
                "send failed: \(error.description)", ["net.ifindex": .int(Int64(interfaceIndex))])
        }
        if ipv6Interfaces.contains(interfaceIndex) {
            do { try socket6?.send(bytes, to: .mDNSv6, interfaceIndex: interfaceIndex) } catch { failures += 1 }
        }
        return failures
    }

    /// Sends `bytes` to one address (a unicast reply, RFC 6762 §5.4 / §6.7).
    public func unicast(_ bytes: [UInt8], to destination: SocketAddress, interfaceIndex: UInt32) {
        let socket = destination.ip.isIPv4 ? socket4 : socket6
        do { try socket?.send(bytes, to: destination, interfaceIndex: interfaceIndex) } catch {
            DiscoveryLog.responder.debug("unicast reply failed: \(error.description)")
        }
    }

    /// Closes both sockets.
    public func close() {
        socket4?.close()
        socket6?.close()
    }
}
