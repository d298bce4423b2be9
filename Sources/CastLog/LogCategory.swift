public import Synchronization

/// The cached filter decision for one class name, shared by every handle for that name.
///
/// `threshold` is the lowest level that can pass for the class; the logger rewrites it whenever anything that
/// decides it changes (filter, enabled switches, sinks), so the call-site check is a single relaxed atomic load.
@usableFromInline
final class CategoryState: Sendable {
    @usableFromInline let name: String
    @usableFromInline let threshold: Atomic<UInt8>
    /// The logger's filter generation this threshold was computed for.
    let generation: Atomic<UInt64>

    init(name: String, threshold: UInt8, generation: UInt64) {
        self.name = name
        self.threshold = Atomic(threshold)
        self.generation = Atomic(generation)
    }
}

/// A per-class logging handle: `let log = Logger.shared.category("GCKCastChannel")`.
///
/// Level methods take the message and metadata as autoclosures: when the class is filtered out at that level the
/// call is one atomic load and a compare, evaluates neither closure and allocates nothing.
public struct LogCategory: Sendable {
    @usableFromInline let state: CategoryState
    @usableFromInline let logger: Logger

    init(state: CategoryState, logger: Logger) {
        self.state = state
        self.logger = logger
    }

    /// The Cast SDK class name records are logged under.
    public var name: String { state.name }

    /// True when a record at `level` could pass for this class (function rules and message patterns may still
    /// drop it). Use it to guard work that is not a message or metadata.
    @inlinable
    public func isEnabled(_ level: LogLevel) -> Bool {
        UInt8(truncatingIfNeeded: level.rawValue) >= state.threshold.load(ordering: .relaxed)
    }

    /// Logs at `level`.
    @inlinable
    public func log(
        _ level: LogLevel, _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard UInt8(truncatingIfNeeded: level.rawValue) >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, level, message().string, metadata(), function: function, file: file, line: line)
    }

    /// Logs at verbose.
    @inlinable
    public func verbose(
        _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard 1 >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, .verbose, message().string, metadata(), function: function, file: file, line: line)
    }

    /// Logs at debug.
    @inlinable
    public func debug(
        _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard 2 >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, .debug, message().string, metadata(), function: function, file: file, line: line)
    }

    /// Logs at info.
    @inlinable
    public func info(
        _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard 3 >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, .info, message().string, metadata(), function: function, file: file, line: line)
    }

    /// Logs at warning.
    @inlinable
    public func warning(
        _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard 4 >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, .warning, message().string, metadata(), function: function, file: file, line: line)
    }

    /// Logs at error.
    @inlinable
    public func error(
        _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard 5 >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, .error, message().string, metadata(), function: function, file: file, line: line)
    }

    /// Logs at assert (an assertion-level failure; it does not stop the program).
    @inlinable
    public func assertionFailure(
        _ message: @autoclosure () -> LogMessage, _ metadata: @autoclosure () -> LogMetadata = [:],
        function: String = #function, file: String = #fileID, line: UInt = #line
    ) {
        guard 6 >= state.threshold.load(ordering: .relaxed) else { return }
        logger.emit(state, .assert, message().string, metadata(), function: function, file: file, line: line)
    }
}
