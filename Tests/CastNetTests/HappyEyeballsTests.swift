import CastNet
import Glibc
import Synchronization
import Testing

/// `TCPConnection.connect(toFirstOf:)`: several addresses of one device tried RFC 8305 style.
@Suite struct HappyEyeballsTests {
    static func connect(
        _ addresses: [SocketAddress], on loop: EventLoop, attemptDelay: Duration = TCPConnection.connectionAttemptDelay,
        timeout: Duration = .seconds(10)
    ) async -> Result<TCPConnection, IOError> {
        await withCheckedContinuation { continuation in
            TCPConnection.connect(toFirstOf: addresses, on: loop, attemptDelay: attemptDelay, timeout: timeout) {
                continuation.resume(returning: $0)
            }
        }
    }

    @Test func addressesAlternateFamiliesStartingWithIPv6() {
        let v4a = SocketAddress(.loopback, port: 1), v4b = SocketAddress(IPv4Address(127, 0, 0, 2), port: 1)
        let v6 = SocketAddress(IPv6Address.loopback, port: 1)
        #expect(TCPConnection.interleavedByFamily([v4a, v4b, v6]) == [v6, v4a, v4b])
        #expect(TCPConnection.interleavedByFamily([v4a]) == [v4a])
        #expect(TCPConnection.interleavedByFamily([]) == [])
    }

    @Test func aRefusedAddressFallsThroughToTheNextAtOnce() async throws {
        let loop = try EventLoop(name: "eyeballs-refused")
        defer { loop.shutdown() }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { $0.close() }
        defer { listener.close() }
        // Nothing listens on ::1 at that port: refused at once, then IPv4 answers without the 60 s attempt delay.
        let start = ContinuousClock.now
        let result = await Self.connect(
            [listener.localAddress, SocketAddress(IPv6Address.loopback, port: listener.localAddress.port)], on: loop,
            attemptDelay: .seconds(60), timeout: .seconds(120))
        let connection = try result.get()
        #expect(connection.description.contains("127.0.0.1:\(listener.localAddress.port)"), "\(connection)")
        // A bound, not a timing: without the fall-through on failure the next attempt would wait out the delay.
        #expect(ContinuousClock.now - start < .seconds(45))
        connection.close()
    }

    @Test func aSilentFirstAddressLosesToTheNextAfterTheAttemptDelay() async throws {
        let loop = try EventLoop(name: "eyeballs-silent")
        defer { loop.shutdown() }
        let silent = try SilentListener()
        let (held, _) = await silent.fill(on: loop)
        defer { for connection in held { connection.close() } }
        let listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        defer { listener.close() }
        let start = ContinuousClock.now
        let result = await Self.connect([silent.address, listener.localAddress], on: loop, timeout: .seconds(120))
        let connection = try result.get()
        // A bound, not a timing: without the attempt delay the silent address would hold on for its 120 s.
        #expect(ContinuousClock.now - start < .seconds(90))
        #expect(connection.description.contains(":\(listener.localAddress.port)"), "\(connection)")
        connection.close()
    }

    @Test func whenEveryAddressFailsTheLastErrorIsReportedOnce() async throws {
        let loop = try EventLoop(name: "eyeballs-failed")
        defer { loop.shutdown() }
        let closed = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        let port = closed.localAddress.port
        closed.close()
        let calls = Mutex(0)
        let result = await withCheckedContinuation { continuation in
            TCPConnection.connect(
                toFirstOf: [SocketAddress(.loopback, port: port), SocketAddress(IPv6Address.loopback, port: port)],
                on: loop
            ) { result in
                if calls.withLock({ $0 += 1; return $0 }) == 1 { continuation.resume(returning: result) }
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("connected to a closed port")
            return
        }
        #expect(error.errno == ECONNREFUSED || error.errno == EADDRNOTAVAIL || error.errno == ENETUNREACH, "\(error)")
        try? await loop.submit {}
        #expect(calls.withLock { $0 } == 1)
        #expect(await Self.connect([], on: loop).failureErrno == EDESTADDRREQ)
        let stopped = try EventLoop(name: "eyeballs-stopped")
        stopped.shutdown()
        #expect(await Self.connect([SocketAddress(.loopback, port: port)], on: stopped).failureErrno == ECANCELED)
    }
}

extension Result where Failure == IOError {
    fileprivate var failureErrno: Int32? {
        if case .failure(let error) = self { return error.errno }
        return nil
    }
}
