import CCastNetShims
import CastLog
import Glibc
import Synchronization

/// A non-blocking UDP socket on an `EventLoop`, built for mDNS: shared port binding, group membership per interface,
/// and an outgoing interface that is always explicit for multicast.
///
/// Datagrams arrive on the loop thread through `onDatagram`, with the arrival interface and destination address.
/// `send` and the option setters may be called from any thread (each is one system call).
///
/// A multicast `send` needs an interface: either `interfaceIndex:` on the call or `setMulticastInterface` before.
/// Without one it throws rather than let the routing table choose, which in a root namespace means eth0.
public final class UDPSocket: @unchecked Sendable {
    /// The loop delivering datagrams.
    public let eventLoop: EventLoop
    /// The bound address (with the real port when bound to port 0).
    public let localAddress: SocketAddress

    let fd: Int32
    private let isIPv4: Bool
    private let onDatagram: @Sendable (Datagram) -> Void
    private let multicastInterface = Atomic<UInt32>(0)
    private var open = true  // loop thread
    /// Ancillary-data space for `recvmsg` (loop thread only).
    private let controlBuffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: ControlMessages.receiveSpace, alignment: MemoryLayout<cmsghdr>.alignment)

    private init(
        fd: Int32, eventLoop: EventLoop, localAddress: SocketAddress, onDatagram: @escaping @Sendable (Datagram) -> Void
    ) {
        self.fd = fd
        self.eventLoop = eventLoop
        self.localAddress = localAddress
        self.isIPv4 = localAddress.ip.isIPv4
        self.onDatagram = onDatagram
    }

    deinit { controlBuffer.deallocate() }

    /// Binds `address` and starts receiving on `loop`. For mDNS bind `0.0.0.0:5353` or `[::]:5353` with
    /// `reuseAddress` and `reusePort`, so avahi-daemon and other responders keep working beside us.
    /// IPv6 sockets are IPv6-only. Arrival interface, destination and hop limit are always reported.
    public static func bind(
        to address: SocketAddress, on loop: EventLoop, reuseAddress: Bool = false, reusePort: Bool = false,
        onDatagram: @escaping @Sendable (Datagram) -> Void
    ) throws(IOError) -> UDPSocket {
        let fd = try Posix.socket(domain: address.family, type: SOCK_DGRAM)
        let udp: UDPSocket
        do {
            if reuseAddress { try Posix.setsockopt(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: Int32(1)) }
            if reusePort { try Posix.setsockopt(fd, level: SOL_SOCKET, name: SO_REUSEPORT, value: Int32(1)) }
            if address.ip.isIPv4 {
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_PKTINFO, value: Int32(1))
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_RECVTTL, value: Int32(1))
            } else {
                let ipv6 = Int32(IPPROTO_IPV6)
                try Posix.setsockopt(fd, level: ipv6, name: IPV6_V6ONLY, value: Int32(1))
                try Posix.setsockopt(fd, level: ipv6, name: IPV6_RECVPKTINFO, value: Int32(1))
                try Posix.setsockopt(fd, level: ipv6, name: IPV6_RECVHOPLIMIT, value: Int32(1))
            }
            try address.withSockAddr { (pointer, length) throws(IOError) in try Posix.bind(fd, pointer, length) }
            let bound = try SocketAddress.local(of: fd)
            udp = UDPSocket(fd: fd, eventLoop: loop, localAddress: bound, onDatagram: onDatagram)
        } catch {
            try? Posix.close(fd)
            throw error
        }
        loop.runOnLoop {
            do throws(IOError) {
                try loop.register(fd, events: EPOLLIN.rawValue, handler: udp)
            } catch {
                NetLog.udp.info(
                    "cannot watch UDP socket: \(error.description)",
                    ["net.local": .string(udp.localAddress.description)])
                udp.closeNow()
            }
        }
        NetLog.udp.debug("bound", ["net.local": .string(udp.localAddress.description)])
        return udp
    }

    /// Joins multicast `group` on the interface with `interfaceIndex` (`IP_ADD_MEMBERSHIP` / `IPV6_JOIN_GROUP`).
    public func joinGroup(_ group: IPAddress, interfaceIndex: UInt32) throws(IOError) {
        try membership(group, interfaceIndex: interfaceIndex, join: true)
    }

    /// Leaves multicast `group` on the interface with `interfaceIndex`.
    public func leaveGroup(_ group: IPAddress, interfaceIndex: UInt32) throws(IOError) {
        try membership(group, interfaceIndex: interfaceIndex, join: false)
    }

    /// Sets the default outgoing interface for multicast (`IP_MULTICAST_IF` with an `ip_mreqn` / `IPV6_MULTICAST_IF`).
    public func setMulticastInterface(_ interfaceIndex: UInt32) throws(IOError) {
        if isIPv4 {
            var request = ip_mreqn()
            request.imr_ifindex = Int32(bitPattern: interfaceIndex)
            try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_MULTICAST_IF, value: request)
        } else {
            try Posix.setsockopt(
                fd, level: Int32(IPPROTO_IPV6), name: IPV6_MULTICAST_IF, value: Int32(bitPattern: interfaceIndex))
        }
        multicastInterface.store(interfaceIndex, ordering: .releasing)
    }

    /// Whether our own multicast comes back to local sockets (`IP_MULTICAST_LOOP` / `IPV6_MULTICAST_LOOP`).
    public func setMulticastLoop(_ enabled: Bool) throws(IOError) {
        if isIPv4 {
            try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_MULTICAST_LOOP, value: UInt8(enabled ? 1 : 0))
        } else {
            try Posix.setsockopt(
                fd, level: Int32(IPPROTO_IPV6), name: IPV6_MULTICAST_LOOP, value: UInt32(enabled ? 1 : 0))
        }
    }

    /// The TTL / hop limit of outgoing multicast (`IP_MULTICAST_TTL` / `IPV6_MULTICAST_HOPS`); mDNS uses 255.
    public func setMulticastTTL(_ ttl: UInt8) throws(IOError) {
        if isIPv4 {
            try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_MULTICAST_TTL, value: ttl)
        } else {
            try Posix.setsockopt(fd, level: Int32(IPPROTO_IPV6), name: IPV6_MULTICAST_HOPS, value: Int32(ttl))
        }
    }

    /// The TTL / hop limit of outgoing unicast (`IP_TTL` / `IPV6_UNICAST_HOPS`); mDNS uses 255 (RFC 6762 §11).
    public func setUnicastTTL(_ ttl: UInt8) throws(IOError) {
        if isIPv4 {
            try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_TTL, value: Int32(ttl))
        } else {
            try Posix.setsockopt(fd, level: Int32(IPPROTO_IPV6), name: IPV6_UNICAST_HOPS, value: Int32(ttl))
        }
    }

    /// Sends one datagram to `destination`, out of `interfaceIndex` when given (per-packet `IP_PKTINFO` /
    /// `IPV6_PKTINFO`, which overrides the socket's multicast interface), from `source` when given, else from the
    /// bound address when that is not the wildcard. Multicast without any interface throws `EDESTADDRREQ`; a full
    /// socket buffer throws `EAGAIN` (UDP is lossy: callers count and move on).
    ///
    /// On `lo` the kernel cannot choose a source for multicast (127.0.0.1 is host-scoped), so a socket bound to the
    /// wildcard should pass `source: .v4(.loopback)` there, or its packets leave from 0.0.0.0.
    public func send(
        _ bytes: [UInt8], to destination: SocketAddress, interfaceIndex: UInt32? = nil, source: IPAddress? = nil
    ) throws(IOError) {
        guard destination.ip.isIPv4 == isIPv4 else { throw IOError(errno: EAFNOSUPPORT, call: "sendmsg") }
        if destination.ip.isMulticast && interfaceIndex == nil && multicastInterface.load(ordering: .acquiring) == 0 {
            throw IOError(errno: EDESTADDRREQ, call: "sendmsg (multicast without an interface)")
        }
        let result = destination.withSockAddr { address, addressLength in
            bytes.withUnsafeBytes { payload in
                ControlMessages.withOutgoingInterface(interfaceIndex, source: source ?? boundSource, ipv4: isIPv4) {
                    control in
                    var vector = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: payload.baseAddress), iov_len: payload.count)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var message = msghdr()
                        message.msg_name = UnsafeMutableRawPointer(mutating: address)
                        message.msg_namelen = addressLength
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        message.msg_control = control?.baseAddress
                        message.msg_controllen = control?.count ?? 0
                        return Result { () throws(IOError) in try Posix.sendmsg(fd, &message) }
                    }
                }
            }
        }
        switch result {
        case .success(.processed): return
        case .success(.wouldBlock): throw IOError(errno: EAGAIN, call: "sendmsg")
        case .failure(let error): throw error
        }
    }

    /// The bound address when it names one address (not 0.0.0.0 / ::).
    private var boundSource: IPAddress? {
        switch localAddress.ip {
        case .v4(let address): return address == .any ? nil : localAddress.ip
        case .v6(let address): return address == .any ? nil : localAddress.ip
        }
    }

    /// Stops receiving and closes the socket (memberships end with it).
    public func close() {
        eventLoop.runOnLoop { [self] in closeNow() }
    }

    private func closeNow() {
        guard open else { return }
        open = false
        eventLoop.deregister(fd)
        try? Posix.close(fd)
    }

    private func membership(_ group: IPAddress, interfaceIndex: UInt32, join: Bool) throws(IOError) {
        switch group {
        case .v4(let address):
            guard isIPv4 else { throw IOError(errno: EAFNOSUPPORT, call: "setsockopt") }
            var request = ip_mreqn()
            request.imr_multiaddr = address.inAddr
            request.imr_ifindex = Int32(bitPattern: interfaceIndex)
            try Posix.setsockopt(
                fd, level: Int32(IPPROTO_IP), name: join ? IP_ADD_MEMBERSHIP : IP_DROP_MEMBERSHIP, value: request)
        case .v6(let address):
            guard !isIPv4 else { throw IOError(errno: EAFNOSUPPORT, call: "setsockopt") }
            var request = ipv6_mreq()
            request.ipv6mr_multiaddr = address.inAddr
            request.ipv6mr_interface = interfaceIndex
            try Posix.setsockopt(
                fd, level: Int32(IPPROTO_IPV6), name: join ? IPV6_JOIN_GROUP : IPV6_LEAVE_GROUP, value: request)
        }
        NetLog.udp.debug(
            "\(join ? "joined" : "left") \(group.description)",
            ["net.local": .string(localAddress.description), "net.ifindex": .int(Int64(interfaceIndex))])
    }
}

