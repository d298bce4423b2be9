#if canImport(Glibc)
import Glibc
#endif

/// One `castscope tail` run over several paths: reads them all to their current end and hands over the last N
/// entries of the merged, filtered stream, then (when following) polls them and hands over what arrives.
///
/// Output goes through a callback as `LogTailPrinter.Rendered` batches (standard output bytes and standard error
/// lines), so the command only writes them and tests can collect them.
///
/// Ordering: the first batch is merged by time across files (`LogMerger`, stable). While following, records are
/// handed over in the order they are read: each poll reads the files in argument order.
public struct LogTailSession {
    /// The paths given, `-` standing for standard input.
    public let paths: [String]
    /// Whether the run goes on following after the first batch.
    public let follow: Bool
    /// How many entries the first batch holds at most.
    public let lineCount: Int
    private let followers: [LogFileFollower]
    private var selectors: [LogTailSelector]
    private var printer: LogTailPrinter

    /// A session over `paths` with the selection and printing given; `-` reads `standardInput` (to its end unless
    /// following).
    public init(
        paths: [String], follow: Bool, lineCount: Int, selector: LogTailSelector, printer: LogTailPrinter,
        standardInput: Int32 = 0
    ) {
        precondition(lineCount >= 0, "lineCount must not be negative")
        self.paths = paths
        self.follow = follow
        self.lineCount = lineCount
        followers = paths.map { path in
            path == "-"
                ? LogFileFollower(streamDescriptor: standardInput, waitingForEnd: !follow) : LogFileFollower(path: path)
        }
        selectors = Array(repeating: selector, count: paths.count)
        self.printer = printer
    }

    /// Lines seen so far that were not records.
    public var unparsedCount: Int { selectors.reduce(0) { $0 + $1.unparsedCount } }

    /// Lines read that continued the record before them (no format read them either).
    public var continuationCount: Int { selectors.reduce(0) { $0 + $1.continuationCount } }

    /// `--strict`'s report: how many lines no format read, standing alone or continuing a record; nil when none.
    public var strictSummary: String? {
        let total = unparsedCount + continuationCount
        guard total > 0 else { return nil }
        return "castscope: --strict: \(total) line\(total == 1 ? " was" : "s were") not a record of any format "
            + "(\(continuationCount) continued the record before \(continuationCount == 1 ? "it" : "them"))"
    }

    /// True when every input is a stream that has ended, so following has nothing left to wait for.
    public var allInputsEnded: Bool { followers.allSatisfy(\.isFinished) }

    /// Reads every path to its current end and emits the last `lineCount` entries of the merged stream.
    ///
    /// - Returns: the paths that cannot be read (permission denied, a directory, missing when not following); when
    ///   there are any, no entries are emitted.
    public mutating func readInitial(_ emit: (LogTailPrinter.Rendered) -> Void) -> [LogFileError] {
        let (tails, failures) = readTails(notes: emit)
        guard failures.isEmpty else { return failures }
        let merged = LogMerger.merge(tails).suffix(lineCount)
        emit(printer.render(Array(merged)))
        return []
    }

    /// Reads every path to its current end: the last `lineCount` entries of each path (in path order), and the
    /// paths that cannot be read. Notes (a file missing, replaced…) go to `notes` as they happen.
    public mutating func readTails(notes: (LogTailPrinter.Rendered) -> Void)
        -> (tails: [[LogTailEntry]], failures: [LogFileError])
    {
        var tails = paths.map { _ in LogTailBuffer<LogTailEntry>(capacity: lineCount) }
        var failures: [LogFileError] = []
        for index in followers.indices {
            let handle: (LogFileEvent) -> Void = { event in
                switch event {
                case .line(let line):
                    if let entry = selectors[index].entry(for: line) { tails[index].append(entry) }
                case .missing where !follow:
                    failures.append(LogFileError(path: paths[index], operation: "read", errno: ENOENT))
                case .failed(let error):
                    failures.append(error)
                default:
                    notes(note(event, index: index))
                }
            }
            if !followers[index].isStreamInput {
                // A file is read from its end back only as far as its last entries need (`tail -n` costs what it
                // shows); the poll below then takes a last line without its newline and what was appended since.
                var backward = LogTailBackwardSelection(wanted: lineCount, selector: selectors[index])
                // An overlong line is noted and counted by `handle`, as when reading forward.
                followers[index].readBackward(handle, line: { backward.take($0) })
                if !backward.isSatisfied { backward.finish() }
                for entry in backward.entries { tails[index].append(entry) }
                selectors[index].resume(after: backward)
            }
            followers[index].poll(handle)
            if !follow { followers[index].finishInput(handle) }
        }
        return (tails.map(\.elements), failures)
    }

    /// Polls every path once and emits what arrived, in batches of at most about 64 KiB.
    public mutating func followOnce(_ emit: (LogTailPrinter.Rendered) -> Void) {
        followOnce(emit) { entry, _, printer, rendered in printer.render(entry, into: &rendered) }
    }

    /// Polls every path once; `render` writes each new entry (with the index of its path) into the batch, which is
    /// emitted every 64 KiB, before each note and at the end of each path.
    public mutating func followOnce(
        _ emit: (LogTailPrinter.Rendered) -> Void,
        render: (LogTailEntry, Int, inout LogTailPrinter, inout LogTailPrinter.Rendered) -> Void
    ) {
        for index in followers.indices {
            var rendered = LogTailPrinter.Rendered()
            followers[index].poll { event in
                if case .line(let line) = event {
                    guard let entry = selectors[index].entry(for: line) else { return }
                    render(entry, index, &printer, &rendered)
                    if rendered.output.count >= 64 * 1024 {
                        emit(rendered)
                        rendered = LogTailPrinter.Rendered()
                    }
                } else {
                    // Flush first so a note lands after the records read before it.
                    if rendered != LogTailPrinter.Rendered() { emit(rendered) }
                    rendered = LogTailPrinter.Rendered()
                    emit(note(event, index: index))
                }
            }
            if rendered != LogTailPrinter.Rendered() { emit(rendered) }
        }
    }

    /// Renders `entry` with the session's printer (for callers that merge entries with other output).
    public mutating func render(_ entry: LogTailEntry, into rendered: inout LogTailPrinter.Rendered) {
        printer.render(entry, into: &rendered)
    }

    /// The session's output format.
    public var format: LogFormat { printer.format }

    /// `castscope: N lines were not log records`, or nil when every line was a record.
    public var unparsedSummary: String? {
        let count = unparsedCount
        guard count > 0 else { return nil }
        return count == 1 ? "castscope: 1 line was not a log record" : "castscope: \(count) lines were not log records"
    }

    /// The standard error note for a change to a file, in the manner of `tail -F`.
    private mutating func note(_ event: LogFileEvent, index: Int) -> LogTailPrinter.Rendered {
        let name = paths[index] == "-" ? "standard input" : paths[index]
        let text: String
        switch event {
        case .line, .endOfStream: return LogTailPrinter.Rendered()
        case .overlongLine:
            selectors[index].noteOverlongLine()
            text = "\(name): skipped a line longer than \(followers[index].maximumLineLength) bytes"
        case .missing: text = "\(name): no such file yet; waiting for it to appear"
        case .appeared: text = "\(name) has appeared; following it"
        case .replaced: text = "\(name) has been replaced; following the new file"
        case .truncated: text = "\(name): file truncated"
        case .disappeared: text = "\(name) has disappeared; waiting for it to come back"
        case .failed(let error): text = error.description
        }
        var rendered = LogTailPrinter.Rendered()
        rendered.diagnostics = "castscope: \(text)\n"
        return rendered
    }
}
