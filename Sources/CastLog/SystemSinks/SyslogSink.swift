import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where a `SyslogSink` sends: UDP (a datagram per message), TCP (octet counting, RFC 6587 §3.4.1) or a unix
/// socket (datagram, or stream with octet counting when the socket is a stream one).
public enum SyslogTransport: Sendable, Hashable, CustomStringConvertible {
    case udp(host: String, port: UInt16)
    case tcp(host: String, port: UInt16)
    case unix(path: String)

    public var description: String {
        switch self {
        case .udp(let host, let port): "syslog+udp://\(Self.bracketed(host)):\(port)"
        case .tcp(let host, let port): "syslog+tcp://\(Self.bracketed(host)):\(port)"
        case .unix(let path): "syslog+unix:\(path)"
        }
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") || host.hasPrefix("[") ? "[\(host)]" : host
    }
}

/// Sends records as RFC 5424 messages (`SyslogMessage`) to a syslog daemon.
///
/// `write` only formats and queues: a delivery queue connects (bounded by one second), sends (each send bounded by
/// one second) and reconnects at most once a second after a failure. Up to 4 MiB wait; beyond that, and while the
/// daemon cannot be reached, records are dropped, counted and said once on stderr — the program never waits on syslog.
public final class SyslogSink: LogSink {
    /// The daemon records go to.
    public let transport: SyslogTransport
    private let origin: SyslogMessage.Origin
    private let dropped: DroppedRecords
    private let delivery = DispatchQueue(label: "castscope.syslog-sink")
    private let state = Mutex(State())
    private static let backlogLimit = 4 * 1024 * 1024
    private static let timeoutMilliseconds: Int32 = 1000
    private static let retryInterval: Duration = .seconds(1)

    private struct State {
        var pending: [[UInt8]] = []
        var pendingBytes = 0
        var draining = false
    }

    // Only the delivery queue touches the connection.
    private nonisolated(unsafe) var socket: LogSocket?
    private nonisolated(unsafe) var streamFraming = false
    private nonisolated(unsafe) var lastFailure: (at: ContinuousClock.Instant, error: LogSocketError)?

    /// A sink sending to `transport`, as APP-NAME `appName`.
    public init(transport: SyslogTransport, appName: String = "castscope") {
        self.transport = transport
        origin = SyslogMessage.Origin.current(appName: appName)
        dropped = DroppedRecords(target: transport.description)
    }

    /// Records that could not be delivered.
    public var droppedCount: Int { dropped.count }

    public func write(_ record: LogRecord) {
        let message = SyslogMessage.encode(record, origin: origin)
        let startDrain = state.withLock { state -> Bool? in
            guard state.pendingBytes + message.count <= Self.backlogLimit else { return nil }
            state.pending.append(message)
            state.pendingBytes += message.count
            defer { state.draining = true }
            return !state.draining
        }
        switch startDrain {
        case nil: dropped.drop(cause: "more than 4 MiB waiting")
        case true?: delivery.async { self.drain() }
        case false?: break
        }
    }

    /// Waits until every queued record was sent or dropped.
    public func flush() { delivery.sync {} }

    private func drain() {
        while true {
            let batch = state.withLock { state -> [[UInt8]] in
                defer {
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingBytes = 0
                }
                if state.pending.isEmpty { state.draining = false }
                return state.pending
            }
            if batch.isEmpty { return }
            send(batch)
        }
    }

    private func send(_ batch: [[UInt8]]) {
        for (index, message) in batch.enumerated() {
            do throws(LogSocketError) {
                let socket = try connected()
                try socket.send(streamFraming ? Array("\(message.count) ".utf8) + message : message,
                                timeoutMilliseconds: Self.timeoutMilliseconds)
            } catch {
                socket = nil
                lastFailure = (.now, error)
                dropped.drop(batch.count - index, cause: error.description)
                return
            }
        }
    }

    private func connected() throws(LogSocketError) -> LogSocket {
        if let socket { return socket }
        if let lastFailure, ContinuousClock.now - lastFailure.at < Self.retryInterval { throw lastFailure.error }
        let made: LogSocket
        switch transport {
        case .udp(let host, let port):
            made = try LogSocket.connectInet(host: host, port: port, stream: false,
                                             timeoutMilliseconds: Self.timeoutMilliseconds)
            streamFraming = false
        case .tcp(let host, let port):
            made = try LogSocket.connectInet(host: host, port: port, stream: true,
                                             timeoutMilliseconds: Self.timeoutMilliseconds)
            streamFraming = true
        case .unix(let path):
            do throws(LogSocketError) {
                made = try LogSocket.connectUnix(path: path, stream: false)
                streamFraming = false
            } catch where error.code == EPROTOTYPE {  // a stream socket
                made = try LogSocket.connectUnix(path: path, stream: true)
                streamFraming = true
            }
        }
        socket = made
        return made
    }
}
