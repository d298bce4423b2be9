import CastLog

/// Merges castscope log records into the inspector's event stream by time, and links each record to the Cast
/// messages it talks about (`LogCorrelator`): "the app called load → this frame went out → this MEDIA_STATUS came
/// back → this listener fired".
///
/// Streaming: the capture pushes its events (`add`), the log files are pulled (`LogFileReader`), and events leave
/// in time order once nothing earlier can arrive: an event waits until the capture and every log file have moved
/// `window` seconds past it. So log records out of order by up to `window` are put right, a record is linked to
/// messages up to `window` after it, and memory holds about `window` seconds of events (at most
/// `maximumBuffered`; beyond that the earliest leave early).
public final class LogTimeline {
    /// Reorder and link window in seconds.
    public let window: Double
    /// Most events held at once.
    public let maximumBuffered: Int
    /// Log records merged so far.
    public private(set) var logRecords = 0
    /// Log records linked to at least one Cast message.
    public private(set) var linkedRecords = 0
    private var sources: [Source]
    private var pending = TimelineHeap()
    private var correlator: LogCorrelator
    private var captureTime: Double?
    private var sequence = 0
    private var lastEmitted = -Double.infinity
    private let sink: (InspectEvent) -> Void

    private struct Source {
        let reader: LogFileReader
        var latest = -Double.infinity
        var ended = false
    }

    /// A timeline merging the records of `readers` into the events given to `add`, passing everything to `sink`.
    public init(readers: [LogFileReader], window: Double = 5, maximumBuffered: Int = 100_000,
                sink: @escaping (InspectEvent) -> Void) {
        precondition(window >= 0 && maximumBuffered > 0, "window must not be negative, maximumBuffered positive")
        self.window = window
        self.maximumBuffered = maximumBuffered
        sources = readers.map { Source(reader: $0) }
        correlator = LogCorrelator(window: window)
        self.sink = sink
    }

    /// Takes one inspector event (in capture order).
    public func add(_ event: InspectEvent) {
        let time = Self.time(of: event) ?? captureTime ?? lastEmitted
        if case .cast(let record) = event { correlator.add(record) }
        captureTime = max(captureTime ?? time, time)
        push(event, at: time)
        pull(until: (captureTime ?? time) + window)
    }

    /// Reads the rest of every log file and passes on everything held.
    public func finish() {
        captureTime = .infinity
        pull(until: .infinity)
        while let item = pending.pop() { emit(item) }
    }

    // MARK: Merging

    /// Reads log records, always from the file that is furthest behind, until every file reaches `limit` or ends;
    /// passes on what can no longer be preceded after each one.
    ///
    /// How far a file has got is the time of the last record read from it, not the greatest: one line with a clock
    /// far ahead must not make the file look finished until the end. So when a record crosses `limit`, one more is
    /// read at once: if it is back in range, the line was an outlier (it waits in the heap for its time) and the
    /// file goes on at its own pace; an ordered file only reads one record further ahead.
    private func pull(until limit: Double) {
        var again: Int?
        while true {
            flush()
            var lagging = again
            again = nil
            if lagging == nil {
                for index in sources.indices where !sources[index].ended && sources[index].latest < limit {
                    if lagging.map({ sources[index].latest < sources[$0].latest }) ?? true { lagging = index }
                }
            }
            guard let index = lagging else { break }
            guard let record = sources[index].reader.next() else {
                sources[index].ended = true
                continue
            }
            let time = record.time.timeIntervalSince1970
            if time >= limit, sources[index].latest < limit { again = index }
            sources[index].latest = time
            logRecords += 1
            push(.log(record), at: time)
        }
        flush()
    }

    /// Passes on held events that nothing unread can precede any more (and the earliest beyond the cap).
    private func flush() {
        var frontier = captureTime ?? -.infinity
        for source in sources where !source.ended { frontier = min(frontier, source.latest) }
        let limit = frontier - window
        while let head = pending.peek, head.time <= limit || pending.count > maximumBuffered {
            guard let item = pending.pop() else { break }
            emit(item)
        }
    }

    private func push(_ event: InspectEvent, at time: Double) {
        sequence += 1
        pending.push(TimelineHeap.Item(time: time, sequence: sequence, event: event))
    }

    private func emit(_ item: TimelineHeap.Item) {
        lastEmitted = max(lastEmitted, item.time)
        guard case .log(var record) = item.event else { return sink(item.event) }
        record.links = correlator.links(for: record)
        if !record.links.isEmpty { linkedRecords += 1 }
        correlator.forget(before: record.time)
        sink(.log(record))
    }

    /// The capture time of an event; nil for findings, which keep their place in the stream instead.
    static func time(of event: InspectEvent) -> Double? {
        switch event {
        case .mdns(let mdns): mdns.time.timeIntervalSince1970
        case .tls(let tls): tls.time.timeIntervalSince1970
        case .cast(let cast): cast.time.timeIntervalSince1970
        case .log(let log): log.time.timeIntervalSince1970
        case .mediaFetch(let fetch): fetch.time.timeIntervalSince1970
        case .finding: nil
        }
    }
}
