import CastNet
import Glibc
import Synchronization

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

/// A loopback listener that never accepts, with a backlog of 0: once its queue is full the kernel ignores SYNs, so
/// further connects stay in progress (and nothing leaves the machine). Closed on deinit.
final class SilentListener: Sendable {
    let fd: Int32
    let address: SocketAddress

    struct SetupFailed: Error {}

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = IPv4Address.loopback.value.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard fd >= 0, bound == 0, listen(fd, 0) == 0, named == 0 else {
            if fd >= 0 { close(fd) }
            throw SetupFailed()
        }
        self.fd = fd
        self.address = SocketAddress(.loopback, port: UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }

    /// Connects until one attempt times out (the queue is full); returns the connections that got in and that
    /// last error.
    func fill(on loop: EventLoop) async -> (held: [TCPConnection], lastError: IOError?) {
        var held: [TCPConnection] = []
        for _ in 0..<8 {
            do {
                held.append(try await TCPConnection.connect(to: address, on: loop, timeout: .milliseconds(300)))
            } catch {
                return (held, error)
            }
        }
        return (held, nil)
    }
}
