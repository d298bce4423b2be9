import CastJSON
public import CastLog

/// `castscope tail --capture FILE`: log records interleaved with the capture's decoded Cast messages in time order,
/// each record linked to the Cast messages it names (`LogCorrelator`).
///
/// The capture is read once, through the inspector; the first batch is the last N entries of the merged stream
/// (records, raw lines and Cast messages); with -f the log files are then followed and new records are linked to
/// the messages the capture held. Memory: N entries per input plus the correlator's bounded message history.
public struct CaptureTailSession {
    /// One thing to show: a log entry (with its file) or a Cast message.
    private enum Item {
        case log(LogTailEntry, file: Int)
        case cast(CastMessageRecord)

        var time: LogTimestamp {
            switch self {
            case .log(let entry, _): entry.time
            case .cast(let record): record.time
            }
        }
    }

    /// The log files, `-` for standard input.
    public let paths: [String]
    /// How many entries the first batch holds at most.
    public let lineCount: Int
    /// The log files: read, selected, followed and rendered as plain `tail` does.
    private var logs: LogTailSession
    private var correlator = LogCorrelator(window: 5)
    private var castMessages: LogTailBuffer<CastMessageRecord>

    /// Cast messages before this time are not shown (`--since`; they may still be linked to records after it).
    private let since: LogTimestamp?

    /// A session over the log `paths` with plain `tail`'s selection and printing; Cast messages before `since`
    /// are left out.
    public init(paths: [String], follow: Bool, lineCount: Int, selector: LogTailSelector, since: LogTimestamp? = nil,
                printer: LogTailPrinter) {
        self.paths = paths
        self.since = since
        self.lineCount = lineCount
        logs = LogTailSession(paths: paths, follow: follow, lineCount: lineCount, selector: selector, printer: printer)
        castMessages = LogTailBuffer(capacity: lineCount)
    }

    /// Lines that were not records.
    public var unparsedCount: Int { logs.unparsedCount }

    /// `castscope: N lines were not log records`, or nil when every line was a record.
    public var unparsedSummary: String? { logs.unparsedSummary }

    /// `--strict`'s report on the log files (`LogTailSession.strictSummary`).
    public var strictSummary: String? { logs.strictSummary }

    /// True when every input is a stream that has ended.
    public var allInputsEnded: Bool { logs.allInputsEnded }

    /// What `readInitial` found wrong. `failures` stop the run (exit 1); `warnings` are shown and the run goes on.
    public struct InitialProblems: Equatable, Sendable {
        /// Problems that end the run.
        public var failures: [String] = []
        /// Problems shown while the run goes on.
        public var warnings: [String] = []
    }

    /// Reads the capture (keys from `keyLogs` texts and its own DSBs) and the logs; emits the last N merged entries.
    ///
    /// A capture that cannot be opened, or an unreadable log, stops the run before anything is emitted. A fault in a
    /// packet record does not hide what decoded before it: the merged entries are emitted first. A truncated last
    /// record is what a file tcpdump is still writing looks like, so it is only a warning; a malformed one fails.
    public mutating func readInitial(capture: String, keyLogs: [String], _ emit: (LogTailPrinter.Rendered) -> Void)
        -> InitialProblems
    {
        var problems = InitialProblems()
        var options = InspectOptions()
        for text in keyLogs { options.keyLog.add(text: text) }
        CaptureRun.loadEmbeddedKeys(files: [capture], into: &options)
        var messages = castMessages
        var correlator = self.correlator
        let since = self.since
        let inspector = Inspector(options: options) { event in
            guard case .cast(let record) = event else { return }
            correlator.add(record)
            if let since, record.time < since { return }
            messages.append(record)
        }
        let error = CaptureRun.feed(files: [capture], into: inspector, lax: false)
        _ = inspector.finish()
        castMessages = messages
        self.correlator = correlator
        if let error {
            // Only a fault in a packet record leaves packets that decoded before it worth showing.
            guard error.packetNumber > 0 else { return InitialProblems(failures: [error.description]) }
            if error.kind == .truncated {
                problems.warnings.append("\(error.description) (showing the packets before it; the file may still be "
                    + "being written)")
            } else {
                problems.failures.append(error.description)
            }
        }

        let (tails, failures) = logs.readTails(notes: emit)
        guard failures.isEmpty else { return InitialProblems(failures: failures.map(\.description)) }
        let sources: [[Item]] = tails.enumerated().map { index, tail in tail.map { .log($0, file: index) } }
            + [castMessages.elements.map { .cast($0) }]
        var rendered = LogTailPrinter.Rendered()
        for item in LogMerger.merge(sources, by: \.time).suffix(lineCount) { render(item, into: &rendered) }
        emit(rendered)
        return problems
    }

