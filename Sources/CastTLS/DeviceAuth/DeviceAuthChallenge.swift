/// The values of a sender's `AuthChallenge` (protocol.md §2.5 step 1); CastWire encodes them.
public struct DeviceAuthChallenge: Sendable, Hashable {
    /// The nonce length senders use (`kNonceSizeInBytes = 16`).
    public static let nonceLength = 16

    /// `sender_nonce`: random bytes the device must echo and sign over.
    public var senderNonce: [UInt8]
    /// `hash_algorithm`: SHA-256 for new challenges.
    public var hashAlgorithm: CastHashAlgorithm
    /// `signature_algorithm`: RSASSA-PKCS1-v1_5 unless asked otherwise.
    public var signatureAlgorithm: CastSignatureAlgorithm

    /// A challenge with explicit values (tests, replays).
    public init(
        senderNonce: [UInt8], hashAlgorithm: CastHashAlgorithm = .sha256,
        signatureAlgorithm: CastSignatureAlgorithm = .rsassaPKCS1v15
    ) {
        self.senderNonce = senderNonce
        self.hashAlgorithm = hashAlgorithm
        self.signatureAlgorithm = signatureAlgorithm
    }

    /// A fresh challenge: 16 random bytes, SHA-256, RSASSA-PKCS1-v1_5.
    public static func generate(
        signatureAlgorithm: CastSignatureAlgorithm = .rsassaPKCS1v15
    ) throws(CryptoError) -> DeviceAuthChallenge {
        DeviceAuthChallenge(
            senderNonce: try SecureRandom.bytes(nonceLength), hashAlgorithm: .sha256,
            signatureAlgorithm: signatureAlgorithm)
    }
}
