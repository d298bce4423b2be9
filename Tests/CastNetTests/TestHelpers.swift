import CastNet
import Glibc
import Synchronization

/// Polls `condition` until it holds or `limit` passes; tests assert on the result, never on the time taken.
func eventually(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

/// What one TCP connection's handlers saw, shared with the test thread.
final class ConnectionRecord: Sendable {
    struct State {
        var bytes: [UInt8] = []
        var eof = false
        var closed = false
        var closeError: IOError?
        var writability: [Bool] = []
    }

    let state = Mutex(State())

    var bytes: [UInt8] { state.withLock { $0.bytes } }
    var sawEOF: Bool { state.withLock { $0.eof } }
    var isClosed: Bool { state.withLock { $0.closed } }
    var closeError: IOError? { state.withLock { $0.closeError } }
    var writability: [Bool] { state.withLock { $0.writability } }

    /// Handlers that record everything; `onRead` additionally runs `extra`.
    func handlers(onRead extra: @escaping @Sendable ([UInt8]) -> Void = { _ in }) -> TCPConnectionHandlers {
        TCPConnectionHandlers(
            onRead: { bytes in
                self.state.withLock { $0.bytes += bytes }
                extra(bytes)
            },
            onReadEOF: { self.state.withLock { $0.eof = true } },
            onWritabilityChanged: { writable in self.state.withLock { $0.writability.append(writable) } },
            onClose: { error in
                self.state.withLock {
                    $0.closed = true
                    $0.closeError = error
                }
            })
    }
}

/// Deterministic test bytes: `count` bytes of a simple pattern seeded by `seed`.
func patternBytes(count: Int, seed: UInt8) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 >> 8) }
}
