import CastLog
import CastWire

/// One piece of work the inspector hands its reporting stage, in capture order: everything the sink sees passes
/// through these, so the events keep their order whether the stage runs inline or on a thread of its own.
///
/// A connection's state travels with the items about it; the fields each side may touch are listed on
/// `TCPConnectionState`.
enum ReporterItem {
    /// An event ready as it is (mDNS, TCP findings): counted and passed to the sink.
    case event(InspectEvent)
    /// A connection was created; `candidates` are the still-open connections on the same client address and server
    /// that started no later, with their latest times (a reconnection may follow a heartbeat loss on one of them).
    case start(TCPConnectionState, candidates: [ReconnectCandidate])
    /// The first bytes told what the connection is.
    case classified(TCPConnectionState, isCast: Bool, isTLS: Bool)
    /// In-order bytes of a TLS stream, for the connection's TLS decoder: `segment` is the captured packet they may
    /// be a slice of (records are decrypted where they lie); `startsMidStream` says the stream was picked up mid-way
    /// and this is its first delivery.
    case tls(TCPConnectionState, ArraySlice<UInt8>, segment: [UInt8]?, direction: FlowDirection, time: LogTimestamp,
             startsMidStream: Bool)
    /// Plaintext Cast bytes (a connection on a Cast port without TLS).
    case plainCast(TCPConnectionState, [UInt8], direction: FlowDirection, time: LogTimestamp)
    /// Bytes missing in a TLS or plaintext Cast stream.
    case gap(TCPConnectionState, direction: FlowDirection, size: Int)
    /// The connection ended (its streams flushed); `captureTime` is the latest time in the capture so far.
    case close(TCPConnectionState, captureTime: LogTimestamp)
    /// A request or response head of a plain-HTTP connection (a device's media fetch, perhaps).
    case httpHead(TCPConnectionState, HTTPHead, direction: FlowDirection, time: LogTimestamp)
    /// A unicast DNS query or answer.
    case dns(DNSSighting)
    /// Every connection is closed: what only the whole capture tells (the media path) is reported now.
    case end(captureTime: LogTimestamp)

    /// The captured buffer a TLS delivery is a slice of (a packet's array, or a chunk of packets read together):
    /// it stays alive as long as the item, so a batch counts each one it refers to at its whole size.
    var segment: [UInt8]? {
        if case .tls(_, _, let segment, _, _, _) = self { segment } else { nil }
    }

    /// Roughly the bytes the item keeps alive (for a TLS delivery, its slice; `segment` is what `ReporterThread`
    /// counts for it), to bound what waits between the stages.
    var retainedBytes: Int {
        switch self {
        case .tls(_, let bytes, _, _, _, _): bytes.count + 64
        case .plainCast(_, let bytes, _, _): bytes.count + 64
        case .httpHead(_, let head, _, _): head.length + 64
        default: 64
        }
    }
}

/// A still-open connection a new one may be the reconnection of, with the times the inspector had for it then.
struct ReconnectCandidate {
    let state: TCPConnectionState
    let lastTime: LogTimestamp
    let finTime: LogTimestamp?
}
