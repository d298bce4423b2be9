import Glibc
import Synchronization

extension TCPConnection {
    /// The wait before the next address is tried while earlier attempts are still pending (RFC 8305 §5 suggests
    /// 250 ms).
    public static let connectionAttemptDelay = Duration.milliseconds(250)

    /// Connects to the first of `addresses` that answers, RFC 8305 style: the addresses are interleaved by family
    /// (IPv6 first), each attempt starts `attemptDelay` after the previous one or at once when it fails, the first
    /// connection made wins and the others are abandoned. `completion` runs on the loop once, with the connection
    /// or, when every attempt failed (each within `timeout`), the last error.
    public static func connect(
        toFirstOf addresses: [SocketAddress], on loop: EventLoop, attemptDelay: Duration = connectionAttemptDelay,
        timeout: Duration = .seconds(10), _ completion: @escaping @Sendable (Result<TCPConnection, IOError>) -> Void
    ) {
        let ordered = interleavedByFamily(addresses)
        guard !ordered.isEmpty else {
            completion(.failure(IOError(errno: EDESTADDRREQ, call: "connect (no address)")))
            return
        }
        let race = ConnectionRace(count: ordered.count, completion: completion)
        @Sendable func attempt(_ index: Int) {
            guard index < ordered.count, race.shouldStart(index) else { return }
            // The next attempt starts after the delay unless this one fails first.
            let next = loop.scheduleTask(in: attemptDelay) { attempt(index + 1) }
            connect(to: ordered[index], on: loop, timeout: timeout) { result in
                switch result {
                case .success(let connection):
                    next.cancel()
                    if !race.won(connection) { connection.close() }
                case .failure(let error):
                    next.cancel()
                    if race.failed(error) { return }
                    attempt(index + 1)
                }
            }
        }
        if loop.isInEventLoop {
            attempt(0)
        } else if !loop.tryExecute({ attempt(0) }) {
            // The loop has stopped: nothing was opened, and the caller must not wait forever.
            completion(.failure(IOError(errno: ECANCELED, call: "connect")))
        }
    }

    /// `addresses` alternating IPv6 and IPv4 (RFC 8305 §4), IPv6 first, each family in its given order.
    public static func interleavedByFamily(_ addresses: [SocketAddress]) -> [SocketAddress] {
        let v6 = addresses.filter { !$0.ip.isIPv4 }
        let v4 = addresses.filter { $0.ip.isIPv4 }
        var result: [SocketAddress] = []
        for index in 0..<max(v6.count, v4.count) {
            if index < v6.count { result.append(v6[index]) }
            if index < v4.count { result.append(v4[index]) }
        }
        return result
    }
}

/// The state of one `connect(toFirstOf:)`: which attempts started, whether one won, how many failed.
private final class ConnectionRace: Sendable {
    private struct State {
        var started = Set<Int>()
        var done = false
        var failures = 0
    }

    private let count: Int
    private let completion: @Sendable (Result<TCPConnection, IOError>) -> Void
    private let state = Mutex(State())

    init(count: Int, completion: @escaping @Sendable (Result<TCPConnection, IOError>) -> Void) {
        self.count = count
        self.completion = completion
    }

    /// True the first time attempt `index` is asked for while the race is open.
    func shouldStart(_ index: Int) -> Bool {
        state.withLock { !$0.done && $0.started.insert(index).inserted }
    }

    /// Ends the race with `connection` unless it already ended; false when it had (close the connection).
    func won(_ connection: TCPConnection) -> Bool {
        let first = state.withLock { state -> Bool in
            defer { state.done = true }
            return !state.done
        }
        if first { completion(.success(connection)) }
        return first
    }

    /// Counts a failure; true when the race is over (ended already, or this was the last attempt: then it reports).
    func failed(_ error: IOError) -> Bool {
        let (over, report) = state.withLock { state -> (Bool, Bool) in
            guard !state.done else { return (true, false) }
            state.failures += 1
            guard state.failures == count else { return (false, false) }
            state.done = true
            return (true, true)
        }
        if report { completion(.failure(error)) }
        return over
    }
}
