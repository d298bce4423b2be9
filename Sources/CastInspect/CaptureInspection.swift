/// One `castscope inspect` run as a library call: the captures read in time order into an `Inspector` whose events
/// fan out to the report, the HTML collector (when one is wanted) and the `--log` merge (when there are logs), then
/// the summary with the log totals. The executable parses arguments and writes files; this does the rest.
public struct CaptureInspection {
    /// How a run ended.
    public struct Outcome {
        /// The totals, log counts included.
        public var summary: InspectSummary
        /// The fault that ended reading, if any (what decoded before it was reported).
        public var error: CaptureError?
        /// True when nothing at all could be read: the error says it all and the report is empty.
        public var nothingRead: Bool
        /// What the HTML report needs, when `collectHTML` was set.
        public var collector: ReportCollector?
    }

    /// The captures, as given; `PcapSource.standardInput` for `-`.
    public var files: [String]
    /// The inspector's options (keys, ports, trust store, export directory…).
    public var options: InspectOptions
    /// Whether to keep what the HTML report needs.
    public var collectHTML = false
    /// Whether the HTML report's payloads, records and findings are redacted (`--redact`).
    public var redactHTML = false
    /// `--lax`: a corrupt file is a finding and the next one is read.
    public var lax = false
    /// Logs to merge by time (`inspect --log`), with their clock offset in seconds.
    public var logPaths: [String] = []
    /// Seconds added to log times.
    public var logOffset: Double = 0

    /// A run over `files` with `options`.
    public init(files: [String], options: InspectOptions) {
        self.files = files
        self.options = options
    }

    /// Reads everything, in time order (files given out of order would look like time going backwards); events go
    /// to `report` (and the collector and log merge); `notice` gets side remarks (the reordering, bad log lines);
    /// `progress` gets (file, bytes read, size) as a big file is read.
    public func run(report: InspectReport, notice: @escaping (String) -> Void,
                    progress: ((String, Int, Int) -> Void)? = nil) throws(LogMerge.Unreadable) -> Outcome {
        var options = options
        CaptureRun.loadEmbeddedKeys(files: files, into: &options)
        // The report, the collector and the log merge are used by the reporting thread alone until `finish()`.
        // Not for a pipe: its batches would hold back what arrived until more came (a live `tcpdump -U -w -`). Not
        // without TCP (`--only mdns`) either: every event then comes from the inspector's own thread and the stage
        // only passes it on, so a thread of its own would add a hand-off (and a cross-thread free) per event.
        options.reportsConcurrently = !files.contains(where: PcapSource.isStreamInput) && options.analyseTCP
        let collector = collectHTML ? ReportCollector(redacts: redactHTML) : nil
        options.emitsMDNSEvents = report.printsMDNS || collector != nil || !logPaths.isEmpty
        options.emitsCastEvents = report.printsCast || collector != nil || !logPaths.isEmpty
        let deliver: (InspectEvent) -> Void = { event in
            report.handle(event)
            collector?.handle(event)
        }
        let logMerge = logPaths.isEmpty
            ? nil : try LogMerge(paths: logPaths, offset: logOffset, notice: notice, sink: deliver)
        let inspector = Inspector(options: options) { event in
            if let logMerge { logMerge.add(event) } else { deliver(event) }
        }
        // Reads each file's first packet: done once, here.
        let ordered = CaptureRun.timeOrdered(files)
        if ordered != files { notice("castscope: reading the captures in time order: \(ordered.joined(separator: ", "))") }
        let error = CaptureRun.feed(files: ordered, into: inspector, lax: lax, progress: progress)
        if let error, error.packetNumber == 0, files.count == 1, inspector.summary.packets == 0, logMerge == nil {
            return Outcome(summary: inspector.summary, error: error, nothingRead: true, collector: nil)
        }
        var summary = inspector.finish()
        logMerge?.finish(&summary)
        report.finish(summary: summary, inspector: inspector)
        collector?.finish(summary: summary,
                          groups: InspectGroups(mdns: inspector.mdns, connections: inspector.connections))
        return Outcome(summary: summary, error: error, nothingRead: false, collector: collector)
    }
}