    /// Polls every log once and emits the new records, linked to the capture's messages.
    public mutating func followOnce(_ emit: (LogTailPrinter.Rendered) -> Void) {
        let correlator = self.correlator
        let paths = self.paths
        logs.followOnce(emit) { entry, file, printer, rendered in
            Self.renderLog(entry, file: paths[file], printer: &printer, correlator: correlator, into: &rendered)
        }
    }

    private mutating func render(_ item: Item, into rendered: inout LogTailPrinter.Rendered) {
        switch item {
        case .cast(let record):
            if logs.format == .text {
                var text = ""
                InspectReport(json: false, quiet: false, only: [.cast]) { text += $0 }.handle(.cast(record))
                rendered.output += Array(text.utf8)
            } else {
                rendered.output += Array((InspectJSON.json(for: .cast(record)).serialized() + "\n").utf8)
            }
        case .log(let entry, let file):
            if logs.format != .text, let record = entry.record ?? entry.continuationRecord {
                return Self.appendJSON(record, file: paths[file], correlator: correlator, into: &rendered)
            }
            let before = rendered.output.count
            logs.render(entry, into: &rendered)
            Self.appendLinks(entry, file: paths[file], correlator: correlator, after: before, into: &rendered)
        }
    }

    /// Renders a followed record and its links (the printer is the log session's own).
    private static func renderLog(_ entry: LogTailEntry, file: String, printer: inout LogTailPrinter,
                                  correlator: LogCorrelator, into rendered: inout LogTailPrinter.Rendered) {
        if printer.format != .text, let record = entry.record ?? entry.continuationRecord {
            return appendJSON(record, file: file, correlator: correlator, into: &rendered)
        }
        let before = rendered.output.count
        printer.render(entry, into: &rendered)
        appendLinks(entry, file: file, correlator: correlator, after: before, into: &rendered)
    }

    /// A record among Cast messages in JSON: the one log-record shape `inspect --json` prints too
    /// (`{"kind":"log","time","file","record":{…},"links":[…]}`), so one reader handles both.
    private static func appendJSON(_ record: LogRecord, file: String, correlator: LogCorrelator,
                                   into rendered: inout LogTailPrinter.Rendered) {
        var event = LogRecordEvent(record: record, time: record.timestamp, file: file, line: 0)
        event.links = correlator.links(for: event)
        rendered.output += Array((InspectJSON.json(for: .log(event)).serialized() + "\n").utf8)
    }

    /// Adds the links of the record just rendered (from byte `before` on) to its text line ("→ req N: …").
    private static func appendLinks(_ entry: LogTailEntry, file: String, correlator: LogCorrelator,
                                    after before: Int, into rendered: inout LogTailPrinter.Rendered) {
        guard let record = entry.record, rendered.output.count > before, rendered.output.last == 0x0A else { return }
        let event = LogRecordEvent(record: record, time: record.timestamp, file: file, line: 0)
        let links = correlator.links(for: event)
        guard !links.isEmpty else { return }
        var linked = event
        linked.links = links
        rendered.output.removeLast()
        rendered.output += Array(TerminalText.escaped(InspectReport.linkText(linked)).utf8)
        rendered.output.append(0x0A)
    }
}
