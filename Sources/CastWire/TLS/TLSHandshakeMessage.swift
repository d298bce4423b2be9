/// One complete handshake message, reassembled from however many records carried it.
public struct TLSHandshakeMessage: Sendable, Hashable {
    /// The message type.
    public var type: TLSHandshakeType
    /// The body (without the 4-byte type/length header).
    public var body: [UInt8]
    /// Stream offset of the message's 4-byte header.
    public var offset: Int
    /// Stream offset of the body's first byte (record headers may sit between the header and the body).
    public var bodyOffset: Int
    /// Body indices at which a further record's fragment begins, ascending; empty when the body came in one record.
    public var recordBoundaries: [Int]

    /// A message from its parts.
    public init(type: TLSHandshakeType, body: [UInt8], offset: Int, bodyOffset: Int, recordBoundaries: [Int] = []) {
        self.type = type
        self.body = body
        self.offset = offset
        self.bodyOffset = bodyOffset
        self.recordBoundaries = recordBoundaries
    }

    /// Stream offset of `body[index]`, counting the record headers that interrupt a body spanning records.
    public func streamOffset(ofBodyIndex index: Int) -> Int {
        bodyOffset + index + TLSRecord.headerLength * recordBoundaries.count { $0 <= index }
    }
}
