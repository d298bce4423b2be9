public import CastLog
import Synchronization

/// A `LoggerDelegate` that records what `GCKLoggerDelegate.logMessage` would receive, for assertions.
public final class RecordingLogDelegate: LoggerDelegate {
    /// One delegate call.
    public struct Call: Sendable, Hashable {
        public var message: String
        public var level: LogLevel
        public var function: String
        public var location: String
    }

    private let calls = Mutex<[Call]>([])

    public init() {}

    public func logMessage(_ message: String, at level: LogLevel, fromFunction function: String, location: String) {
        calls.withLock { $0.append(Call(message: message, level: level, function: function, location: location)) }
    }

    /// The calls so far, in order.
    public var recorded: [Call] { calls.withLock { $0 } }
}
