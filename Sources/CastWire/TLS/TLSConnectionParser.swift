/// Parses both directions of one TLS connection, sharing what one direction learns with the other.
///
/// The server's ServerHello or HelloRetryRequest tells which version was negotiated; the client direction needs
/// that to know whether its change_cipher_spec starts encryption (TLS ≤ 1.2) or is a TLS 1.3 compatibility
/// record, and which Certificate layout a client certificate uses. Feed bytes in capture order.
public struct TLSConnectionParser: Sendable {
    /// The client → server parser.
    public private(set) var client = TLSStreamParser()
    /// The server → client parser.
    public private(set) var server = TLSStreamParser()

    /// A parser for a new connection.
    public init() {}

    /// True once the server selected TLS 1.3.
    public var isTLS13: Bool { server.isTLS13 }

    /// Decodes every complete record `reader` holds for `direction`, appending events; a partial record stays in
    /// the reader. Events produced before a throw stay in `events`.
    public mutating func feed(_ direction: TLSDirection, _ reader: inout ByteReader,
                              into events: inout [TLSEvent]) throws(TLSParseError) {
        switch direction {
        case .clientToServer:
            if server.isTLS13 { client.isTLS13 = true }
            try client.feed(&reader, into: &events)
        case .serverToClient:
            try server.feed(&reader, into: &events)
            if server.isTLS13 { client.isTLS13 = true }
        }
    }

    /// Handles one record already split off by the caller's own `TLSRecordDecoder`.
    public mutating func process(_ direction: TLSDirection, _ record: TLSRecord,
                                 into events: inout [TLSEvent]) throws(TLSParseError) {
        switch direction {
        case .clientToServer:
            if server.isTLS13 { client.isTLS13 = true }
            try client.process(record, into: &events)
        case .serverToClient:
            try server.process(record, into: &events)
            if server.isTLS13 { client.isTLS13 = true }
        }
    }
}
