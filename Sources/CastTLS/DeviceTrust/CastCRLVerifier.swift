public import CastWire
public import Foundation

/// Verifies Cast CRLs (Google's protobuf format) as senders do: signer chains to the CRL root, supported version,
/// signature, validity, signer in date, entries well formed (cast-pki/README.md).
public struct CastCRLVerifier: Sendable {
    /// The `TbsCrl` versions castscope understands.
    public static let supportedVersions: Set<UInt64> = [0]

    /// The roots CRL signers must chain to (default: the built-in Cast CRL Root CA).
    public var trustStore: CastTrustStore

    /// A verifier trusting `trustStore` for CRL signers.
    public init(trustStore: CastTrustStore = .castCRLRoots) {
        self.trustStore = trustStore
    }

    /// Parses and verifies a serialized `CrlBundle` as of `time`.
    public func verify(protobuf bytes: [UInt8], at time: Date) -> Result<VerifiedCastCRL, CRLFailure> {
        do {
            return verify(try CastCRLBundle(protobuf: bytes), at: time)
        } catch {
            return .failure(CRLFailure(.malformed, detail: "not a Cast CrlBundle: \(error)"))
        }
    }

    /// Verifies the first list of `bundle` whose version is supported, as of `time`.
    public func verify(_ bundle: CastCRLBundle, at time: Date) -> Result<VerifiedCastCRL, CRLFailure> {
        guard !bundle.crls.isEmpty else { return .failure(CRLFailure(.empty, detail: "the CrlBundle holds no Crl")) }
        var versions: [UInt64] = []
        // A sender uses a list it can read: one that does not decode is skipped like an unsupported version, and
        // reported only when no list is usable.
        var undecodable: CRLFailure?
        for (index, crl) in bundle.crls.enumerated() {
            let tbs: CastTBSCRL
            do {
                tbs = try crl.decodeTBS()
            } catch {
                undecodable = undecodable
                    ?? CRLFailure(.malformed, crlIndex: index, detail: "crl \(index): tbs_crl does not decode: \(error)")
                continue
            }
            guard Self.supportedVersions.contains(tbs.version) else {
                versions.append(tbs.version)
                continue
            }
            return verify(crl, tbs: tbs, index: index, at: time)
        }
        if let undecodable, versions.isEmpty { return .failure(undecodable) }
        let list = versions.map(String.init).joined(separator: ", ")
        return .failure(CRLFailure(.unsupportedVersion, detail: "no Crl has a supported version (found \(list); castscope reads 0)"))
    }

    private func verify(_ crl: CastCRL, tbs: CastTBSCRL, index: Int, at time: Date) -> Result<VerifiedCastCRL, CRLFailure> {
        func fail(_ reason: CRLFailure.Reason, _ detail: String) -> Result<VerifiedCastCRL, CRLFailure> {
            .failure(CRLFailure(reason, crlIndex: index, detail: "crl \(index): \(detail)"))
        }
        let signer: X509Certificate
        do {
            signer = try X509Certificate(derBytes: crl.signerCertificate)
        } catch {
            return fail(.signerMalformed, "signer_cert is not a DER X.509 certificate (\(error))")
        }
        let path = trustStore.buildPath(leaf: signer, intermediates: [])
        if let failure = path.failure {
            return fail(.signerUntrusted, "signer \(signer.subject) does not chain to a CRL root (\(failure.reason))")
        }
        if let position = ChainDates.outOfDatePosition(in: path.chain, at: time, endsInAnchor: true) {
            let certificate = path.chain[position]
            let role = position == 0 ? "signer" : "signer's issuer"
            return fail(.signerDateInvalid,
                        "\(role) \(certificate.subject) is out of date: \(ChainDates.problem(of: certificate, at: time))")
        }
        switch RSASignature.verify(crl.signature, over: crl.tbsBytes, certificate: signer, hash: .sha256, pss: false) {
        case .valid: break
        case .mismatch, .unusableKey:
            return fail(.badSignature, "the signature over tbs_crl does not verify with \(signer.subject)'s key (RSASSA-PKCS1-v1_5, SHA-256)")
        }
        let notBefore = Date(timeIntervalSince1970: TimeInterval(min(tbs.notBeforeSeconds, UInt64(Int64.max))))
        let notAfter = Date(timeIntervalSince1970: TimeInterval(min(tbs.notAfterSeconds, UInt64(Int64.max))))
        let seconds = time.timeIntervalSince1970.rounded(.down)
        guard TimeInterval(tbs.notBeforeSeconds) <= seconds, seconds <= TimeInterval(tbs.notAfterSeconds) else {
            let window = "\(ChainDates.format(notBefore)) – \(ChainDates.format(notAfter))"
            return fail(.dateInvalid, "valid \(window), not at \(ChainDates.format(time))")
        }
        if let bad = tbs.revokedPublicKeyHashes.firstIndex(where: { $0.count != 32 }) {
            return fail(.malformedEntry, "revoked_public_key_hashes[\(bad)] is \(tbs.revokedPublicKeyHashes[bad].count) bytes, not a SHA-256")
        }
        for (position, range) in tbs.revokedSerialNumberRanges.enumerated() {
            guard range.issuerPublicKeyHash.count == 32 else {
                return fail(.malformedEntry, "revoked_serial_number_ranges[\(position)] issuer hash is not a SHA-256")
            }
            guard range.firstSerialNumber <= range.lastSerialNumber else {
                return fail(.malformedEntry, "revoked_serial_number_ranges[\(position)] runs backwards "
                    + "(\(range.firstSerialNumber) > \(range.lastSerialNumber))")
            }
        }
        return .success(
            VerifiedCastCRL(
                index: index, version: tbs.version, notBefore: notBefore, notAfter: notAfter, signerChain: path.chain,
                revokedPublicKeyHashes: tbs.revokedPublicKeyHashes, revokedSerialNumberRanges: tbs.revokedSerialNumberRanges))
    }
}
