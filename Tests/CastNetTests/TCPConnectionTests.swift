import CastNet
import CastTestSupport
import Glibc
import Synchronization
import Testing

@Suite struct TCPConnectionTests {
    @Test func connectToClosedPortFailsWithConnectionRefused() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        // A port held by a bound socket that never listens: connecting gets a RST, and, unlike a port released
        // after use, no test running in parallel can start listening on it meanwhile.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(holder >= 0)
        defer { close(holder) }
        var bound = sockaddr_in()
        bound.sin_family = sa_family_t(AF_INET)
        bound.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bindResult = withUnsafePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) }
        }
        try #require(bindResult == 0)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(holder, $0, &length) }
        }
        let address = SocketAddress(.loopback, port: UInt16(bigEndian: bound.sin_port))
        await #expect(throws: IOError(errno: ECONNREFUSED, call: "connect")) {
            _ = try await TCPConnection.connect(to: address, on: loop)
        }
    }

    @Test func echoServerServesManyConcurrentConnections() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            connection.start(TCPConnectionHandlers(onRead: { connection.write($0) }, onReadEOF: { connection.close() }))
        }
        defer { listener.close() }
        #expect(listener.localAddress.port != 0)
        let clients = 40
        let records = (0..<clients).map { _ in ConnectionRecord() }
        var connections: [TCPConnection] = []
        for index in 0..<clients {
            let connection = try await TCPConnection.connect(to: listener.localAddress, on: loop)
            #expect(connection.peerAddress == listener.localAddress)
            connection.start(records[index].handlers())
            connection.write(patternBytes(count: 10_000 + index, seed: UInt8(index)))
            connection.shutdownOutput()
            connections.append(connection)
        }
        #expect(await eventually { records.allSatisfy(\.isClosed) })
        for index in 0..<clients {
            #expect(records[index].bytes == patternBytes(count: 10_000 + index, seed: UInt8(index)))
            #expect(records[index].sawEOF)
            #expect(records[index].closeError == nil)
        }
    }

    @Test func largeWriteToASlowReaderAppliesBackPressure() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let accepted = Mutex<TCPConnection?>(nil)
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            accepted.withLock { $0 = connection }  // not reading yet
        }
        defer { listener.close() }
        let client = try await TCPConnection.connect(to: listener.localAddress, on: loop)
        let clientRecord = ConnectionRecord()
        client.start(clientRecord.handlers())
        let payload = patternBytes(count: 8 << 20, seed: 7)
        client.write(payload)
        let pendingAfterWrite = try await loop.submit { client.pendingWriteBytes }
        #expect(pendingAfterWrite > 0)
        #expect(try await loop.submit { client.isWritable } == false)
        #expect(clientRecord.writability == [false])

        #expect(await eventually { accepted.withLock { $0 } != nil })
        let server = try #require(accepted.withLock { $0 })
        let serverRecord = ConnectionRecord()
        server.start(serverRecord.handlers())
        client.close()  // after the flush
        #expect(await eventually { serverRecord.sawEOF })
        #expect(serverRecord.bytes == payload)
        #expect(clientRecord.writability == [false, true])
        #expect(await eventually { clientRecord.isClosed })
        #expect(clientRecord.closeError == nil)
        server.close()
    }

    @Test func halfCloseLetsThePeerAnswerAfterEOF() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let serverRecord = ConnectionRecord()
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            var handlers = serverRecord.handlers()
            let recordEOF = handlers.onReadEOF
            handlers.onReadEOF = {
                recordEOF()
                connection.write(Array("pong".utf8))
                connection.shutdownOutput()  // both directions done: the connection closes itself
            }
            connection.start(handlers)
        }
        defer { listener.close() }
        let client = try await TCPConnection.connect(to: listener.localAddress, on: loop)
        let clientRecord = ConnectionRecord()
        client.start(clientRecord.handlers())
        client.write(Array("ping".utf8))
        client.shutdownOutput()
        #expect(await eventually { clientRecord.isClosed && serverRecord.isClosed })
        #expect(serverRecord.bytes == Array("ping".utf8))
        #expect(serverRecord.sawEOF)
        #expect(clientRecord.bytes == Array("pong".utf8))
        #expect(clientRecord.sawEOF)
        #expect(clientRecord.closeError == nil)
        #expect(serverRecord.closeError == nil)
    }

    @Test func resetReachesThePeerAsConnectionReset() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            connection.start(TCPConnectionHandlers(onRead: { _ in connection.reset() }))
        }
        defer { listener.close() }
        let client = try await TCPConnection.connect(to: listener.localAddress, on: loop)
        let record = ConnectionRecord()
        client.start(record.handlers())
        client.write([1, 2, 3])
        #expect(await eventually { record.isClosed })
        #expect(record.closeError?.kind == .connectionReset)
        #expect(record.closeError?.errno == ECONNRESET)
    }

    @Test func connectWithoutAnswerTimesOut() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        // A listener that never accepts, with a backlog of 0: once its queue is full, the kernel ignores SYNs.
        let silent = try SilentListener()
        let (held, lastError) = await silent.fill(on: loop)
        #expect(lastError?.kind == .timedOut)
        for connection in held { connection.abort() }
    }

    @Test func loopShutdownClosesOpenConnectionsWithCancelled() async throws {
        let loop = try EventLoop()
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            connection.start(TCPConnectionHandlers())
        }
        let client = try await TCPConnection.connect(to: listener.localAddress, on: loop)
        let record = ConnectionRecord()
        client.start(record.handlers())
        loop.shutdown()
        #expect(record.isClosed)
        #expect(record.closeError?.kind == .cancelled)
    }
}
