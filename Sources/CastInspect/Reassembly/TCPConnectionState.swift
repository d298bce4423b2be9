import CastLog
import Foundation

/// Everything the inspector keeps about one TCP connection (a class: it is updated in place in the flow table for
/// every packet, without copying it out and back).
///
/// Two stages share it, each with its own fields: the inspector's thread owns the TCP side (times, SYN/FIN/RST
/// bookkeeping, `reassemblers`, `midStream`; `kind` and `tls` are set once, when the first bytes classify the
/// connection, before any item that reads them is submitted); the reporting stage (`ConnectionReporter`, perhaps on
/// a thread of its own) owns `tls` from then on and everything about TLS records, Cast and the verdicts. Once the
/// inspector submits `.close`, the whole state is the reporter's.
final class TCPConnectionState {
    enum Kind { case unknown, tls, plainCast, other }

    let client: FlowEndpoint
    let server: FlowEndpoint
    let flow: String
    let firstTime: LogTimestamp
    var lastTime: LogTimestamp
    var reassemblers: PerDirection<TCPStreamReassembler>
    var kind: Kind = .unknown
    var tls: TLSConnectionDecoder?
    var cast: CastSessionTracker
    var sawSYN = false
    /// SYNs from the client (retransmissions included) and when the first and last came: for `tcp.no-answer`.
    var synCount = 0
    var firstSYN: LogTimestamp?
    var lastSYN: LogTimestamp?
    /// True once the connection is known to be Cast: a Cast port, a Cast frame decoded, or a device certificate.
    var isCast = false
    /// True when decrypted bytes on a non-Cast port were not Cast frames: no more Cast decoding or verdicts there.
    var notCast = false
    /// Cast verdicts on the handshake (the certificate's lifetime) of a connection on another port, held until a
    /// Cast frame shows it is Cast (then emitted) or the bytes show it is not (then dropped).
    var pendingCastFindings: [Finding] = []
    var sawSYNACK = false
    var reset: FlowDirection?
    var fins: Set<FlowDirection> = []
    /// When the first FIN was seen: the end of a connection only one side closed (a dead peer never sends its FIN).
    var finTime: LogTimestamp?
    /// True once a later connection was reported as this one's reconnection (`cast.reconnect`), so it is not twice.
    var reconnectReported = false
    var applicationBytes: [FlowDirection: Int] = [:]
    /// The heads of a plain-HTTP connection (a device's media fetch, perhaps); reader side only.
    var http: HTTPFlowReader?
    /// Whether the first bytes were looked at for HTTP.
    var httpChecked = false
    var exports: [FlowDirection: FileHandle] = [:]
    var session: TLSSessionInfo?
    /// Directions whose TLS decoder was told the stream started mid-way.
    var midStream: Set<FlowDirection> = []
    /// Directions that sent a TLS close_notify (an RST after it ends an orderly shutdown).
    var closeNotify: Set<FlowDirection> = []
    /// True once the "no handshake" finding was reported.
    var notedNoHandshake = false
    /// Records left encrypted per direction: count and bytes (metadata when there are no keys).
    var encryptedRecords: [FlowDirection: (count: Int, bytes: Int)] = [:]
    /// PING/PONG told from the sizes and times of records left encrypted.
    var inferredHeartbeat = InferredHeartbeat()

    init(client: FlowEndpoint, server: FlowEndpoint, time: LogTimestamp, maximumHeld: Int) {
        self.client = client
        self.server = server
        self.flow = "\(client.label)-\(server.label)"
        self.firstTime = time
        self.lastTime = time
        self.reassemblers = PerDirection(TCPStreamReassembler(maximumHeldBytes: maximumHeld))
        self.cast = CastSessionTracker(flow: flow)
    }

    /// The end to measure unanswered heartbeats to, given the latest time seen: the first FIN of a half-closed
    /// connection (the closing side gave up then; the rest is the capture going on), otherwise `latest`.
    func heartbeatEnd(latest: LogTimestamp) -> LogTimestamp {
        guard reset == nil, fins.count == 1, let finTime else { return latest }
        return finTime
    }

    /// The export file name stem: `<client ip>_<port>-<server ip>_<port>`.
    var exportStem: String { "\(client.text)_\(client.port)-\(server.text)_\(server.port)" }
}
