import CastLog
import CastTLS

/// The inspector's reporting stage: TLS decoding and decryption, the Cast decoding of the decrypted bytes, the
/// verdicts on each connection and its summary at the end, and the sink. It takes `ReporterItem`s in capture order,
/// either inline or on a thread of its own (`ReporterThread`), and is then touched by that thread alone.
final class ConnectionReporter {
    /// What the stage counts: findings, Cast messages and TLS records (the inspector counts the rest).
    private(set) var counts = InspectSummary()
    /// Finished connections, for the report (bounded).
    private(set) var connections: [ConnectionSummary] = []
    /// Connections that lost heartbeats, for `cast.reconnect`.
    var reconnects = ReconnectWatch()
    /// Server certificates already read.
    var certificates = ServerCertificateCache()
    /// LOADs and the device's connections to their media hosts.
    var media = MediaFetchWatch()
    let castPorts: Set<UInt16>
    let exportDirectory: String?
    let deviceTrustStore: CastTrustStore
    /// False when nothing reads Cast events (`InspectOptions.emitsCastEvents`): they are counted, not made.
    let emitsCastEvents: Bool
    private let sink: (InspectEvent) -> Void

    /// Most finished connections kept for the report.
    static let maximumConnections = 10_000

    init(options: InspectOptions, sink: @escaping (InspectEvent) -> Void) {
        castPorts = options.castPorts
        exportDirectory = options.exportDirectory
        deviceTrustStore = options.deviceTrustStore
        emitsCastEvents = options.emitsCastEvents
        self.sink = sink
    }

    /// Does what `item` says, emitting its events.
    func handle(_ item: ReporterItem) {
        switch item {
        case .event(let event):
            emit(event)
        case .start(let state, let candidates):
            state.cast.deviceAuth.trustStore = deviceTrustStore
            state.cast.keepsText = emitsCastEvents
            noteConnectionStart(state, candidates: candidates)
        case .classified(let state, let isCast, let isTLS):
            state.isCast = isCast
            if isTLS { state.cast.deviceAuth.isTLS = true }
        case .tls(let state, let bytes, let segment, let direction, let time, let startsMidStream):
            if startsMidStream { state.tls?.startMidStream(direction: direction) }
            var events: [TLSConnectionEvent] = []
            state.tls?.feed(bytes, segment: segment, direction: direction, into: &events)
            for event in events { handleTLS(event, state: state, time: time) }
        case .plainCast(let state, let bytes, let direction, let time):
            application(bytes, direction: direction, state: state, time: time)
        case .gap(let state, let direction, let size):
            state.tls?.gap(direction: direction, size: size)
            // The Cast decoder of a TLS stream resynchronises at the next decrypted record's bytes.
            state.cast.gap(direction: direction, size: state.kind == .tls ? 0 : size)
        case .close(let state, let captureTime):
            for load in state.cast.loads {
                media.noteLoad(contentID: load.contentID, contentType: load.contentType, device: state.server.ip,
                               time: load.time)
            }
            close(state, captureTime: captureTime)
        case .httpHead(let state, let head, let direction, let time):
            media.noteHead(head, direction: direction, time: time, state: state)
        case .dns(let sighting):
            media.noteDNS(sighting)
        case .end(let captureTime):
            reportMediaPath(captureTime: captureTime)
        }
    }

    /// The media path's events and findings, once every LOAD and connection is known. The public CA bundle is
    /// read only when some fetch was over TLS.
    private func reportMediaPath(captureTime: LogTimestamp) {
        guard !media.loads.isEmpty else { return }
        let trust = media.needsTrust ? try? WebTrustBundle(path: WebTrustBundle.debianBundlePath) : nil
        let (events, findings) = media.finish(captureTime: captureTime, trust: trust)
        events.forEach { emit(.mediaFetch($0)) }
        findings.forEach { emit(.finding($0)) }
    }

    func emit(_ event: InspectEvent) {
        switch event {
        case .finding: counts.findings += 1
        case .cast: counts.castMessages += 1
        default: break
        }
        sink(event)
    }

    /// Counts Cast messages that are not emitted as events (nothing would read them).
    func countUnemitted(castMessages: Int) {
        counts.castMessages += castMessages
    }

    /// Adds a finished connection's record counts and summary.
    func record(_ summary: ConnectionSummary?, decrypted: Int, undecrypted: Int) {
        counts.decryptedRecords += decrypted
        counts.undecryptedRecords += undecrypted
        if let summary, connections.count < Self.maximumConnections { connections.append(summary) }
    }
}
