import CastLog
public import CastNet

/// The UDP side of mDNS: sockets on port 5353 shared with other responders (SO_REUSEADDR + SO_REUSEPORT), joined to
/// 224.0.0.251 and ff02::fb on the chosen interfaces only, and sends that always name their interface.
///
/// Each family is used where it works: IPv6 on non-loopback interfaces with an IPv6 address (link-local is
/// enough; Linux delivers no IPv6 multicast on `lo`, even with the MULTICAST flag set); IPv4 wherever
/// the group can be joined, and for sending on every interface that has an IPv4 address or no IPv6 path. An
/// IPv6-only link therefore works, and so does an IPv4-only one; only when neither family can be joined anywhere
/// does `init` throw.
public final class MDNSTransport: @unchecked Sendable {
    /// The interfaces in use: those given, less any where neither group could be joined.
    public private(set) var interfaces: [NetworkInterface]
    /// The loop the sockets deliver on.
    public let eventLoop: EventLoop
    private var socket4: UDPSocket?
    private var socket6: UDPSocket?
    /// Ephemeral-port sockets for one-shot queries (RFC 6762 §5.1): their answers come back by unicast to them alone.
    private var oneShot4: UDPSocket?
    private var oneShot6: UDPSocket?
    private let log: DiscoveryLog
    private var ipv4Interfaces: Set<UInt32> = []
    private var ipv6Interfaces: Set<UInt32> = []

    /// Opens the sockets and joins the groups; `onDatagram` runs on the loop thread for every datagram that
    /// arrived on one of `interfaces`. With `onOneShotAnswer` (a querier's), ephemeral-port sockets are opened
    /// too for `multicastOneShot`, and what arrives on them goes there instead.
    public init(
        interfaces: [NetworkInterface], eventLoop: EventLoop, log: DiscoveryLog = .shared,
        onOneShotAnswer: (@Sendable (Datagram) -> Void)? = nil,
        onDatagram: @escaping @Sendable (Datagram) -> Void
    ) throws(IOError) {
        self.log = log
        self.interfaces = interfaces
        self.eventLoop = eventLoop
        let wanted = Set(interfaces.map(\.index))
        let filter: @Sendable (Datagram) -> Void = { datagram in
            if wanted.contains(datagram.interfaceIndex) { onDatagram(datagram) }
        }
        let candidates6 = interfaces.filter(Self.canUseIPv6)
        // Binding port 5353 must work (a holder without SO_REUSEPORT is a real fault `--diagnose` names);
        // joining the IPv4 group may fail on an IPv6-only interface.
        let socket4 = try UDPSocket.bind(
            to: SocketAddress(IPv4Address.any, port: 5353), on: eventLoop, reuseAddress: true, reusePort: true,
            onDatagram: filter)
        self.socket4 = socket4
        var firstError: IOError?
        do {
            try socket4.setMulticastTTL(255)
            try socket4.setUnicastTTL(255)
            try socket4.setMulticastLoop(true)
        } catch {
            socket4.close()
            throw error
        }
        for interface in interfaces {
            do {
                try socket4.joinGroup(.v4(.mDNSGroup), interfaceIndex: interface.index)
                ipv4Interfaces.insert(interface.index)
            } catch {
                // Fatal below only when IPv6 cannot stand in on this interface either.
                firstError = firstError ?? error
                log.scanner.debug("IPv4 mDNS unavailable on \(interface.name): \(error.description)")
            }
        }
        // Sends name their interface; this default is only for the first interface that joined.
        if let first = interfaces.first(where: { ipv4Interfaces.contains($0.index) }) {
            do { try socket4.setMulticastInterface(first.index) } catch { firstError = firstError ?? error }
        }
        var ipv6Error: IOError?
        if !candidates6.isEmpty {
            do {
                let socket6 = try UDPSocket.bind(
                    to: SocketAddress(IPv6Address.any, port: 5353), on: eventLoop, reuseAddress: true,
                    reusePort: true, onDatagram: filter)
                self.socket6 = socket6
                try socket6.setMulticastTTL(255)
            } catch {
                ipv6Error = error
                socket6?.close()
                socket6 = nil
                log.scanner.debug("IPv6 mDNS unavailable: \(error.description)")
            }
        }
        if let socket6 {
            // Per interface, like IPv4: one interface failing leaves IPv6 on the others.
            for interface in candidates6 {
                do {
                    try socket6.joinGroup(.v6(.mDNSGroup), interfaceIndex: interface.index)
                    ipv6Interfaces.insert(interface.index)
                } catch {
                    ipv6Error = ipv6Error ?? error
                    log.scanner.debug("IPv6 mDNS unavailable on \(interface.name): \(error.description)")
                }
            }
            if let first = candidates6.first(where: { ipv6Interfaces.contains($0.index) }) {
                do { try socket6.setMulticastInterface(first.index) } catch { ipv6Error = ipv6Error ?? error }
            }
        }
        let unusable = interfaces.filter { !ipv4Interfaces.contains($0.index) && !ipv6Interfaces.contains($0.index) }
        if ipv4Interfaces.isEmpty && ipv6Interfaces.isEmpty {
            close()
            throw firstError ?? ipv6Error
                ?? IOError(errno: 19, call: "MDNSTransport (no interface could join an mDNS group)")
        }
        for interface in unusable {
            log.scanner.warning(
                "mDNS unavailable on \(interface.name): neither 224.0.0.251 nor ff02::fb could be joined; using the other interfaces",
                ["net.ifindex": .int(Int64(interface.index))])
        }
        self.interfaces = interfaces.filter { !unusable.map(\.index).contains($0.index) }
        if let onOneShotAnswer {
            openOneShotSockets { datagram in
                if wanted.contains(datagram.interfaceIndex) { onOneShotAnswer(datagram) }
            }
        }
        log.scanner.debug(
            "mDNS sockets: IPv4 on \(ipv4Interfaces.sorted()), IPv6 on \(ipv6Interfaces.sorted())")
    }

