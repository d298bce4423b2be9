import CastCLI
import CastLog
import Foundation

/// `--log-to TARGET`, `CASTSCOPE_LOG_TO` and `--log-file-filter`, shared by every command that logs:
/// the console keeps its own filter (`--log-filter`, `CASTSCOPE_LOG`), the files record at debug unless told
/// otherwise, so a capture's log always has the records `inspect --log` links to Cast messages.
enum LogTargetArguments {
    static let option = OptionSpec.option(
        "log-to", value: "target",
        help: "Also send logs to journal[:PATH], syslog+udp://H:P, syslog+tcp://H:P, syslog+unix:PATH or file:PATH "
            + "(also $CASTSCOPE_LOG_TO, comma-separated).",
        repeatable: true)

    static let fileFilterOption = OptionSpec.option(
        "log-file-filter", value: "file|level",
        help: "What the log file and --log-to targets record: a filter file or a level (default: debug), whatever "
            + "the console shows.")

    /// The level files record at when `--log-file-filter` is not given.
    static let defaultFileLevel = LogLevel.debug

    /// The targets of `--log-to` then of `CASTSCOPE_LOG_TO`; a bad one is a usage error.
    static func targets(_ invocation: Invocation, environment: [String: String]) throws -> [LogTarget] {
        var targets: [LogTarget] = []
        for text in invocation.options("log-to") {
            do { targets.append(try LogTarget.parse(text)) } catch {
                throw CommandLineError(.invalidValue, "--log-to: \(error)")
            }
        }
        return targets + (try environmentTargets(environment))
    }

    /// The targets of `CASTSCOPE_LOG_TO`; a bad one is a usage error naming the variable.
    static func environmentTargets(_ environment: [String: String]) throws -> [LogTarget] {
        guard let list = environment[LogTarget.environmentVariable], !list.isEmpty else { return [] }
        do { return try LogTarget.parseList(list) } catch {
            throw CommandLineError(.invalidValue, "\(LogTarget.environmentVariable): \(error)")
        }
    }

    /// `--log-file-filter`: a level name (`debug`, `info`…) or a filter file; debug when not given.
    static func fileFilter(_ invocation: Invocation, default fallback: LoggerFilter? = nil) throws -> LoggerFilter {
        guard let value = invocation.option("log-file-filter") else {
            if let fallback { return fallback }
            var filter = LoggerFilter()
            filter.minimumLevel = defaultFileLevel
            return filter
        }
        if let level = LogLevel(name: value) {
            var filter = LoggerFilter()
            filter.minimumLevel = level
            return filter
        }
        return try FilterFile.load(path: value)
    }

    /// Sets up `logger`: text records on stderr through `console` (nil: everything), and `files` (plus a sink per
    /// `--log-to` target) through `--log-file-filter`. A target that cannot even be opened (a file in a missing
    /// folder) is an error; one that is only down now (no journal, no syslog daemon) drops its records and says so.
    /// `fileDefault` replaces debug as what files record without `--log-file-filter` (the demo's own filter).
    static func install(_ invocation: Invocation, on logger: Logger, console: LoggerFilter?,
                        files: [any LogSink] = [], fileDefault: LoggerFilter? = nil) throws {
        let targets = try files + targets(invocation, environment: ProcessInfo.processInfo.environment)
            .map { try $0.makeSink() }
        let consoleSink = ConsoleSink(format: .text, fd: 2)
        guard !targets.isEmpty else {
            logger.filter = console
            logger.addSink(consoleSink)
            return
        }
        // Each sink filters for itself; the logger lets through what any of them may want.
        let fileFilter = try fileFilter(invocation, default: fileDefault)
        logger.filter = nil
        logger.addSink(console.map { FilteredSink(consoleSink, filter: $0) } ?? consoleSink)
        for target in targets { logger.addSink(FilteredSink(target, filter: fileFilter)) }
    }
}
