/// A TLS record still in the bytes it was decoded from: its header fields and a reader bounded to its fragment.
///
/// What `TLSRecordDecoder.decodeInPlace` returns, so a record that is only decrypted is read where it lies;
/// `record` copies it out when the fragment is needed as an array (handshake messages, alerts).
public struct TLSRecordSpan: Sendable {
    /// The record's content type.
    public var contentType: TLSContentType
    /// legacy_record_version.
    public var version: TLSProtocolVersion
    /// The fragment's bytes (length = the header's length field), sharing the decoded input's storage.
    public var fragment: ByteReader
    /// Stream offset of the record's 5-byte header.
    public var offset: Int

    /// A span from its parts.
    public init(contentType: TLSContentType, version: TLSProtocolVersion, fragment: ByteReader, offset: Int) {
        self.contentType = contentType
        self.version = version
        self.fragment = fragment
        self.offset = offset
    }

    /// A span over a record's own fragment.
    public init(_ record: TLSRecord) {
        self.init(contentType: record.contentType, version: record.version, fragment: ByteReader(record.fragment),
                  offset: record.offset)
    }

    /// The fragment's length.
    public var length: Int { fragment.remaining }

    /// The record with its fragment copied out.
    public var record: TLSRecord {
        TLSRecord(contentType: contentType, version: version, fragment: Array(fragment.remainingBytes), offset: offset)
    }

    /// Calls `body` with the fragment's bytes, borrowed from the storage they lie in. (Inlinable, so callers get
    /// it specialised: generic over the result and error, it looked its types up at run time on every record.)
    @inlinable
    public func withFragment<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = fragment.storage.withUnsafeBytes { bytes in
            // SAFETY: a ByteReader's position...limit always lies inside its storage.
            let slice = UnsafeRawBufferPointer(rebasing: bytes[fragment.position..<fragment.limit])
            do throws(E) {
                return .success(try body(slice))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
