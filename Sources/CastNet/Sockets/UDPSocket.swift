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
/// A multicast `send` needs an interface: either a non-zero `interfaceIndex:` on the call or
/// `setMulticastInterface` before. Without one it throws rather than let the routing table choose, which in a root
/// namespace means eth0. After `close` every call throws `EBADF` (the descriptor number may already belong to
/// another socket). A socket released without `close` closes its descriptor when deinitialized.
public final class UDPSocket: @unchecked Sendable {
    /// The loop delivering datagrams.
    public let eventLoop: EventLoop
    /// The bound address (with the real port when bound to port 0).
    public let localAddress: SocketAddress

    /// The descriptor, -1 once closed. Every use holds the lock, so `close` cannot free the number for reuse by
    /// another socket while a call on another thread is about to use it.
    private let descriptor: Mutex<Int32>
    private let isIPv4: Bool
    private let onDatagram: @Sendable (Datagram) -> Void
    private let multicastInterface = Atomic<UInt32>(0)
    /// Ancillary-data space for `recvmsg` (loop thread only).
    private let controlBuffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: ControlMessages.receiveSpace, alignment: MemoryLayout<cmsghdr>.alignment)

    private init(
        fd: Int32, eventLoop: EventLoop, localAddress: SocketAddress, onDatagram: @escaping @Sendable (Datagram) -> Void
    ) {
        self.descriptor = Mutex(fd)
        self.eventLoop = eventLoop
        self.localAddress = localAddress
        self.isIPv4 = localAddress.ip.isIPv4
        self.onDatagram = onDatagram
    }

    deinit {
        // Registered sockets are held by their loop until closed; this is one that never got registered.
        let fd = descriptor.withLock { $0 }
        if fd >= 0 { try? Posix.close(fd) }
        controlBuffer.deallocate()
    }

    /// Binds `address` and starts receiving on `loop`. For mDNS bind `0.0.0.0:5353` or `[::]:5353` with
    /// `reuseAddress` and `reusePort`, so avahi-daemon and other responders keep working beside us.
    /// IPv6 sockets are IPv6-only. Arrival interface, destination and hop limit are always reported. The socket
    /// receives multicast only for the groups it joined itself (`IP_MULTICAST_ALL` off). On a loop that has shut
    /// down it closes the socket again and throws `ECANCELED`.
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
                // Linux otherwise delivers groups joined by *any* socket on the host (avahi's joins on eth0, say)
                // to every wildcard-bound socket on the port; we want only the groups and interfaces we joined.
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_MULTICAST_ALL, value: Int32(0))
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_PKTINFO, value: Int32(1))
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_RECVTTL, value: Int32(1))
            } else {
                let ipv6 = Int32(IPPROTO_IPV6)
                try Posix.setsockopt(fd, level: ipv6, name: IPV6_V6ONLY, value: Int32(1))
                // Same as IP_MULTICAST_ALL; the option exists since Linux 4.20, so older kernels keep the default.
                try? Posix.setsockopt(fd, level: ipv6, name: ipv6MulticastAll, value: Int32(0))
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
        let watch: @Sendable () -> Void = {
            do throws(IOError) {
                try udp.withDescriptor("epoll_ctl") { (fd) throws(IOError) in
                    try loop.register(fd, events: EPOLLIN.rawValue, handler: udp)
                }
            } catch {
                NetLog.udp.info(
                    "cannot watch UDP socket: \(error.description)",
                    ["net.local": .string(udp.localAddress.description)])
                udp.closeNow()
            }
        }
        if loop.isInEventLoop {
            watch()
        } else if !loop.tryExecute(watch) {
            udp.closeUnregistered()
            throw IOError(errno: ECANCELED, call: "bind (event loop stopped)")
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
    /// Index 0 ("let the kernel choose") is refused with `EINVAL`: multicast never leaves by the routing table.
    public func setMulticastInterface(_ interfaceIndex: UInt32) throws(IOError) {
        guard interfaceIndex != 0 else {
            throw IOError(errno: EINVAL, call: "setsockopt (multicast interface 0 means none)")
        }
        try withDescriptor("setsockopt") { (fd) throws(IOError) in
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
    }

    /// Whether our own multicast comes back to local sockets (`IP_MULTICAST_LOOP` / `IPV6_MULTICAST_LOOP`).
    public func setMulticastLoop(_ enabled: Bool) throws(IOError) {
        try withDescriptor("setsockopt") { (fd) throws(IOError) in
            if isIPv4 {
                try Posix.setsockopt(
                    fd, level: Int32(IPPROTO_IP), name: IP_MULTICAST_LOOP, value: UInt8(enabled ? 1 : 0))
            } else {
                try Posix.setsockopt(
                    fd, level: Int32(IPPROTO_IPV6), name: IPV6_MULTICAST_LOOP, value: UInt32(enabled ? 1 : 0))
            }
        }
    }

    /// The TTL / hop limit of outgoing multicast (`IP_MULTICAST_TTL` / `IPV6_MULTICAST_HOPS`); mDNS uses 255.
    public func setMulticastTTL(_ ttl: UInt8) throws(IOError) {
        try withDescriptor("setsockopt") { (fd) throws(IOError) in
            if isIPv4 {
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_MULTICAST_TTL, value: ttl)
            } else {
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IPV6), name: IPV6_MULTICAST_HOPS, value: Int32(ttl))
            }
        }
    }

    /// The TTL / hop limit of outgoing unicast (`IP_TTL` / `IPV6_UNICAST_HOPS`); mDNS uses 255 (RFC 6762 §11).
    public func setUnicastTTL(_ ttl: UInt8) throws(IOError) {
        try withDescriptor("setsockopt") { (fd) throws(IOError) in
            if isIPv4 {
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IP), name: IP_TTL, value: Int32(ttl))
            } else {
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IPV6), name: IPV6_UNICAST_HOPS, value: Int32(ttl))
            }
        }
    }

    /// Sends one datagram to `destination`, out of `interfaceIndex` when given (per-packet `IP_PKTINFO` /
    /// `IPV6_PKTINFO`, which overrides the socket's multicast interface), from `source` when given, else from the
    /// bound address when that is not the wildcard. An `interfaceIndex` of 0 counts as not given. Multicast goes out
    /// of the given interface, else the one set with `setMulticastInterface`, and without either throws
    /// `EDESTADDRREQ`; a full socket buffer throws `EAGAIN` (UDP is lossy: callers count and move on).
    ///
    /// On `lo` the kernel cannot choose a source for multicast (127.0.0.1 is host-scoped), so a socket bound to the
    /// wildcard should pass `source: .v4(.loopback)` there, or its packets leave from 0.0.0.0.
    public func send(
        _ bytes: [UInt8], to destination: SocketAddress, interfaceIndex: UInt32? = nil, source: IPAddress? = nil
    ) throws(IOError) {
        guard destination.ip.isIPv4 == isIPv4 else { throw IOError(errno: EAFNOSUPPORT, call: "sendmsg") }
        // 0 is the kernel's "any interface", which for multicast means the routing table: never pass it on.
        var outgoing = interfaceIndex == 0 ? nil : interfaceIndex
        if destination.ip.isMulticast {
            let configured = multicastInterface.load(ordering: .acquiring)
            // Named in the packet info, so the packet's interface does not depend on socket state at all.
            outgoing = outgoing ?? (configured == 0 ? nil : configured)
            guard outgoing != nil else {
                throw IOError(errno: EDESTADDRREQ, call: "sendmsg (multicast without an interface)")
            }
        }
        let result = destination.withSockAddr { address, addressLength in
            bytes.withUnsafeBytes { payload in
                ControlMessages.withOutgoingInterface(outgoing, source: source ?? boundSource, ipv4: isIPv4) {
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
                        return Result { () throws(IOError) in
                            try withDescriptor("sendmsg") { (fd) throws(IOError) in try Posix.sendmsg(fd, &message) }
                        }
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

    /// Stops receiving and closes the socket (memberships end with it). Later calls throw `EBADF`.
    public func close() {
        eventLoop.runOnLoop { [self] in closeNow() }
    }

    /// Runs `body` with the open descriptor under the lock; `EBADF` once closed.
    private func withDescriptor<R: Sendable>(
        _ call: String, _ body: (Int32) throws(IOError) -> R
    ) throws(IOError) -> R {
        try descriptor.withLock { (fd) throws(IOError) -> R in
            guard fd >= 0 else { throw IOError(errno: EBADF, call: call) }
            return try body(fd)
        }
    }

    /// Marks the socket closed and returns the descriptor it had (-1 when already closed).
    private func takeDescriptor() -> Int32 {
        descriptor.withLock { fd in
            let old = fd
            fd = -1
            return old
        }
    }

    /// Closes a socket the loop never watched (or no longer runs).
    private func closeUnregistered() {
        let fd = takeDescriptor()
        if fd >= 0 { try? Posix.close(fd) }
    }

    private func closeNow() {
        let fd = takeDescriptor()
        guard fd >= 0 else { return }
        eventLoop.deregister(fd)
        try? Posix.close(fd)
    }

    private func membership(_ group: IPAddress, interfaceIndex: UInt32, join: Bool) throws(IOError) {
        try withDescriptor("setsockopt") { (fd) throws(IOError) in
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
        }
        NetLog.udp.debug(
            "\(join ? "joined" : "left") \(group.description)",
            ["net.local": .string(localAddress.description), "net.ifindex": .int(Int64(interfaceIndex))])
    }
}

/// `IPV6_MULTICAST_ALL` from <linux/in6.h>, which the Glibc module does not export.
private let ipv6MulticastAll: Int32 = 29

extension UDPSocket: EventHandler {
    func handleEvents(_ events: UInt32) {
        // Bounded per wakeup, like accept, so a multicast storm cannot starve the loop.
        for _ in 0..<64 {
            // `onDatagram` may have closed the socket.
            guard descriptor.withLock({ $0 >= 0 }), let datagram = receiveOne() else { return }
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
                return Result { () throws(IOError) in
                    try withDescriptor("recvmsg") { (fd) throws(IOError) in try Posix.recvmsg(fd, &message) }
                }
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
