import CCastNetShims
import CastLog
import Glibc
import Synchronization

/// A non-blocking TCP connection driven by an `EventLoop`.
///
/// Get one from `TCPConnection.connect` or a `TCPListener`, then call `start(_:)` with handlers to begin reading.
/// Every callback runs on the loop thread. Methods may be called from any thread (they hop onto the loop), and the
/// public properties may be read from any thread (atomics and a lock; on another thread they are a snapshot that
/// the loop may change right after). TCP_NODELAY is on by default: Cast writes small frames and should not wait for
/// the peer's delayed ACK. A connection released without being closed (say, one `onAccept` did not keep) closes
/// its descriptor when it is deinitialized; a started one is kept alive by its loop until closed.
public final class TCPConnection: @unchecked Sendable, CustomStringConvertible {
    /// The loop this connection lives on.
    public let eventLoop: EventLoop
    /// The local address, once connected.
    public internal(set) var localAddress: SocketAddress? {
        get { addresses.withLock { $0.local } }
        set { addresses.withLock { $0.local = newValue } }
    }
    /// The peer's address, once connected.
    public internal(set) var peerAddress: SocketAddress? {
        get { addresses.withLock { $0.peer } }
        set { addresses.withLock { $0.peer = newValue } }
    }
    /// Above this many buffered output bytes the connection reports itself not writable.
    public var writeBufferHighWatermark: Int {
        get { highWatermark.load(ordering: .relaxed) }
        set { highWatermark.store(newValue, ordering: .relaxed) }
    }
    /// At or below this many buffered bytes it is writable again.
    public var writeBufferLowWatermark: Int {
        get { lowWatermark.load(ordering: .relaxed) }
        set { lowWatermark.store(newValue, ordering: .relaxed) }
    }

    // Shared with other threads.
    private let addresses = Mutex<(local: SocketAddress?, peer: SocketAddress?)>((nil, nil))
    private let highWatermark = Atomic<Int>(256 * 1024)
    private let lowWatermark = Atomic<Int>(64 * 1024)
    private let closedFlag = Atomic<Bool>(false)
    private let writableFlag = Atomic<Bool>(true)
    private let pendingCount = Atomic<Int>(0)

    // Loop-thread state (and `init`/`deinit`, when no other reference exists).
    var fd: Int32
    var state: State
    var handlers = TCPConnectionHandlers()
    var reading = false
    var readEOF = false
    var output = OutputState.open
    var closeAfterFlush = false
    var pending = WriteBuffer()
    var registeredEvents: UInt32?
    var closeError: IOError?
    var connectCompletion: (@Sendable (Result<TCPConnection, IOError>) -> Void)?
    var connectTimer: ScheduledTask?

    enum State { case connecting, established, closed }
    enum OutputState { case open, shutdownPending, shutdown }

    init(fd: Int32, eventLoop: EventLoop, state: State) {
        self.fd = fd
        self.eventLoop = eventLoop
        self.state = state
    }

    deinit {
        // Only an unregistered connection can get here open (the loop holds registered ones): nothing else will
        // ever close its descriptor.
        if state != .closed { try? Posix.close(fd) }
    }

    /// Bytes accepted by `write` and not yet taken by the kernel.
    public var pendingWriteBytes: Int { pendingCount.load(ordering: .relaxed) }
    /// False while buffered output is above the high watermark (back-pressure: stop producing).
    public var isWritable: Bool { writableFlag.load(ordering: .relaxed) }
    /// True once the connection is closed.
    public var isClosed: Bool { closedFlag.load(ordering: .acquiring) }

    /// `TCPConnection(local -> peer)`.
    public var description: String {
        "TCPConnection(\(localAddress?.description ?? "?") -> \(peerAddress?.description ?? "?"))"
    }

    /// Installs `handlers` and starts reading. On a connection that is already closed, `onClose` fires at once.
    public func start(_ handlers: TCPConnectionHandlers) {
        eventLoop.runOnLoop { [self] in
            guard state != .closed else {
                handlers.onClose(closeError)
                return
            }
            self.handlers = handlers
            reading = true
            updateInterest()
        }
    }

    /// Queues `bytes` for sending; they go out in order. Writes after `close` or `shutdownOutput` are dropped.
    public func write(_ bytes: [UInt8]) {
        eventLoop.runOnLoop { [self] in
            guard state == .established, output == .open, !closeAfterFlush else { return }
            pending.append(bytes)
            flush()
        }
    }

