/// A decoded ServerHello or HelloRetryRequest (RFC 8446 §4.1.3–4.1.4).
public struct TLSServerHello: Sendable, Hashable, TLSExtensionCarrier {
    /// legacy_version.
    public var legacyVersion: TLSProtocolVersion
    /// The 32-byte random (the HRR marker for a HelloRetryRequest).
    public var random: [UInt8]
    /// legacy_session_id_echo.
    public var sessionID: [UInt8]
    /// The selected cipher suite.
    public var cipherSuite: TLSCipherSuite
    /// The selected compression method.
    public var compressionMethod: UInt8
    /// Extensions in wire order.
    public var extensions: [TLSExtension]

    /// SHA-256("HelloRetryRequest"): the random that marks a ServerHello as a HelloRetryRequest.
    public static let helloRetryRequestRandom: [UInt8] = [
        0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
        0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
    ]

    /// Decodes the body of a server_hello message.
    public init(_ message: TLSHandshakeMessage) throws(TLSParseError) {
        var reader = TLSFieldReader(message, context: .serverHello)
        legacyVersion = TLSProtocolVersion(rawValue: try reader.u16())
        random = try reader.bytes(32)
        sessionID = try reader.vectorBytes(lengthBytes: 1)
        cipherSuite = TLSCipherSuite(rawValue: try reader.u16())
        compressionMethod = try reader.u8()
        let kind: TLSHelloKind = random == Self.helloRetryRequestRandom ? .helloRetryRequest : .serverHello
        extensions = try TLSExtension.readList(&reader, kind: kind)
        try reader.expectEnd()
    }

    /// True when this is a HelloRetryRequest.
    public var isHelloRetryRequest: Bool { random == Self.helloRetryRequestRandom }

    /// The negotiated version: supported_versions when present, else legacy_version.
    public var negotiatedVersion: TLSProtocolVersion { selectedVersion ?? legacyVersion }
}