extension UDPSocket: EventHandler {
    func handleEvents(_ events: UInt32) {
        // Bounded per wakeup, like accept, so a multicast storm cannot starve the loop.
        for _ in 0..<64 {
            guard open, let datagram = receiveOne() else { return }
            onDatagram(datagram)
        }
    }

    func eventLoopDidShutDown() { closeNow() }

    /// One `recvmsg`; nil when nothing is waiting or on an error (logged: ICMP errors surface here).
    private func receiveOne() -> Datagram? {
        let buffer = eventLoop.readBuffer
        var source = sockaddr_storage()
        let control = controlBuffer
        var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
        var message = msghdr()
        let result = withUnsafeMutablePointer(to: &source) { sourcePointer in
            withUnsafeMutablePointer(to: &vector) { vectorPointer in
                message.msg_name = UnsafeMutableRawPointer(sourcePointer)
                message.msg_namelen = socklen_t(MemoryLayout<sockaddr_storage>.size)
                message.msg_iov = vectorPointer
                message.msg_iovlen = 1
                message.msg_control = control.baseAddress
                message.msg_controllen = control.count
                return Result { () throws(IOError) in try Posix.recvmsg(fd, &message) }
            }
        }
        switch result {
        case .success(.processed(let count)):
            guard let from = SocketAddress(storage: source) else { return nil }
            let info = withUnsafeMutablePointer(to: &message) { ControlMessages.parse($0) }
            return Datagram(
                bytes: Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count])), source: from,
                destination: info.destination, interfaceIndex: info.interfaceIndex, hopLimit: info.hopLimit)
        case .success(.wouldBlock):
            return nil
        case .failure(let error):
            NetLog.udp.debug("recvmsg failed: \(error.description)", ["net.local": .string(localAddress.description)])
            return nil
        }
    }
}
