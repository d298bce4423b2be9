/// Device side of device authentication (the emulator): signs `sender_nonce || DER(its TLS certificate)`.
public struct DeviceAuthSigner: Sendable {
    /// The device certificate sent as `client_auth_certificate`.
    public var deviceCertificate: X509Certificate
    /// Its private key (RSA).
    public var privateKey: PrivateKey
    /// Sent as `intermediate_certificate`, from the device certificate's issuer upwards.
    public var intermediates: [X509Certificate]

    /// Sign with this hash whatever the challenge asks (the emulator's `auth-sha1` fault); nil follows the challenge.
    public var forcedHashAlgorithm: CastHashAlgorithm?
    /// Flip a bit of every signature (the emulator's `auth-bad-signature` fault).
    public var corruptsSignatures = false

    /// A signer for one device identity.
    public init(deviceCertificate: X509Certificate, privateKey: PrivateKey, intermediates: [X509Certificate]) {
        self.deviceCertificate = deviceCertificate
        self.privateKey = privateKey
        self.intermediates = intermediates
    }

    /// The signature over `nonce || peerCertificateDER` with the given algorithm and hash.
    public func sign(
        nonce: [UInt8], peerCertificateDER: [UInt8], signatureAlgorithm: CastSignatureAlgorithm = .rsassaPKCS1v15,
        hashAlgorithm: CastHashAlgorithm = .sha256
    ) throws(CryptoError) -> [UInt8] {
        guard let hash = hashAlgorithm.hashFunction else { throw CryptoError(kind: .unsupportedAlgorithm) }
        return try RSASignature.sign(
            nonce + peerCertificateDER, key: privateKey, hash: hash, pss: signatureAlgorithm == .rsassaPSS)
    }

    /// What a device answers to `challenge` when its TLS certificate is `tlsCertificateDER`.
    ///
    /// Like a real device it echoes the nonce and algorithms, and answers with an AuthError
    /// (SIGNATURE_ALGORITHM_UNAVAILABLE) for algorithms or hashes it cannot use.
    public func respond(to challenge: DeviceAuthChallenge, tlsCertificateDER: [UInt8]) -> DeviceAuthReply {
        let algorithm = challenge.signatureAlgorithm == .unspecified ? .rsassaPKCS1v15 : challenge.signatureAlgorithm
        let hashAlgorithm = forcedHashAlgorithm ?? challenge.hashAlgorithm
        guard algorithm == .rsassaPKCS1v15 || algorithm == .rsassaPSS, hashAlgorithm.hashFunction != nil,
            privateKey.isRSA
        else { return .error(.signatureAlgorithmUnavailable) }
        guard !tlsCertificateDER.isEmpty else { return .error(.noTLS) }
        do {
            var signature = try sign(
                nonce: challenge.senderNonce, peerCertificateDER: tlsCertificateDER, signatureAlgorithm: algorithm,
                hashAlgorithm: hashAlgorithm)
            if corruptsSignatures, !signature.isEmpty { signature[signature.count / 2] ^= 0x01 }
            return .response(
                DeviceAuthResponse(
                    signature: signature, clientAuthCertificate: deviceCertificate.derBytes,
                    intermediateCertificates: intermediates.map(\.derBytes), signatureAlgorithm: algorithm,
                    hashAlgorithm: hashAlgorithm, senderNonce: challenge.senderNonce))
        } catch {
            return .error(.internalError)
        }
    }
}
