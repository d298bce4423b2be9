@testable import CastNet
import CastTestSupport
import Glibc
import Synchronization
import Testing

/// Descriptor ownership and loop shutdown for TCP: nothing leaks, nothing hangs, and stale readiness never reaches
/// a socket that reused a descriptor number.
@Suite struct TCPLifecycleTests {
    @Test func acceptedConnectionDroppedByOnAcceptIsClosedSoThePeerSeesEOF() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in
            // Neither kept nor closed.
        }
        defer { listener.close() }
        let client = try await TCPConnection.connect(to: listener.localAddress, on: loop)
        let record = ConnectionRecord()
        client.start(record.handlers())
        #expect(await eventually { record.sawEOF })
        client.close()
    }

    @Test func connectOnAStoppedLoopFailsWithCancelledInsteadOfHanging() async throws {
        let loop = try EventLoop()
        loop.shutdown()
        let outcome = Mutex<Result<TCPConnection, IOError>?>(nil)
        TCPConnection.connect(to: SocketAddress(.loopback, port: 9), on: loop) { result in
            outcome.withLock { $0 = result }
        }
        #expect(await eventually { outcome.withLock { $0 != nil } })
        let error = outcome.withLock { result -> IOError? in
            guard case .failure(let error) = result else { return nil }
            return error
        }
        #expect(error?.errno == ECANCELED)
    }

    @Test func listenerBindOnAStoppedLoopThrowsCancelledAndReleasesThePort() async throws {
        let running = try EventLoop()
        defer { running.shutdown() }
        let stopped = try EventLoop()
        stopped.shutdown()
        // Tests running beside this one may take the freed ephemeral port between our binds (EADDRINUSE): a few
        // fresh ports are tried before judging. A leaked socket would fail every attempt.
        for attempt in 1...5 {
            let probe = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: running) { _ in }
            let address = probe.localAddress
            probe.close()
            _ = try await running.submit { 0 }
            let onStopped = Self.bindError(address, on: stopped)
            if onStopped?.errno == EADDRINUSE, attempt < 5 { continue }
            #expect(onStopped == IOError(errno: ECANCELED, call: "bind (event loop stopped)"))
            let again = Self.bindError(address, on: running)
            if again?.errno == EADDRINUSE, attempt < 5 { continue }
            #expect(again == nil)
            return
        }
    }

    /// The error binding a listener to `address` on `loop` gives, or nil when it binds (it is closed at once).
    static func bindError(_ address: SocketAddress, on loop: EventLoop) -> IOError? {
        do {
            let listener = try TCPListener.bind(to: address, on: loop) { _ in }
            listener.close()
            return nil
        } catch {
            return error
        }
    }

    @Test func staleEventForAClosedSocketDoesNotCompleteAConnectThatReusedItsDescriptor() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let silent = try SilentListener()
        let (held, lastError) = await silent.fill(on: loop)
        defer { for connection in held { connection.abort() } }
        #expect(lastError?.kind == .timedOut)  // the silent listener's queue is full: connects stay in progress
        let servers = Mutex<[TCPConnection]>([])
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            connection.start(TCPConnectionHandlers())
            servers.withLock { $0.append(connection) }
        }
        defer { listener.close() }
        let clients = [
            try await TCPConnection.connect(to: listener.localAddress, on: loop),
            try await TCPConnection.connect(to: listener.localAddress, on: loop),
        ]
        #expect(await eventually { servers.withLock { $0.count } == 2 })
        let reacted = Atomic<Bool>(false)
        let reusedDescriptor = Atomic<Bool>(false)
        let outcome = Mutex<Result<TCPConnection, IOError>?>(nil)
        for (index, client) in clients.enumerated() {
            let other = clients[1 - index]
            client.start(
                TCPConnectionHandlers(onRead: { _ in
                    guard !reacted.exchange(true, ordering: .relaxed) else { return }
                    // Both clients became readable in the same epoll batch; the other's event is still pending.
                    let freed = other.fd
                    other.abort()  // on the loop: closes the descriptor now
                    TCPConnection.connect(to: silent.address, on: loop, timeout: .milliseconds(300)) { result in
                        outcome.withLock { $0 = result }
                    }
                    loop.preconditionInEventLoop()
                    // The new socket normally gets the lowest free number, the one just closed.
                    reusedDescriptor.store(socketIsOpen(freed), ordering: .relaxed)
                }))
        }
        // One loop task writes to both, so both clients are readable at the next epoll_wait.
        let pair = servers.withLock { $0 }
        loop.execute { for server in pair { server.write([1]) } }
        #expect(await eventually { outcome.withLock { $0 != nil } })
        if !reusedDescriptor.load(ordering: .relaxed) {
            print("note: another thread took the freed descriptor number; the stale-event path was not exercised")
        }
        switch outcome.withLock({ $0 }) {
        case .success(let connection):
            Issue.record("a connect still in progress was reported established")
            connection.abort()
        case .failure(let error):
            #expect(error.kind == .timedOut)
        case nil:
            break
        }
        for client in clients { client.abort() }
    }

    @Test func readinessWithoutAPeerDoesNotEstablishAConnectStillInProgress() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let silent = try SilentListener()
        let (held, lastError) = await silent.fill(on: loop)
        defer { for connection in held { connection.abort() } }
        #expect(lastError?.kind == .timedOut)  // further connects to it stay in progress
        let target = silent.address
        let states = try await loop.submit { () -> [Bool] in
            let stream = __socket_type(1)  // SOCK_STREAM
            guard let fd = try? Posix.socket(domain: AF_INET, type: stream) else { return [] }
            let connection = TCPConnection(fd: fd, eventLoop: loop, state: .connecting)
            let connected = try? target.withSockAddr { (pointer, length) throws(IOError) in
                try Posix.connect(fd, pointer, length)
            }
            connection.connectCompletion = { _ in }
            connection.updateInterest()
            // Spurious readiness (as from a stale event): SO_ERROR is 0 but the socket has no peer yet.
            connection.handleEvents(0x001)  // EPOLLIN
            let afterIn = connection.state == .connecting
            connection.handleEvents(0x004)  // EPOLLOUT
            let afterOut = connection.state == .connecting
            connection.abort()
            return [connected == false, afterIn, afterOut]
        }
        #expect(states == [true, true, true])
    }

    @Test func connectionPropertiesAreReadableFromAnotherThreadWhileTheLoopChangesThem() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            connection.start(TCPConnectionHandlers())
        }
        defer { listener.close() }
        let client = try await TCPConnection.connect(to: listener.localAddress, on: loop)
        client.start(TCPConnectionHandlers())
        client.writeBufferHighWatermark = 1024
        client.writeBufferLowWatermark = 512
        #expect(client.writeBufferHighWatermark == 1024)
        #expect(client.writeBufferLowWatermark == 512)
        for round in 0..<200 {
            client.write(patternBytes(count: 4096, seed: UInt8(truncatingIfNeeded: round)))
            // Snapshots while the loop flushes: consistent values, no torn reads.
            _ = client.pendingWriteBytes
            _ = client.isWritable
            #expect(client.peerAddress == listener.localAddress)
            #expect(client.localAddress != nil)
            #expect(!client.isClosed)
        }
        client.close()
        #expect(await eventually { client.isClosed })
        #expect(client.pendingWriteBytes == 0)
    }
}

/// True when `fd` names an open descriptor.
func socketIsOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 }
