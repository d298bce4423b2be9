/// One TLS record: header fields plus its fragment bytes (opaque when encrypted).
public struct TLSRecord: Sendable, Hashable {
    /// The record's content type.
    public var contentType: TLSContentType
    /// legacy_record_version.
    public var version: TLSProtocolVersion
    /// The fragment (length = the header's length field).
    public var fragment: [UInt8]
    /// Stream offset of the record's 5-byte header.
    public var offset: Int

    /// The record header length.
    public static let headerLength = 5
    /// Largest length a record may declare: 2^14 plaintext + 2048 expansion (RFC 5246 §6.2.3).
    public static let maximumLength = 16_384 + 2_048

    /// A record from its parts.
    public init(contentType: TLSContentType, version: TLSProtocolVersion, fragment: [UInt8], offset: Int) {
        self.contentType = contentType
        self.version = version
        self.fragment = fragment
        self.offset = offset
    }

    /// Stream offset of the first fragment byte.
    public var fragmentOffset: Int { offset + Self.headerLength }
}
