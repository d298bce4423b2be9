/// The values of a device's `AuthResponse` (cast_channel.proto), decoded by CastWire.
public struct DeviceAuthResponse: Sendable, Hashable {
    /// `signature` over `sender_nonce || DER(peer TLS certificate)`.
    public var signature: [UInt8]
    /// `client_auth_certificate`: the device certificate (DER) whose key made the signature.
    public var clientAuthCertificate: [UInt8]
    /// `intermediate_certificate` (repeated, DER), from the device certificate up towards the root.
    public var intermediateCertificates: [[UInt8]]
    /// `signature_algorithm`; absent on the wire means RSASSA-PKCS1-v1_5.
    public var signatureAlgorithm: CastSignatureAlgorithm?
    /// `hash_algorithm`; absent on the wire means SHA-1.
    public var hashAlgorithm: CastHashAlgorithm?
    /// `sender_nonce` echoed back; legacy receivers omit it.
    public var senderNonce: [UInt8]?
    /// `crl`, carried for completeness; castscope does not check revocation (Chromium's CRL check is optional too).
    public var crl: [UInt8]?

    /// Wraps decoded response values.
    public init(
        signature: [UInt8], clientAuthCertificate: [UInt8], intermediateCertificates: [[UInt8]] = [],
        signatureAlgorithm: CastSignatureAlgorithm? = nil, hashAlgorithm: CastHashAlgorithm? = nil,
        senderNonce: [UInt8]? = nil, crl: [UInt8]? = nil
    ) {
        self.signature = signature
        self.clientAuthCertificate = clientAuthCertificate
        self.intermediateCertificates = intermediateCertificates
        self.signatureAlgorithm = signatureAlgorithm
        self.hashAlgorithm = hashAlgorithm
        self.senderNonce = senderNonce
        self.crl = crl
    }
}

/// What a `DeviceAuthMessage` reply carried: a response, an error, or neither.
public enum DeviceAuthReply: Sendable, Hashable {
    /// `response { … }`.
    case response(DeviceAuthResponse)
    /// `error { error_type }`.
    case error(CastAuthErrorType)
    /// Neither field was set.
    case empty
}
