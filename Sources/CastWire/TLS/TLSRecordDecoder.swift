/// Splits one direction of a TLS byte stream into records, incrementally.
///
/// Contract (style.md §8.3): `decode` returns a record and advances the reader past it, returns `nil` when more
/// bytes are needed (reader untouched), or throws (reader untouched). A bad header is reported as soon as its five
/// bytes are present, without waiting for the body.
public struct TLSRecordDecoder: Sendable {
    /// Stream offset of the next record (bytes consumed so far), so records and errors carry stream positions.
    public private(set) var streamOffset: Int

    /// A decoder whose first byte sits at stream offset `streamOffset`.
    public init(streamOffset: Int = 0) {
        self.streamOffset = streamOffset
    }

    /// Decodes the next record from `reader`, or returns nil when it is incomplete.
    public mutating func decode(_ reader: inout ByteReader) throws(TLSParseError) -> TLSRecord? {
        try decodeInPlace(&reader)?.record
    }

    /// Like `decode`, but leaves the fragment where it lies: the span reads it from `reader`'s storage, so a record
    /// that is only decrypted is never copied first.
    public mutating func decodeInPlace(_ reader: inout ByteReader) throws(TLSParseError) -> TLSRecordSpan? {
        guard reader.remaining >= TLSRecord.headerLength else { return nil }
        var copy = reader
        // SAFETY: five bytes checked above, so these reads cannot fail.
        let typeByte = copy.readUInt8() ?? 0
        let version = copy.readUInt16BE() ?? 0
        let length = Int(copy.readUInt16BE() ?? 0)
        guard let type = TLSContentType(rawValue: typeByte) else {
            throw error(.unknownContentType(typeByte))
        }
        guard version >> 8 == 3 else { throw error(.recordVersion(version)) }
        guard length <= TLSRecord.maximumLength else { throw error(.recordTooLong(length)) }
        guard length > 0 || type == .applicationData else { throw error(.emptyRecord(type)) }
        guard let fragment = copy.readReader(length) else { return nil }
        let span = TLSRecordSpan(contentType: type, version: TLSProtocolVersion(rawValue: version), fragment: fragment,
                                 offset: streamOffset)
        reader = copy
        streamOffset += TLSRecord.headerLength + length
        return span
    }

    private func error(_ reason: TLSMalformation) -> TLSParseError {
        TLSParseError(context: .record, kind: .malformed(reason), offset: streamOffset)
    }
}