    /// Half-close: sends FIN once buffered output is out; reading continues.
    public func shutdownOutput() {
        eventLoop.runOnLoop { [self] in
            guard state == .established, output == .open else { return }
            output = .shutdownPending
            flush()
        }
    }

    /// Closes after buffered output is sent (`onClose(nil)`); a connection still connecting is abandoned.
    public func close() {
        eventLoop.runOnLoop { [self] in
            guard state != .closed else { return }
            if state == .connecting || pending.isEmpty {
                closeNow(nil)
            } else {
                closeAfterFlush = true
            }
        }
    }

    /// Closes at once, dropping buffered output.
    public func abort() {
        eventLoop.runOnLoop { [self] in closeNow(nil) }
    }

    /// Closes with a TCP RST instead of a FIN (`SO_LINGER` {1, 0}); the peer sees `ECONNRESET`.
    public func reset() {
        eventLoop.runOnLoop { [self] in
            guard state != .closed else { return }
            try? Posix.setsockopt(fd, level: SOL_SOCKET, name: SO_LINGER, value: linger(l_onoff: 1, l_linger: 0))
            closeNow(nil)
        }
    }

    // MARK: Loop-thread internals

    /// Closes the descriptor and reports the end exactly once.
    func closeNow(_ error: IOError?) {
        guard state != .closed else { return }
        let wasConnecting = state == .connecting
        state = .closed
        closedFlag.store(true, ordering: .releasing)
        closeError = error
        connectTimer?.cancel()
        connectTimer = nil
        if registeredEvents != nil {
            eventLoop.deregister(fd)
            registeredEvents = nil
        }
        try? Posix.close(fd)
        pending.removeAll()
        pendingCount.store(0, ordering: .relaxed)
        let handlers = self.handlers
        self.handlers = TCPConnectionHandlers()  // break reference cycles through captured closures
        NetLog.tcp.debug(
            "closed\(error.map { ": \($0.description)" } ?? "")",
            [
                "net.peer": .string(peerAddress?.description ?? "?"),
                "net.local": .string(localAddress?.description ?? "?"),
            ])
        if wasConnecting, let completion = connectCompletion {
            connectCompletion = nil
            completion(.failure(error ?? IOError(errno: ECANCELED, call: "connect")))
        } else {
            handlers.onClose(error)
        }
    }

    /// Registers or updates epoll interest to match what the connection waits for.
    func updateInterest() {
        guard state != .closed else { return }
        var events: UInt32 = 0
        if state == .connecting || !pending.isEmpty { events |= EPOLLOUT.rawValue }
        if state == .established && reading && !readEOF { events |= EPOLLIN.rawValue }
        do {
            if let current = registeredEvents {
                guard current != events else { return }
                try eventLoop.reregister(fd, events: events)
            } else {
                guard events != 0 else { return }
                try eventLoop.register(fd, events: events, handler: self)
            }
            registeredEvents = events
        } catch {
            closeNow(error)
        }
    }

    /// Sends what is buffered until the kernel pushes back, then finishes a pending half-close or close.
    func flush() {
        while !pending.isEmpty {
            let result = pending.withUnsafeBytes { bytes in
                Result { () throws(IOError) in try Posix.send(fd, bytes) }
            }
            switch result {
            case .success(.processed(let sent)): pending.consume(sent)
            case .success(.wouldBlock): break
            case .failure(let error):
                closeNow(error)
                return
            }
            if case .success(.wouldBlock) = result { break }
        }
        updateWritability()
        guard state == .established else { return }  // a writability handler may have closed it
        if pending.isEmpty {
            if closeAfterFlush {
                closeNow(nil)
                return
            }
            if output == .shutdownPending {
                do {
                    try Posix.shutdown(fd, how: Int32(SHUT_WR))
                } catch {
                    closeNow(error)
                    return
                }
                output = .shutdown
                if readEOF {
                    closeNow(nil)
                    return
                }
            }
        }
        updateInterest()
    }

    private func updateWritability() {
        pendingCount.store(pending.count, ordering: .relaxed)
        let writable = writableFlag.load(ordering: .relaxed)  // written only here, on the loop
        if writable && pending.count > writeBufferHighWatermark {
            writableFlag.store(false, ordering: .relaxed)
            handlers.onWritabilityChanged(false)
        } else if !writable && pending.count <= writeBufferLowWatermark {
            writableFlag.store(true, ordering: .relaxed)
            handlers.onWritabilityChanged(true)
        }
    }
}
