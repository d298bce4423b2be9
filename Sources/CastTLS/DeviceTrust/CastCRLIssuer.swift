public import CastWire

/// Signs Cast CRLs for generated PKIs (the emulator's `auth-revoked` fault, tests): RSASSA-PKCS1-v1_5 with SHA-256.
public enum CastCRLIssuer {
    /// A `Crl` holding `list`, signed by `signer` (whose certificate must chain to a CRL root to be accepted).
    public static func sign(_ list: CastTBSCRL, signer: IssuedCertificate) throws(CryptoError) -> CastCRL {
        let tbs = list.protobufBytes
        let signature = try RSASignature.sign(tbs, key: signer.privateKey, hash: .sha256, pss: false)
        return CastCRL(tbsBytes: tbs, signerCertificate: signer.certificate.derBytes, signature: signature)
    }
}