    /// True when ff02::fb can be used on `interface`: an IPv6 address and not loopback. On Linux `lo` has no
    /// MULTICAST flag by default; with it set (in a namespace) and an ff00::/8 route, IPv6 multicast sends succeed
    /// but nothing is delivered back, so loopback stays IPv4-only.
    static func canUseIPv6(_ interface: NetworkInterface) -> Bool {
        !interface.isLoopback && interface.addresses.contains { !$0.address.isIPv4 }
    }

    /// Interface indices the IPv6 group was joined on.
    public var ipv6InterfaceIndices: [UInt32] { ipv6Interfaces.sorted() }

    /// Multicasts `bytes` on one interface (IPv4, plus IPv6 where joined); returns how many sends failed.
    @discardableResult
    public func multicast(_ bytes: [UInt8], interfaceIndex: UInt32) -> Int {
        multicast(bytes, interfaceIndex: interfaceIndex, from: socket4, socket6)
    }

    /// Multicasts a one-shot query on one interface from an ephemeral port, so responders answer it by unicast to
    /// that port (RFC 6762 §6.7) rather than to port 5353, which other processes on this host share. A family
    /// whose ephemeral socket could not be opened (or was not asked for) sends from 5353 instead.
    @discardableResult
    public func multicastOneShot(_ bytes: [UInt8], interfaceIndex: UInt32) -> Int {
        multicast(bytes, interfaceIndex: interfaceIndex, from: oneShot4 ?? socket4, oneShot6 ?? socket6)
    }

    private func multicast(_ bytes: [UInt8], interfaceIndex: UInt32, from ipv4: UDPSocket?, _ ipv6: UDPSocket?) -> Int {
        var failures = 0
        let interface = interfaces.first { $0.index == interfaceIndex }
        let isLoopback = interface?.isLoopback ?? false
        let hasIPv4Address = interface?.addresses.contains { $0.address.isIPv4 } ?? true
        // An IPv6-only interface has no IPv4 source to send from: skip IPv4 there rather than fail every time.
        if ipv4Interfaces.contains(interfaceIndex) && (hasIPv4Address || !ipv6Interfaces.contains(interfaceIndex)) {
            do {
                try ipv4?.send(
                    bytes, to: .mDNSv4, interfaceIndex: interfaceIndex, source: isLoopback ? .v4(.loopback) : nil)
            } catch {
                failures += 1
                log.scanner.debug(
                    "send failed: \(error.description)", ["net.ifindex": .int(Int64(interfaceIndex))])
            }
        }
        if ipv6Interfaces.contains(interfaceIndex) {
            do { try ipv6?.send(bytes, to: .mDNSv6, interfaceIndex: interfaceIndex) } catch {
                failures += 1
                log.scanner.debug(
                    "IPv6 send failed: \(error.description)", ["net.ifindex": .int(Int64(interfaceIndex))])
            }
        }
        return failures
    }

    /// Opens the one-shot sockets where their family is in use; without them one-shot queries go out from 5353.
    private func openOneShotSockets(onDatagram filter: @escaping @Sendable (Datagram) -> Void) {
        if !ipv4Interfaces.isEmpty {
            do {
                let socket = try UDPSocket.bind(to: SocketAddress(IPv4Address.any, port: 0), on: eventLoop, onDatagram: filter)
                oneShot4 = socket
                try socket.setMulticastTTL(255)
                try socket.setMulticastLoop(true)
            } catch {
                oneShot4?.close()
                oneShot4 = nil
                log.scanner.debug("no IPv4 one-shot socket: \(error.description)")
            }
        }
        if socket6 != nil, !ipv6Interfaces.isEmpty {
            do {
                let socket = try UDPSocket.bind(to: SocketAddress(IPv6Address.any, port: 0), on: eventLoop, onDatagram: filter)
                oneShot6 = socket
                try socket.setMulticastTTL(255)
            } catch {
                oneShot6?.close()
                oneShot6 = nil
                log.scanner.debug("no IPv6 one-shot socket: \(error.description)")
            }
        }
    }

    /// Sends `bytes` to one address (a unicast reply, RFC 6762 §5.4 / §6.7).
    public func unicast(_ bytes: [UInt8], to destination: SocketAddress, interfaceIndex: UInt32) {
        let socket = destination.ip.isIPv4 ? socket4 : socket6
        do { try socket?.send(bytes, to: destination, interfaceIndex: interfaceIndex) } catch {
            log.responder.debug("unicast reply failed: \(error.description)")
        }
    }

    /// Closes every socket.
    public func close() {
        socket4?.close()
        socket6?.close()
        oneShot4?.close()
        oneShot6?.close()
    }
}
