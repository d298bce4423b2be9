import CastLog
import Foundation

/// Everything the inspector keeps about one TCP connection (a class: it is updated in place in the flow table for
/// every packet, without copying it out and back).
final class TCPConnectionState {
    enum Kind { case unknown, tls, plainCast, other }

    let client: FlowEndpoint
    let server: FlowEndpoint
    let flow: String
    let firstTime: LogTimestamp
    var lastTime: LogTimestamp
    var reassemblers: [FlowDirection: TCPStreamReassembler]
    var kind: Kind = .unknown
    var tls: TLSConnectionDecoder?
    var cast: CastSessionTracker
    var sawSYN = false
    var sawSYNACK = false
    var reset: FlowDirection?
    var fins: Set<FlowDirection> = []
    var applicationBytes: [FlowDirection: Int] = [:]
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

    init(client: FlowEndpoint, server: FlowEndpoint, time: LogTimestamp, maximumHeld: Int) {
        self.client = client
        self.server = server
        self.flow = "\(client.label)-\(server.label)"
        self.firstTime = time
        self.lastTime = time
        self.reassemblers = [.c2s: TCPStreamReassembler(maximumHeldBytes: maximumHeld),
                             .s2c: TCPStreamReassembler(maximumHeldBytes: maximumHeld)]
        self.cast = CastSessionTracker(flow: flow)
    }

    /// The export file name stem: `<client ip>_<port>-<server ip>_<port>`.
    var exportStem: String { "\(client.text)_\(client.port)-\(server.text)_\(server.port)" }
}
