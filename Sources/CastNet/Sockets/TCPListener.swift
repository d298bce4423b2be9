import CCastNetShims
import CastLog
import Glibc

/// A listening TCP socket on an `EventLoop`; each accepted connection is handed to `onAccept` on the loop thread.
///
/// `onAccept` owns what it gets: keep the connection (and `start` it) or `close` it. One that is simply dropped is
/// closed when it is deinitialized, without `onClose`. A listener released without `close` closes its descriptor
/// when deinitialized (a watched one is held by its loop until closed or until the loop shuts down).
public final class TCPListener: @unchecked Sendable {
    /// The loop accepting connections.
    public let eventLoop: EventLoop
    /// The bound address (with the real port when bound to port 0).
    public let localAddress: SocketAddress

    private let fd: Int32
    private let noDelay: Bool
    private let onAccept: @Sendable (TCPConnection) -> Void
    private var open = true  // loop thread (and init/deinit)

    private init(
        fd: Int32, eventLoop: EventLoop, localAddress: SocketAddress, noDelay: Bool,
        onAccept: @escaping @Sendable (TCPConnection) -> Void
    ) {
        self.fd = fd
        self.eventLoop = eventLoop
        self.localAddress = localAddress
        self.noDelay = noDelay
        self.onAccept = onAccept
    }

    deinit {
        if open { try? Posix.close(fd) }
    }

    /// Binds `address` (port 0 picks a free port; `SO_REUSEADDR` on), listens, and starts accepting on `loop`.
    /// Accepted connections get TCP_NODELAY unless `noDelay` is false, and start reading once given handlers.
    /// On a loop that has shut down the socket is closed again and this throws `ECANCELED`.
    public static func bind(
        to address: SocketAddress, on loop: EventLoop, backlog: Int32 = 128, noDelay: Bool = true,
        onAccept: @escaping @Sendable (TCPConnection) -> Void
    ) throws(IOError) -> TCPListener {
        let fd = try Posix.socket(domain: address.family, type: SOCK_STREAM)
        let listener: TCPListener
        do {
            try Posix.setsockopt(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: Int32(1))
            if !address.ip.isIPv4 {
                try Posix.setsockopt(fd, level: Int32(IPPROTO_IPV6), name: IPV6_V6ONLY, value: Int32(1))
            }
            try address.withSockAddr { (pointer, length) throws(IOError) in try Posix.bind(fd, pointer, length) }
            try Posix.listen(fd, backlog: backlog)
            let bound = try SocketAddress.local(of: fd)
            listener = TCPListener(fd: fd, eventLoop: loop, localAddress: bound, noDelay: noDelay, onAccept: onAccept)
        } catch {
            try? Posix.close(fd)
            throw error
        }
        let watch: @Sendable () -> Void = {
            do throws(IOError) {
                try loop.register(fd, events: EPOLLIN.rawValue, handler: listener)
                NetLog.tcp.debug("listening", ["net.local": .string(listener.localAddress.description)])
            } catch {
                NetLog.tcp.info(
                    "cannot watch listener: \(error.description)",
                    ["net.local": .string(listener.localAddress.description)])
                listener.closeNow()
            }
        }
        if loop.isInEventLoop {
            watch()
        } else if !loop.tryExecute(watch) {
            // Never registered: close here; marking it closed keeps deinit from closing the number again.
            listener.open = false
            try? Posix.close(fd)
            throw IOError(errno: ECANCELED, call: "bind (event loop stopped)")
        }
        return listener
    }

    /// Stops accepting and closes the socket; connections already accepted are unaffected.
    public func close() {
        eventLoop.runOnLoop { [self] in closeNow() }
    }

    private func closeNow() {
        guard open else { return }
        open = false
        eventLoop.deregister(fd)
        try? Posix.close(fd)
    }
}

extension TCPListener: EventHandler {
    func handleEvents(_ events: UInt32) {
        // Bounded per wakeup so a connection storm cannot starve other sockets; level-triggered epoll returns here.
        for _ in 0..<64 {
            guard open else { return }
            let result: IOResult<Int32>
            do {
                result = try Posix.accept(fd, nil, nil)
            } catch {
                if error.errno == ECONNABORTED { continue }
                NetLog.tcp.debug(
                    "accept failed: \(error.description)", ["net.local": .string(localAddress.description)])
                if error.errno == EMFILE || error.errno == ENFILE || error.errno == ENOBUFS || error.errno == ENOMEM {
                    pauseAccepting()
                }
                return
            }
            guard case .processed(let client) = result else { return }
            let connection = TCPConnection(fd: client, eventLoop: eventLoop, state: .established)
            if noDelay { try? connection.setNoDelay() }
            connection.adoptAcceptedAddresses()
            NetLog.tcp.debug(
                "accepted",
                [
                    "net.peer": .string(connection.peerAddress?.description ?? "?"),
                    "net.local": .string(localAddress.description),
                ])
            onAccept(connection)
        }
    }

    func eventLoopDidShutDown() { closeNow() }

    /// Out of descriptors or memory: the pending connection stays queued and level-triggered epoll would report it
    /// again at once, so stop watching for a moment instead of spinning.
    private func pauseAccepting() {
        guard (try? eventLoop.reregister(fd, events: 0)) != nil else { return }
        eventLoop.scheduleTask(in: .milliseconds(100)) { [self] in
            guard open else { return }
            try? eventLoop.reregister(fd, events: EPOLLIN.rawValue)
        }
    }
}

extension TCPConnection {
    /// Fills in the addresses of an accepted socket.
    func adoptAcceptedAddresses() {
        localAddress = try? SocketAddress.local(of: fd)
        peerAddress = try? SocketAddress.peer(of: fd)
    }
}
