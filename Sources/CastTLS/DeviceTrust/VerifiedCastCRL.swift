public import CastWire
public import Foundation

/// A Cast CRL whose signature, signer chain and validity were checked: what it revokes.
public struct VerifiedCastCRL: Sendable {
    /// Which `Crl` of the bundle was used.
    public var index: Int
    /// Its version.
    public var version: UInt64
    /// First second of validity.
    public var notBefore: Date
    /// Last second of validity (inclusive).
    public var notAfter: Date
    /// The certificate that signed it, and its chain up to the CRL root.
    public var signerChain: [X509Certificate]
    /// Revoked SubjectPublicKeyInfo SHA-256 hashes.
    public var revokedPublicKeyHashes: [[UInt8]]
    /// Revoked serial ranges per issuer key.
    public var revokedSerialNumberRanges: [CastSerialNumberRange]

    /// The first certificate of `chain` (device first, issuer after subject) this list revokes, and how.
    ///
    /// A certificate is revoked when its SPKI hash is listed, or when its serial lies in a range whose issuer hash is
    /// the SPKI hash of the next certificate up the chain (its issuer).
    public func revocation(in chain: [X509Certificate]) -> (position: Int, how: String)? {
        let revokedKeys = Set(revokedPublicKeyHashes)
        for (position, certificate) in chain.enumerated() {
            if revokedKeys.contains(certificate.subjectPublicKeyInfoSHA256) {
                return (position, "its public key (SPKI SHA-256 \(Self.hex(certificate.subjectPublicKeyInfoSHA256)))")
            }
            guard position + 1 < chain.count, let serial = certificate.serialNumber else { continue }
            let issuerHash = chain[position + 1].subjectPublicKeyInfoSHA256
            for range in revokedSerialNumberRanges
            where range.issuerPublicKeyHash == issuerHash
                && range.firstSerialNumber <= serial && serial <= range.lastSerialNumber
            {
                return (position, "its serial \(serial) in range \(range.firstSerialNumber)…\(range.lastSerialNumber)")
            }
        }
        return nil
    }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
    }
}
