import CastCLI
import CastLog
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Set by SIGINT/SIGTERM while following; the poll loop checks it and exits 0.
private let tailStopRequested = Atomic<Bool>(false)

/// `castscope tail`: print the last records of log files, filtered and merged by time, and follow them.
///
/// Glue only: `LogFileFollower` reads and follows each path, `LogTailSelector` parses and filters lines,
/// `LogTailBuffer` keeps the last N, `LogMerger` merges files by time and `LogTailPrinter` formats.
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
                    "class", value: "pattern=level", help: "A class rule added to the filter, e.g. 'GCK*Session=debug'.",
                    repeatable: true),
                .option("level", value: "level", help: "The minimum level of classes no rule names."),
                .option("grep", value: "regex", help: "Keep records whose message matches (ICU syntax; (?i) ignores case)."),
                .option(
                    "since", value: "time",
                    help: "Leave out records before this RFC 3339 time or date, or this long ago (10m, 2h, 30s)."),
                .option("output", value: "format", help: "Output format.", default: "text", values: ["text", "json"]),
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    /// How often files are polled while following.
    static let pollInterval: Duration = .milliseconds(200)

    // MARK: Running

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let lineCount = try invocation.value("lines", expected: "expected a non-negative integer") { text in
            Int(text).flatMap { $0 >= 0 ? $0 : nil }
        } ?? 10
        let format = try invocation.value("output", expected: "expected one of 'text', 'json'") { text in
            ["text": LogFormat.text, "json": LogFormat.jsonLines][text]
        } ?? .text
        let since = try invocation.value("since", expected: "expected an RFC 3339 time or date, or a duration like 10m") {
            LogTailSelector.parseSince($0, now: .now())
        }
        let follow = invocation.flag("follow")
        let files = invocation.arguments("file")
        if files.filter({ $0 == "-" }).count > 1 {
            throw CommandLineError.validation("'-' (standard input) can be given only once")
        }
        let filter = try makeFilter(invocation)
        var state = TailState(
            files: files, follow: follow, lineCount: lineCount, selector: LogTailSelector(filter: filter, since: since),
            printer: LogTailPrinter(format: format, colored: ConsoleSink.shouldColor(fd: 1)), io: io)
        if !follow {
            guard state.readInitial() else { return 1 }
            state.reportUnparsedCount()
            return 0
        }
        // Touch the flag before the handlers can run, so its lazy initialisation never happens inside a handler.
        tailStopRequested.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in tailStopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in tailStopRequested.store(true, ordering: .relaxed) }
        guard state.readInitial() else { return 1 }
        while !tailStopRequested.load(ordering: .relaxed), !state.allStreamsEnded {
            try? await Task.sleep(for: pollInterval)
            if tailStopRequested.load(ordering: .relaxed) { break }
            state.followOnce()
        }
        return 0
    }

    /// The filter from the options, or from CASTSCOPE_LOG when no filter option is given.
    private static func makeFilter(_ invocation: Invocation) throws -> LoggerFilter {
        let optionNames = ["filter", "class", "level", "grep"]
        guard optionNames.contains(where: invocation.isGiven) else {
            guard let value = getenv("CASTSCOPE_LOG").map({ String(cString: $0) }), !value.isEmpty else {
                return LoggerFilter()
            }
            return try FilterFile.parseEnvironment(value)
        }
        var filter = LoggerFilter()
        if let path = invocation.option("filter") { filter = try FilterFile.load(path: path) }
        let rules = try invocation.values("class", expected: "expected PATTERN=LEVEL, e.g. 'GCK*Session=debug'") {
            parseClassRule($0)
        }
        for rule in rules { filter.setLoggingLevel(rule.level, forClasses: [rule.pattern]) }
        if let level = try invocation.value("level", expected: "expected one of \(LogLevel.nameList)", {
            LogLevel(name: $0)
        }) {
            filter.minimumLevel = level
        }
        if let pattern = invocation.option("grep") {
            do {
                try filter.addMessagePatterns([pattern])
            } catch {
                throw CommandLineError(
                    .invalidValue, "The value '\(pattern)' is invalid for '--grep <regex>': \(error.message)")
            }
        }
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

/// The followers, selectors and printer of one `castscope tail` run.
private struct TailState {
    let files: [String]
    let follow: Bool
    let lineCount: Int
    let followers: [LogFileFollower]
    var selectors: [LogTailSelector]
    var printer: LogTailPrinter
    let io: any CommandOutput

    init(
        files: [String], follow: Bool, lineCount: Int, selector: LogTailSelector, printer: LogTailPrinter,
        io: any CommandOutput
    ) {
        self.files = files
        self.follow = follow
        self.lineCount = lineCount
        followers = files.map {
            $0 == "-" ? LogFileFollower(streamDescriptor: 0, waitingForEnd: !follow) : LogFileFollower(path: $0)
        }
        selectors = Array(repeating: selector, count: files.count)
        self.printer = printer
        self.io = io
    }

    /// True when every input is a stream that has ended, so following has nothing left to wait for.
    var allStreamsEnded: Bool { followers.allSatisfy(\.isFinished) }

    /// Reads every file to its current end and prints the last N records of the merged stream; false (after
    /// printing `Error: cannot read FILE: reason`) when a file cannot be read.
    mutating func readInitial() -> Bool {
        var tails = files.map { _ in LogTailBuffer<LogTailEntry>(capacity: lineCount) }
        var failures: [String] = []
        for index in followers.indices {
            followers[index].poll { event in
                switch event {
                case .line(let line):
                    if let entry = selectors[index].entry(for: line) { tails[index].append(entry) }
                case .missing where !follow:
                    failures.append("cannot read \(files[index]): No such file or directory")
                case .failed(let error):
                    failures.append(error.description)
                default:
                    note(event, index: index)
                }
            }
        }
        guard failures.isEmpty else {
            for failure in failures { io.printError("Error: \(failure)") }
            return false
        }
        let merged = LogMerger.merge(tails.map(\.elements)).suffix(lineCount)
        emit(printer.render(Array(merged)))
        return true
    }

    /// Polls every file once and prints what arrived, file by file in argument order.
    mutating func followOnce() {
        for index in followers.indices {
            var rendered = LogTailPrinter.Rendered()
            followers[index].poll { event in
                if case .line(let line) = event {
                    if let entry = selectors[index].entry(for: line) {
                        printer.render(entry, into: &rendered)
                        // Keep memory bounded when a file grows fast: write every 64 KiB.
                        if rendered.output.count >= 64 * 1024 {
                            emit(rendered)
                            rendered = LogTailPrinter.Rendered()
                        }
                    }
                } else {
                    emit(rendered)
                    rendered = LogTailPrinter.Rendered()
                    note(event, index: index)
                }
            }
            emit(rendered)
        }
    }

    /// Prints `castscope: N lines were not log records` when some were not.
    func reportUnparsedCount() {
        let count = selectors.reduce(0) { $0 + $1.unparsedCount }
        guard count > 0 else { return }
        io.printError("castscope: \(count == 1 ? "1 line was not a log record" : "\(count) lines were not log records")")
    }

    private func emit(_ rendered: LogTailPrinter.Rendered) {
        if !rendered.output.isEmpty { io.write(String(decoding: rendered.output, as: UTF8.self), to: .output) }
        if !rendered.diagnostics.isEmpty { io.write(rendered.diagnostics, to: .error) }
    }

    /// Says on stderr what happened to a file, as `tail -F` does.
    private mutating func note(_ event: LogFileEvent, index: Int) {
        let name = files[index] == "-" ? "standard input" : files[index]
        switch event {
        case .line: return
        case .overlongLine:
            selectors[index].noteOverlongLine()
            io.printError("castscope: \(name): skipped a line longer than \(LogLineParser.maximumLineLength) bytes")
        case .missing: io.printError("castscope: \(name): no such file yet; waiting for it to appear")
        case .appeared: io.printError("castscope: \(name) has appeared; following it")
        case .replaced: io.printError("castscope: \(name) has been replaced; following the new file")
        case .truncated: io.printError("castscope: \(name): file truncated")
        case .disappeared: io.printError("castscope: \(name) has disappeared; waiting for it to come back")
        case .failed(let error): io.printError("castscope: \(error)")
        case .endOfStream: return
        }
    }
}
