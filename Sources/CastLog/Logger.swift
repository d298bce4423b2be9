import Foundation
import Synchronization

/// The logger every castscope type logs through, modelled on `GCKLogger`: a shared instance, a weak delegate, a
/// filter, console and rotating-file output, plus any `LogSink`s you add.
///
/// ```swift
/// let log = Logger.shared.category("GCKCastChannel")
/// log.debug("sent \(type)", ["cast.ns": .string(ns)])
/// ```
/// Configuration changes rebuild an immutable delivery pipeline and recompute every class's cached threshold, so
/// the per-call cost stays one atomic load until a record passes.
public final class Logger: Sendable {
    /// The instance the castscope stack logs through; its filter starts from `CASTSCOPE_LOG` when that is set.
    public static let shared: Logger = {
        let logger = Logger()
        do {
            try logger.applyEnvironmentFilter(ProcessInfo.processInfo.environment)
        } catch {
            FileDescriptorWriter.writeAll(2, Array("castscope: ignoring CASTSCOPE_LOG: \(error)\n".utf8))
        }
        return logger
    }()

    private let configuration: Mutex<LoggerConfiguration>
    private let generationCounter = Atomic<UInt64>(0)
    /// The live pipeline as an unretained pointer, so the enabled path reads it without the lock. Every pipeline
    /// ever installed stays in `configuration.installedPipelines` for the logger's lifetime, which keeps the
    /// pointer valid for a thread that loaded it just before a reconfiguration.
    private let livePipeline = Atomic<UInt>(0)

    /// A logger with `GCKLogger`'s defaults: enabled, console and file output off, no filter.
    public init() {
        var initial = LoggerConfiguration()
        initial.installedPipelines.append(initial.pipeline)
        livePipeline.store(Self.bits(of: initial.pipeline), ordering: .releasing)
        configuration = Mutex(initial)
    }

    deinit {
        // The queue's thread holds the queue, not the logger: stop it, or it waits forever.
        currentPipeline.queue?.shutdown()
    }

