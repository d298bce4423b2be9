import CastInspect
import CastJSON
import CastLog

#if canImport(Glibc)
import Glibc
#endif

/// `castscope tail --capture FILE`: log records interleaved with the capture's decoded Cast messages in time order,
/// each record linked to the Cast messages it names (`LogCorrelator`).
///
/// The capture is read once, through the inspector; the first batch is the last N entries of the merged stream
/// (records, raw lines and Cast messages); with -f the log files are then followed and new records are linked to
/// the messages the capture held. Memory: N entries per input plus the correlator's bounded message history.
struct TailCaptureSession {
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

    let paths: [String]
    let follow: Bool
    let lineCount: Int
    private let followers: [LogFileFollower]
    private var selectors: [LogTailSelector]
    private var printer: LogTailPrinter
    private var correlator = LogCorrelator(window: 5)
    private var castMessages: LogTailBuffer<CastMessageRecord>

    /// Cast messages before this time are not shown (`--since`; they may still be linked to records after it).
    private let since: LogTimestamp?

    init(paths: [String], follow: Bool, lineCount: Int, selector: LogTailSelector, since: LogTimestamp? = nil,
         printer: LogTailPrinter) {
        self.paths = paths
        self.since = since
        self.follow = follow
        self.lineCount = lineCount
        followers = paths.map { path in
            path == "-" ? LogFileFollower(streamDescriptor: 0, waitingForEnd: !follow) : LogFileFollower(path: path)
        }
        selectors = Array(repeating: selector, count: paths.count)
        self.printer = printer
        castMessages = LogTailBuffer(capacity: lineCount)
    }

    /// Lines that were not records.
    var unparsedCount: Int { selectors.reduce(0) { $0 + $1.unparsedCount } }

    /// True when every input is a stream that has ended.
    var allInputsEnded: Bool { followers.allSatisfy(\.isFinished) }

    /// What `readInitial` found wrong. `failures` stop the run (exit 1); `warnings` are shown and the run goes on.
    struct InitialProblems: Equatable {
        var failures: [String] = []
        var warnings: [String] = []
    }

    /// Reads the capture (keys from `keyLogs` texts and its own DSBs) and the logs; emits the last N merged entries.
    ///
    /// A capture that cannot be opened, or an unreadable log, stops the run before anything is emitted. A fault in a
    /// packet record does not hide what decoded before it: the merged entries are emitted first. A truncated last
    /// record is what a file tcpdump is still writing looks like, so it is only a warning; a malformed one fails.
    mutating func readInitial(capture: String, keyLogs: [String], _ emit: (LogTailPrinter.Rendered) -> Void)
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

        var tails = paths.map { _ in LogTailBuffer<LogTailEntry>(capacity: lineCount) }
        var failures: [String] = []
        for index in followers.indices {
            let handle: (LogFileEvent) -> Void = { event in
                switch event {
                case .line(let line):
                    if let entry = selectors[index].entry(for: line) { tails[index].append(entry) }
                case .missing where !follow:
                    failures.append("cannot read \(paths[index]): \(String(cString: strerror(ENOENT)))")
                case .failed(let error):
                    failures.append(error.description)
                default:
                    break
                }
            }
            followers[index].poll(handle)
            if !follow { followers[index].finishInput(handle) }
        }
        guard failures.isEmpty else { return InitialProblems(failures: failures) }
        let sources: [[Item]] = tails.enumerated().map { index, tail in tail.elements.map { .log($0, file: index) } }
            + [castMessages.elements.map { .cast($0) }]
        var rendered = LogTailPrinter.Rendered()
        for item in LogMerger.merge(sources, by: \.time).suffix(lineCount) { render(item, into: &rendered) }
        emit(rendered)
        return problems
    }

    /// Polls every log once and emits the new records, linked to the capture's messages.
    mutating func followOnce(_ emit: (LogTailPrinter.Rendered) -> Void) {
        for index in followers.indices {
            var rendered = LogTailPrinter.Rendered()
            followers[index].poll { event in
                guard case .line(let line) = event, let entry = selectors[index].entry(for: line) else { return }
                render(.log(entry, file: index), into: &rendered)
            }
            if rendered != LogTailPrinter.Rendered() { emit(rendered) }
        }
    }

    private mutating func render(_ item: Item, into rendered: inout LogTailPrinter.Rendered) {
        switch item {
        case .cast(let record):
            if printer.format == .text {
                var text = ""
                InspectReport(json: false, quiet: false, only: [.cast]) { text += $0 }.handle(.cast(record))
                rendered.output += Array(text.utf8)
            } else {
                rendered.output += Array((InspectJSON.json(for: .cast(record)).serialized() + "\n").utf8)
            }
        case .log(let entry, let file):
            let before = rendered.output.count
            printer.render(entry, into: &rendered)
            guard let record = entry.record, rendered.output.count > before, rendered.output.last == 0x0A else {
                return
            }
            let event = LogRecordEvent(record: record, time: record.timestamp, file: paths[file], line: 0)
            let links = correlator.links(for: event)
            guard !links.isEmpty else { return }
            var linked = event
            linked.links = links
            rendered.output.removeLast()
            if printer.format == .text {
                rendered.output += Array(InspectReport.linkText(linked).utf8)
            } else if rendered.output.last == UInt8(ascii: "}") {
                // JSON lines: the record object gains a "links" member (as in `inspect --json` log objects).
                rendered.output.removeLast()
                let array = JSONValue.array(links.map(InspectJSON.link)).serialized()
                rendered.output += Array(",\"links\":\(array)}".utf8)
            }
            rendered.output.append(0x0A)
        }
    }
}
