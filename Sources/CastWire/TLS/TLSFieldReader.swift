/// A throwing cursor over one complete TLS structure, reporting offsets in the TLS stream.
///
/// Wraps `ByteReader` so every read of a length-prefixed vector is bounds-checked against its container and a
/// failure names the context and stream offset.
struct TLSFieldReader {
    /// The underlying cursor (positions are indices into the handshake body).
    var reader: ByteReader
    /// Stream offset of body byte 0.
    let bodyOffset: Int
    /// Body indices where a further record's fragment begins (each adds a 5-byte record header in the stream).
    let recordBoundaries: [Int]
    /// What is being parsed, for errors.
    let context: TLSParseContext

    /// A reader over the body of `message`.
    init(_ message: TLSHandshakeMessage, context: TLSParseContext) {
        self.reader = ByteReader(message.body)
        self.bodyOffset = message.bodyOffset
        self.recordBoundaries = message.recordBoundaries
        self.context = context
    }

    /// A reader over `reader` (a nested vector) with the same offset mapping.
    private init(_ reader: ByteReader, from parent: TLSFieldReader, context: TLSParseContext) {
        self.reader = reader
        self.bodyOffset = parent.bodyOffset
        self.recordBoundaries = parent.recordBoundaries
        self.context = context
    }

    /// The stream offset of the next byte: record headers between body bytes are counted.
    var offset: Int {
        let position = reader.position
        return bodyOffset + position + TLSRecord.headerLength * recordBoundaries.count { $0 <= position }
    }
    /// Bytes left in this structure.
    var remaining: Int { reader.remaining }
    /// True when nothing is left.
    var isAtEnd: Bool { reader.isAtEnd }

    func truncated(need: Int) -> TLSParseError {
        TLSParseError(context: context, kind: .truncated(need: need, have: reader.remaining), offset: offset)
    }

    func malformed(_ reason: TLSMalformation) -> TLSParseError {
        TLSParseError(context: context, kind: .malformed(reason), offset: offset)
    }

    mutating func u8() throws(TLSParseError) -> UInt8 {
        guard let value = reader.readUInt8() else { throw truncated(need: 1) }
        return value
    }

    mutating func u16() throws(TLSParseError) -> UInt16 {
        guard let value = reader.readUInt16BE() else { throw truncated(need: 2) }
        return value
    }

    mutating func bytes(_ count: Int) throws(TLSParseError) -> [UInt8] {
        guard let value = reader.readArray(count) else { throw truncated(need: count) }
        return value
    }

    /// Reads a vector with a 1-, 2- or 3-byte length prefix as a nested reader in `context`.
    mutating func vector(lengthBytes: Int, context nested: TLSParseContext? = nil) throws(TLSParseError)
        -> TLSFieldReader
    {
        let start = self
        let length: Int
        switch lengthBytes {
        case 1: length = Int(try u8())
        case 2: length = Int(try u16())
        default:
            guard let value = reader.readUInt24BE() else { throw truncated(need: 3) }
            length = Int(value)
        }
        guard let inner = reader.readReader(length) else {
            let error = truncated(need: length)
            self = start
            throw error
        }
        return TLSFieldReader(inner, from: self, context: nested ?? context)
    }

    /// Reads a vector's bytes.
    mutating func vectorBytes(lengthBytes: Int) throws(TLSParseError) -> [UInt8] {
        let inner = try vector(lengthBytes: lengthBytes)
        return Array(inner.reader.remainingBytes)
    }

    /// Reads a vector of 16-bit values.
    mutating func vectorUInt16(lengthBytes: Int) throws(TLSParseError) -> [UInt16] {
        var inner = try vector(lengthBytes: lengthBytes)
        guard inner.remaining % 2 == 0 else { throw inner.malformed(.vectorLength(inner.remaining, elementSize: 2)) }
        var values: [UInt16] = []
        values.reserveCapacity(inner.remaining / 2)
        while !inner.isAtEnd { values.append(try inner.u16()) }
        return values
    }

    /// Throws unless every byte was consumed.
    func expectEnd() throws(TLSParseError) {
        guard reader.isAtEnd else { throw malformed(.trailingBytes(reader.remaining)) }
    }
}
