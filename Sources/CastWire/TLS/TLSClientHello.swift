/// A decoded ClientHello (RFC 8446 §4.1.2; the TLS 1.2 layout is the same with optional extensions).
public struct TLSClientHello: Sendable, Hashable, TLSExtensionCarrier {
    /// legacy_version (0x0303 for TLS 1.3 clients; see `supportedVersions`).
    public var legacyVersion: TLSProtocolVersion
    /// The 32-byte random.
    public var random: [UInt8]
    /// legacy_session_id (0–32 bytes).
    public var sessionID: [UInt8]
    /// Offered cipher suites, in preference order.
    public var cipherSuites: [TLSCipherSuite]
    /// Offered compression methods.
    public var compressionMethods: [UInt8]
    /// Extensions in wire order.
    public var extensions: [TLSExtension]

    /// Decodes the body of a client_hello message.
    public init(_ message: TLSHandshakeMessage) throws(TLSParseError) {
        var reader = TLSFieldReader(message, context: .clientHello)
        legacyVersion = TLSProtocolVersion(rawValue: try reader.u16())
        random = try reader.bytes(32)
        sessionID = try reader.vectorBytes(lengthBytes: 1)
        let suites = try reader.vectorUInt16(lengthBytes: 2)
        guard !suites.isEmpty else { throw reader.malformed(.emptyVector) }
        cipherSuites = suites.map(TLSCipherSuite.init(rawValue:))
        compressionMethods = try reader.vectorBytes(lengthBytes: 1)
        guard !compressionMethods.isEmpty else { throw reader.malformed(.emptyVector) }
        extensions = try TLSExtension.readList(&reader, kind: .clientHello)
        try reader.expectEnd()
    }
}
