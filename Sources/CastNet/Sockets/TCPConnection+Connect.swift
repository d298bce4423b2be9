import CCastNetShims
import Glibc

extension TCPConnection {
    /// Connects to `address`; `completion` runs on the loop with the established connection (not yet reading: call
    /// `start`) or the error (`ECONNREFUSED`, `ETIMEDOUT` after `timeout`, …). On a loop that has shut down it runs
    /// at once on the calling thread with `ECANCELED`.
    public static func connect(
        to address: SocketAddress, on loop: EventLoop, timeout: Duration = .seconds(10), noDelay: Bool = true,
        _ completion: @escaping @Sendable (Result<TCPConnection, IOError>) -> Void
    ) {
        let start: @Sendable () -> Void = {
            let fd: Int32
            do throws(IOError) {
                fd = try Posix.socket(domain: address.family, type: SOCK_STREAM)
            } catch {
                completion(.failure(error))
                return
            }
            let connection = TCPConnection(fd: fd, eventLoop: loop, state: .connecting)
            connection.peerAddress = address
            connection.connectCompletion = completion
            do throws(IOError) {
                if noDelay { try connection.setNoDelay() }
                let connected = try address.withSockAddr { (pointer, length) throws(IOError) in
                    try Posix.connect(fd, pointer, length)
                }
                if connected {
                    connection.establish()
                    return
                }
            } catch {
                connection.closeNow(error)
                return
            }
            connection.updateInterest()
            connection.connectTimer = loop.scheduleTask(in: timeout) {
                connection.closeNow(IOError(errno: ETIMEDOUT, call: "connect"))
            }
        }
        if loop.isInEventLoop {
            start()
        } else if !loop.tryExecute(start) {
            // Nothing was opened yet; without this the caller (and an awaiting task) would wait forever.
            completion(.failure(IOError(errno: ECANCELED, call: "connect")))
        }
    }

    /// Connects to `address` and returns the established connection (not yet reading: call `start`).
    public static func connect(
        to address: SocketAddress, on loop: EventLoop, timeout: Duration = .seconds(10), noDelay: Bool = true
    ) async throws(IOError) -> TCPConnection {
        let result = await withCheckedContinuation { continuation in
            connect(to: address, on: loop, timeout: timeout, noDelay: noDelay) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Turns Nagle's algorithm off (`TCP_NODELAY`).
    func setNoDelay() throws(IOError) {
        try Posix.setsockopt(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: Int32(1))
    }
}
