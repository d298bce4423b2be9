import CastCLI
import CastInspect
import CastLog
import CastWire
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `castscope tail`: print the last records of log files, filtered and merged by time, and follow them.
///
/// Glue only: `LogTailSession` does the work (`LogFileFollower` per path, `LogTailSelector` to parse and filter,
/// `LogTailBuffer` for the last N, `LogMerger` to merge by time, `LogTailPrinter` to format); this file turns the
/// options into a filter, installs the signal handlers and writes what the session emits.
enum TailCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "tail", abstract: "Print the last records of log files, filtered, and follow them.",
            discussion: """
                Reads JSON-lines logs (as castscope writes them) and the text format. Several files are merged by \
                time. With -f, keeps following every file like 'tail -F': appends, rotation by rename and \
                truncation; a missing file is waited for. Lines that are not records are shown as they are. \
                Without --filter, --class, --level or --grep, the CASTSCOPE_LOG environment variable is the filter.
                """,
            arguments: [
                .init("file", help: "Log files, JSON lines or text format; '-' reads standard input.", repeating: true)
            ],
            options: [
                .flag("follow", short: "f", help: "Keep following the files as they grow, rotate or are truncated."),
                .option("lines", short: "n", value: "n", help: "How many records to show first.", default: "10"),
                .option("filter", value: "file", help: "A filter file (see 'castscope filters')."),
                .option(
                    "class", value: "pattern=level",
                    help: "A class rule added to the filter, e.g. 'GCK*Session=debug'.",
                    repeatable: true),
                .option("level", value: "level", help: "The minimum level of classes no rule names."),
                .option(
                    "grep", value: "regex", help: "Keep records whose message matches (ICU syntax; (?i) ignores case)."),
                .option(
                    "since", value: "time",
                    help: "Leave out records before this RFC 3339 time or date, or this long ago (10m, 2h, 30s)."),
                .option("output", value: "format", help: "Output format.", default: "text", values: ["text", "json"]),
                .option("format", value: "format", help: "Read every line in this format instead of recognising each "
                        + "line's.", default: "auto", values: ["auto"] + LogTailSelector.Format.allCases.map(\.rawValue)),
                .flag("strict", help: "Exit 1 when a line no format reads was met (alone or continuing a record), "
                      + "saying how many."),
                .option("year", value: "year",
                        help: "The year of logcat and Chromium times, which have none (default: this year)."),
                .option("tz", value: "offset",
                        help: "The zone of logcat, Chromium and Python times: +HH:MM, -HHMM or UTC (default: this "
                            + "machine's)."),
                // Logs and packets on one timeline (CaptureTailSession).
                .option("capture", value: "file",
                        help: "A pcap/pcapng whose Cast messages are merged with the records by time."),
                .option("keylog", value: "file", help: "An NSS key log to decrypt --capture with.", repeatable: true),
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    /// How often files are polled while following.
    static let pollInterval: Duration = .milliseconds(200)

    // MARK: Running

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let lineCount =
            try invocation.value("lines", expected: "expected a non-negative integer") { text in
                Int(text).flatMap { $0 >= 0 ? $0 : nil }
            } ?? 10
        let format =
            try invocation.value("output", expected: "expected one of 'text', 'json'") { text in
                ["text": LogFormat.text, "json": LogFormat.jsonLines][text]
            } ?? .text
        let since = try invocation.value("since", expected: "expected an RFC 3339 time or date, or a duration") {
            LogTailSelector.parseSince($0, now: .now())
        }
        let follow = invocation.flag("follow")
        let files = invocation.arguments("file")
        if files.filter({ $0 == "-" }).count > 1 {
            throw CommandLineError.validation("'-' (standard input) can be given only once")
        }
        let filter = try makeFilter(invocation)
        if let capture = invocation.option("capture") {
            return try await runWithCapture(capture, invocation, io, filter: filter, since: since, format: format,
                                            lineCount: lineCount)
        }
        if invocation.isGiven("keylog") { throw CommandLineError.validation("--keylog needs --capture") }
        var session = LogTailSession(
            paths: files, follow: follow, lineCount: lineCount, selector: try selector(invocation, filter: filter, since: since),
            printer: LogTailPrinter(format: format, colored: ConsoleSink.shouldColor(fd: 1)))
        let emit = writer(io, annotates: format == .text)
        let failures = session.readInitial(emit)
        guard failures.isEmpty else {
            throw CommandFailure(messages: failures.map { "\($0)" })
        }
        if follow {
            await followUntilStopped(ended: { session.allInputsEnded }, poll: { session.followOnce(emit) })
        } else if let summary = session.unparsedSummary {
            io.printError(summary)
        }
        return strictStatus(invocation, session.strictSummary, io)
    }

    /// With `--strict`: 1 and its report when lines no format reads were met; 0 otherwise.
    private static func strictStatus(_ invocation: Invocation, _ summary: String?, _ io: any CommandOutput) -> Int32 {
        guard invocation.flag("strict"), let summary else { return 0 }
        io.printError(summary)
        return 1
    }

    /// Writes a rendered batch: records to standard output, notes to standard error. In text, a line that carries
    /// a media `detailedErrorCode` (an app's or a device's log of LOAD_FAILED or ERROR) is followed by the code's
    /// name, meaning and fix.
    private static func writer(_ io: any CommandOutput, annotates: Bool) -> (LogTailPrinter.Rendered) -> Void {
        { rendered in
            if !rendered.output.isEmpty {
                let text = String(decoding: rendered.output, as: UTF8.self)
                io.write(annotates && text.contains("detailedErrorCode") ? annotated(text) : text, to: .output)
            }
            if !rendered.diagnostics.isEmpty { io.write(rendered.diagnostics, to: .error) }
        }
    }

    /// `text` with `  ↳ 104 MEDIA_SRC_NOT_SUPPORTED: meaning; check: fix` after each line naming a known code.
    private static func annotated(_ text: String) -> String {
        var result = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !result.isEmpty { result += "\n" }
            result += line
            if let code = MediaDetailedErrorCode.mentioned(in: line), let (meaning, fix) = code.meaning {
                result += "\n  ↳ \(code): \(meaning); check: \(fix)"
            }
        }
        return result
    }

    /// Reads what the inputs gained every `pollInterval` (files give no event) until every input has ended, or
    /// at once on Ctrl-C/SIGTERM.
    private static func followUntilStopped(ended: () -> Bool, poll: () -> Void) async {
        // Only now: until the first batch is out, Ctrl-C interrupts the read (default disposition).
        let stop = StopSignal.install()
        defer { StopSignal.restoreDefault() }
        while !ended() {
            if await stop.wait(upTo: pollInterval) { break }
            poll()
        }
    }

    /// `--capture`: the same as `run`, with the capture's Cast messages merged in (CaptureTailSession).
    private static func runWithCapture(
        _ capture: String, _ invocation: Invocation, _ io: any CommandOutput, filter: LoggerFilter,
        since: LogTimestamp?, format: LogFormat, lineCount: Int
    ) async throws -> Int32 {
        var keyLogs: [String] = []
        for path in invocation.options("keylog") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CommandFailure("cannot read key log \(path)")
            }
            keyLogs.append(text)
        }
        let follow = invocation.flag("follow")
        var session = CaptureTailSession(
            paths: invocation.arguments("file"), follow: follow, lineCount: lineCount,
            selector: try selector(invocation, filter: filter, since: since), since: since,
            printer: LogTailPrinter(format: format, colored: ConsoleSink.shouldColor(fd: 1)))
        let emit = writer(io, annotates: format == .text)
        let problems = session.readInitial(capture: capture, keyLogs: keyLogs, emit)
        for warning in problems.warnings { io.printError("warning: \(warning)") }
        guard problems.failures.isEmpty else {
            throw CommandFailure(messages: problems.failures.map { "\($0)" })
        }
        if follow {
            await followUntilStopped(ended: { session.allInputsEnded }, poll: { session.followOnce(emit) })
        } else if let summary = session.unparsedSummary {
            io.printError(summary)
        }
        return strictStatus(invocation, session.strictSummary, io)
    }

    /// The selector of `--format`, `--year` and `--tz` for `filter` and `since`.
    private static func selector(_ invocation: Invocation, filter: LoggerFilter, since: LogTimestamp?) throws
        -> LogTailSelector
    {
        var selector = LogTailSelector(filter: filter, since: since, context: try appLogContext(invocation))
        selector.format = invocation.option("format").flatMap(LogTailSelector.Format.init(rawValue:))
        return selector
    }

    /// `--year` and `--tz`: what other programs' log times leave out.
    private static func appLogContext(_ invocation: Invocation) throws -> AppLogContext {
        var context = AppLogContext.current
        if let year = try invocation.integer("year", in: 1970...9999) { context.year = year }
        if let zone = try invocation.value("tz", expected: "expected +HH:MM, -HHMM or UTC", AppLogContext.parseOffset) {
            context.utcOffset = zone
        }
        return context
    }

    /// The filter from the options, or from CASTSCOPE_LOG when no filter option is given.
    private static func makeFilter(_ invocation: Invocation) throws -> LoggerFilter {
        let optionNames = ["filter", "class", "level", "grep"]
        guard optionNames.contains(where: invocation.isGiven) else {
            return try EnvironmentSettings.logFilter() ?? LoggerFilter()
        }
        // Usage errors first (exit 64), then the filter file (exit 1 when it cannot be used).
        // A malformed glob is named precisely, as it would be in a filter file.
        for rule in invocation.options("class") {
            guard let equals = rule.lastIndex(of: "="),
                let fault = GlobPattern.validate(trimmed(rule[..<equals]))
            else { continue }
            throw CommandLineError(
                .invalidValue,
                "The value '\(rule)' is invalid for '--class <pattern=level>': pattern column \(fault.offset + 1): "
                    + fault.message)
        }
        let rules = try invocation.values("class", expected: "expected PATTERN=LEVEL, e.g. 'GCK*Session=debug'") {
            parseClassRule($0)
        }
        let level = try invocation.value("level", expected: "expected one of \(LogLevel.nameList)") {
            LogLevel(name: $0)
        }
        let grep = invocation.option("grep")
        if let grep {
            do {
                _ = try MessagePattern(grep)
            } catch {
                throw CommandLineError(
                    .invalidValue, "The value '\(grep)' is invalid for '--grep <regex>': \(error.message)")
            }
        }
        var filter = LoggerFilter()
        if let path = invocation.option("filter") { filter = try FilterFile.load(path: path) }
        for rule in rules { filter.setLoggingLevel(rule.level, forClasses: [rule.pattern]) }
        if let level { filter.minimumLevel = level }
        if let grep { try filter.addMessagePatterns([grep]) }
        return filter
    }

    /// `PATTERN=LEVEL` with a valid glob and level name.
    private static func parseClassRule(_ text: String) -> (pattern: String, level: LogLevel)? {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let pattern = trimmed(text[..<equals])
        guard !pattern.isEmpty, GlobPattern.validate(pattern) == nil,
            let level = LogLevel(name: trimmed(text[text.index(after: equals)...]))
        else { return nil }
        return (pattern, level)
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