    private static func bits(of pipeline: LogPipeline) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(pipeline).toOpaque())
    }

    /// The live pipeline, without taking the lock.
    private var currentPipeline: LogPipeline {
        let bits = livePipeline.load(ordering: .acquiring)
        // SAFETY: `bits` always holds a pipeline retained by `installedPipelines` (set in init and reconfigure).
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return LogPipeline.disabled }
        return Unmanaged<LogPipeline>.fromOpaque(pointer).takeUnretainedValue()
    }

    // MARK: GCKLogger properties

    /// Receives every record that passes the filter; held weakly, like `GCKLogger.delegate`.
    public var delegate: (any LoggerDelegate)? {
        get { configuration.withLock { $0.delegate.delegate } }
        set { reconfigure { $0.delegate = WeakDelegateBox(newValue) } }
    }

    /// What passes; nil lets everything through.
    public var filter: LoggerFilter? {
        get { configuration.withLock { $0.filter } }
        set { reconfigure { $0.filter = newValue } }
    }

    /// Master switch (on by default).
    public var loggingEnabled: Bool {
        get { configuration.withLock { $0.loggingEnabled } }
        set { reconfigure { $0.loggingEnabled = newValue } }
    }

    /// Text records to standard error (off by default).
    public var consoleLoggingEnabled: Bool {
        get { configuration.withLock { $0.consoleLoggingEnabled } }
        set { reconfigure { $0.consoleLoggingEnabled = newValue } }
    }

    /// Rotating files under `logFileDirectory` (off by default).
    public var fileLoggingEnabled: Bool {
        get { configuration.withLock { $0.fileLoggingEnabled } }
        set { reconfigure { $0.fileLoggingEnabled = newValue } }
    }

    /// Largest size of one log file in bytes: 0 means the 2 MiB default, values under 32 KiB are raised to it.
    public var maxLogFileSize: UInt64 {
        get { configuration.withLock { $0.effectiveMaxLogFileSize } }
        set { reconfigure { $0.maxLogFileSize = newValue } }
    }

    /// How many log files are kept (at least 2).
    public var maxLogFileCount: Int {
        get { configuration.withLock { $0.maxLogFileCount } }
        set { reconfigure { $0.maxLogFileCount = max(newValue, RotatingFileSink.minimumMaxFileCount) } }
    }

    /// Where file logging writes `castscope.log` (default `$XDG_CACHE_HOME/castscope/logs` or `~/.cache/…`).
    public var logFileDirectory: String {
        get { configuration.withLock { $0.logFileDirectory } }
        set { reconfigure { $0.logFileDirectory = newValue } }
    }

    /// The format of the log files (JSON lines by default).
    public var fileFormat: LogFormat {
        get { configuration.withLock { $0.fileFormat } }
        set { reconfigure { $0.fileFormat = newValue } }
    }

    /// The console format (text by default).
    public var consoleFormat: LogFormat {
        get { configuration.withLock { $0.consoleFormat } }
        set { reconfigure { $0.consoleFormat = newValue } }
    }

    /// Redact credentials, tokens and secrets before any sink sees a record (on by default).
    public var redactionEnabled: Bool {
        get { configuration.withLock { $0.redactionEnabled } }
        set { reconfigure { $0.redactionEnabled = newValue } }
    }

    /// Synchronous delivery (default) or a bounded queue drained by a background thread.
    public var delivery: LogDelivery {
        get { configuration.withLock { $0.delivery } }
        set { reconfigure { $0.delivery = newValue } }
    }

    /// The last error opening the log file, when file logging could not start.
    public var fileLoggingError: LogFileError? { configuration.withLock { $0.fileError } }

    /// Increases each time the configuration changes; cached class thresholds are stamped with it.
    public var filterGeneration: UInt64 { generationCounter.load(ordering: .acquiring) }

    /// Sets the filter from `CASTSCOPE_LOG` in `environment` (e.g. `warning,GCKUI*=verbose`); does nothing when it
    /// is unset or empty, throws (changing nothing) when it is malformed.
    public func applyEnvironmentFilter(_ environment: [String: String]) throws(FilterFileError) {
        guard let value = environment["CASTSCOPE_LOG"], !value.isEmpty else { return }
        filter = try FilterFile.parseEnvironment(value)
    }

    // MARK: Categories and sinks

    /// The handle for `className`; handles for the same name share one cached threshold.
    public func category(_ className: String) -> LogCategory {
        let state = configuration.withLock { configuration -> CategoryState in
            if let existing = configuration.categories[className] { return existing }
            let state = CategoryState(
                name: className, threshold: configuration.pipeline.threshold(forClass: className),
                generation: generationCounter.load(ordering: .relaxed))
            configuration.categories[className] = state
            return state
        }
        return LogCategory(state: state, logger: self)
    }

    /// Adds `sink`; it receives every record that passes the filter until removed.
    public func addSink(_ sink: any LogSink) {
        reconfigure { $0.extraSinks.append(sink) }
    }

    /// Removes a sink added with `addSink`.
    public func removeSink(_ sink: any LogSink) {
        reconfigure { $0.extraSinks.removeAll { $0 === sink } }
    }

    /// Delivers queued records (asynchronous mode) and flushes every sink's buffers.
    public func flush() {
        let pipeline = currentPipeline
        pipeline.queue?.drain()
        for sink in pipeline.sinks { sink.flush() }
    }

    /// Restores the defaults: no filter, no delegate, console and file off, synchronous, redaction on.
    public func resetConfiguration() {
        flush()
        reconfigure { configuration in
            let categories = configuration.categories
            configuration = LoggerConfiguration()
            configuration.categories = categories
        }
    }

    // MARK: Delivery

    /// The slow path, entered only when a record's level reached its class's cached threshold.
    /// Takes its strings owned: the record is built from them without another retain (and released once).
    @usableFromInline
    func emit(
        _ category: CategoryState, _ level: LogLevel, _ message: consuming String, _ metadata: consuming LogMetadata,
        function: consuming String, file: consuming String, line: UInt
    ) {
        let pipeline = currentPipeline
        if pipeline.needsExactCheck, let filter = pipeline.filter,
            !filter.allows(level: level, className: category.name, function: function, message: message)
        {
            return
        }
        var record = LogRecord(
            timestamp: .now(), level: level, className: category.name, function: function, file: file,
            line: line, message: message, metadata: metadata)
        if pipeline.redact { Redactor.redact(&record) }
        if let queue = pipeline.queue {
            queue.enqueue(record)
        } else {
            pipeline.deliver(record)
        }
    }

    private func reconfigure(_ change: (inout LoggerConfiguration) -> Void) {
        let retired = configuration.withLock { configuration -> LogPipeline in
            let old = configuration.pipeline
            change(&configuration)
            configuration.rebuildPipeline(previous: old)
            configuration.installedPipelines.append(configuration.pipeline)
            livePipeline.store(Self.bits(of: configuration.pipeline), ordering: .releasing)
            let generation = generationCounter.add(1, ordering: .acquiringAndReleasing).newValue
            for state in configuration.categories.values {
                state.threshold.store(configuration.pipeline.threshold(forClass: state.name), ordering: .relaxed)
                state.generation.store(generation, ordering: .relaxed)
            }
            return old
        }
        // Finish what the old pipeline still holds outside the lock (its queue thread may log nothing here).
        if let queue = retired.queue, queue !== configuration.withLock({ $0.pipeline.queue }) { queue.shutdown() }
        for sink in retired.sinks { sink.flush() }
    }
}
