import Foundation

/// How records travel from the call site to the sinks.
public enum LogDelivery: Sendable, Hashable {
    /// On the logging thread, before the call returns (the default).
    case synchronous
    /// Through a bounded queue drained by one background thread.
    case asynchronous(capacity: Int, overflow: LogOverflowPolicy)
}

/// What an asynchronous logger does when its queue is full.
public enum LogOverflowPolicy: String, Sendable, Hashable {
    /// The logging thread waits for room (nothing is lost).
    case block
    /// The record is dropped and counted; the count rides on the next record as `log.dropped`.
    case drop
}

/// Everything `Logger` guards with its lock: the settings as set, the sinks built from them and the categories.
struct LoggerConfiguration {
    var delegate = WeakDelegateBox(nil)
    var filter: LoggerFilter?
    var loggingEnabled = true
    var consoleLoggingEnabled = false
    var fileLoggingEnabled = false
    var maxLogFileSize: UInt64 = 0
    var maxLogFileCount = 5
    var logFileDirectory = LoggerConfiguration.defaultLogDirectory()
    var fileFormat = LogFormat.jsonLines
    var consoleFormat = LogFormat.text
    var redactionEnabled = true
    var delivery = LogDelivery.synchronous
    var extraSinks: [any LogSink] = []
    var categories: [String: CategoryState] = [:]
    var consoleSink: ConsoleSink?
    var consoleSinkFormat: LogFormat?
    var fileSink: RotatingFileSink?
    var fileError: LogFileError?
    var pipeline = LogPipeline.disabled
    /// Every pipeline installed so far, kept alive so the lock-free read in `Logger.emit` never sees a freed one
    /// (a few hundred bytes per configuration change; their replaced file sinks are closed).
    var installedPipelines: [LogPipeline] = []

    var effectiveMaxLogFileSize: UInt64 {
        maxLogFileSize == 0 ? RotatingFileSink.defaultMaxFileSize
            : max(maxLogFileSize, RotatingFileSink.minimumMaxFileSize)
    }

    var logFilePath: String { logFileDirectory + "/castscope.log" }

    /// Rebuilds sinks whose settings changed and the immutable pipeline the call sites read.
    mutating func rebuildPipeline(previous: LogPipeline) {
        if consoleLoggingEnabled {
            if consoleSink == nil || consoleSinkFormat != consoleFormat {
                consoleSink = ConsoleSink(format: consoleFormat)
                consoleSinkFormat = consoleFormat
            }
        } else {
            consoleSink = nil
        }
        rebuildFileSink()
        var sinks: [any LogSink] = []
        if let consoleSink { sinks.append(consoleSink) }
        if let fileSink { sinks.append(fileSink) }
        sinks.append(contentsOf: extraSinks)
        let hasOutput = !sinks.isEmpty || delegate.delegate != nil
        let box = delegate
        var queue: AsyncLogQueue?
        if case .asynchronous(let capacity, let overflow) = delivery, loggingEnabled, hasOutput {
            let targets = sinks
            queue = AsyncLogQueue(capacity: capacity, overflow: overflow) { record in
                LogPipeline.deliver(record, to: targets, delegate: box)
            }
        }
        pipeline = LogPipeline(
            filter: filter, enabled: loggingEnabled && hasOutput, sinks: sinks, delegate: box,
            redact: redactionEnabled, queue: queue)
    }

    private mutating func rebuildFileSink() {
        guard fileLoggingEnabled else {
            fileSink?.close()
            fileSink = nil
            fileError = nil
            return
        }
        if let current = fileSink, current.path == logFilePath, current.maxFileSize == effectiveMaxLogFileSize,
            current.maxFileCount == maxLogFileCount, currentFileFormat == fileFormat
        {
            return
        }
        fileSink?.close()
        do {
            fileSink = try RotatingFileSink(
                path: logFilePath, maxFileSize: maxLogFileSize, maxFileCount: maxLogFileCount, format: fileFormat)
            currentFileFormat = fileFormat
            fileError = nil
            LoggerConfiguration.registerExitFlush()
        } catch {
            fileSink = nil
            fileError = error
        }
    }

    private var currentFileFormat: LogFormat?

    static func defaultLogDirectory() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty { return cache + "/castscope/logs" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.cache/castscope/logs"
    }

    private static let exitFlushRegistered = ExitFlushOnce()

    /// Makes sure the shared logger's buffered file output reaches disk when the process exits normally.
    static func registerExitFlush() {
        exitFlushRegistered.register()
    }
}

/// Registers the `atexit` flush of `Logger.shared` once.
private final class ExitFlushOnce: Sendable {
    private let done = NSLock()
    nonisolated(unsafe) private var registered = false

    func register() {
        done.lock()
        defer { done.unlock() }
        guard !registered else { return }
        registered = true
        atexit { Logger.shared.flush() }
    }
}

/// An immutable snapshot of where records go; call sites read it under the logger's lock and use it outside.
final class LogPipeline: Sendable {
    let filter: LoggerFilter?
    /// Function rules and message patterns need the record's function and message, so they are checked per record.
    let needsExactCheck: Bool
    let enabled: Bool
    let sinks: [any LogSink]
    let delegate: WeakDelegateBox
    let redact: Bool
    let queue: AsyncLogQueue?

    static let disabled = LogPipeline(
        filter: nil, enabled: false, sinks: [], delegate: WeakDelegateBox(nil), redact: true, queue: nil)

    init(
        filter: LoggerFilter?, enabled: Bool, sinks: [any LogSink], delegate: WeakDelegateBox, redact: Bool,
        queue: AsyncLogQueue?
    ) {
        self.filter = filter
        self.needsExactCheck = filter.map { !$0.functionRules.isEmpty || !$0.messagePatterns.isEmpty } ?? false
        self.enabled = enabled
        self.sinks = sinks
        self.delegate = delegate
        self.redact = redact
        self.queue = queue
    }

    /// The cached threshold for `className`: off when nothing listens, else the lowest level that could pass.
    func threshold(forClass className: String) -> UInt8 {
        guard enabled else { return LogLevel.offThreshold }
        return filter?.lowestThreshold(forClass: className) ?? LogLevel.verbose.threshold
    }

    func deliver(_ record: LogRecord) {
        Self.deliver(record, to: sinks, delegate: delegate)
    }

    static func deliver(_ record: LogRecord, to sinks: [any LogSink], delegate: WeakDelegateBox) {
        for sink in sinks { sink.write(record) }
        delegate.delegate?.logRecord(record)
    }
}
