import CastNet
import Synchronization
import Testing

/// The shape the Cast stack takes: an actor on the loop owns a connection, and socket callbacks (which run on the
/// loop, outside any actor job) enter the actor synchronously with `assumeIsolated` instead of hopping.
private actor LineClient {
    let loop: EventLoop
    private var connection: TCPConnection?
    private var received: [UInt8] = []
    private var waiters: [CheckedContinuation<[UInt8], Never>] = []
    private(set) var callbacksOnLoop = true

    init(loop: EventLoop) { self.loop = loop }

    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }

    func connect(to address: SocketAddress) async throws(IOError) {
        let connection = try await TCPConnection.connect(to: address, on: loop)
        self.connection = connection
        connection.start(
            TCPConnectionHandlers(onRead: { [weak self] bytes in
                self?.assumeIsolated { client in client.didRead(bytes) }
            }))
    }

    func request(_ line: String) async -> [UInt8] {
        connection?.write(Array((line + "\n").utf8))
        return await withCheckedContinuation { waiters.append($0) }
    }

    func close() { connection?.close() }

    private func didRead(_ bytes: [UInt8]) {
        callbacksOnLoop = callbacksOnLoop && loop.isInEventLoop
        received += bytes
        while let newline = received.firstIndex(of: 10), !waiters.isEmpty {
            let line = Array(received[..<newline])
            received.removeSubrange(...newline)
            waiters.removeFirst().resume(returning: line)
        }
    }
}

@Suite struct LoopActorTests {
    @Test func actorOnTheLoopHandlesSocketCallbacksWithoutHopping() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            connection.start(TCPConnectionHandlers(onRead: { connection.write($0.map { $0 == 10 ? 10 : $0 ^ 0x20 }) }))
        }
        defer { listener.close() }
        let client = LineClient(loop: loop)
        try await client.connect(to: listener.localAddress)
        #expect(await client.request("hello") == Array("HELLO".utf8))
        #expect(await client.request("cast") == Array("CAST".utf8))
        #expect(await client.callbacksOnLoop)
        await client.close()
    }
}
