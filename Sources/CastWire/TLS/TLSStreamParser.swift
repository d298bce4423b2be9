/// Parses one direction of a TLS connection: records → reassembled handshake messages, alerts, opaque data.
///
/// In TLS ≤ 1.2, once this direction sends change_cipher_spec its handshake and alert records are encrypted and
/// reported as opaque `.encryptedRecord` events. In TLS 1.3 change_cipher_spec is only for middleboxes: encrypted
/// records all carry type application_data, and a handshake record after it (the second ClientHello after a
/// HelloRetryRequest) is still plaintext. Nothing here decrypts. `TLSConnectionParser` keeps the two directions'
/// version knowledge in step.
public struct TLSStreamParser: Sendable {
    /// The record splitter (its `streamOffset` is the bytes consumed so far).
    public private(set) var decoder: TLSRecordDecoder
    /// The handshake reassembler.
    public private(set) var reassembler: TLSHandshakeReassembler
    /// True once this direction has sent change_cipher_spec under TLS ≤ 1.2.
    public private(set) var isEncrypted = false
    /// True when TLS 1.3 was negotiated: selects the Certificate layout and the change_cipher_spec rule. Set
    /// automatically when a ServerHello or HelloRetryRequest selects TLS 1.3, or by the caller (see
    /// `TLSConnectionParser`) for the client direction.
    public var isTLS13 = false

    /// A parser at stream offset 0 with the default handshake size limit.
    public init(reassembler: TLSHandshakeReassembler = TLSHandshakeReassembler()) {
        self.decoder = TLSRecordDecoder()
        self.reassembler = reassembler
    }

    /// Decodes every complete record in `reader`, appending events; a partial record is left in the reader.
    ///
    /// Events produced before a throw stay in `events`.
    public mutating func feed(_ reader: inout ByteReader, into events: inout [TLSEvent]) throws(TLSParseError) {
        while let record = try decoder.decode(&reader) {
            try process(record, into: &events)
        }
    }

    /// Handles one record.
    public mutating func process(_ record: TLSRecord, into events: inout [TLSEvent]) throws(TLSParseError) {
        if record.contentType != .handshake, reassembler.hasPartialMessage {
            _ = try reassembler.append(record)  // throws: interleaving is forbidden
        }
        switch record.contentType {
        case .handshake where !isEncrypted:
            for message in try reassembler.append(record) {
                let body = try TLSHandshakeBody.decode(message, isTLS13: isTLS13)
                switch body {
                case .serverHello(let hello), .helloRetryRequest(let hello):
                    if hello.negotiatedVersion == .tls13 { isTLS13 = true }
                default:
                    break
                }
                events.append(.handshake(message, body))
            }
        case .alert where !isEncrypted:
            events.append(.alert(try TLSAlert(record)))
        case .changeCipherSpec:
            guard record.fragment == [1] else {
                throw TLSParseError(context: .changeCipherSpec, kind: .malformed(.changeCipherSpecValue),
                                    offset: record.fragmentOffset)
            }
            if !isTLS13 { isEncrypted = true }
            events.append(.changeCipherSpec(offset: record.offset))
        case .applicationData:
            events.append(.applicationData(offset: record.offset, length: record.fragment.count))
        case .handshake, .alert, .heartbeat:
            events.append(.encryptedRecord(record.contentType, offset: record.offset, length: record.fragment.count))
        }
    }
}
