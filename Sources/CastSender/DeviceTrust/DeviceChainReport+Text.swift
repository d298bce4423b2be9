public import CastJSON
public import CastTLS

extension DeviceChainReport {
    /// The chain indented device → root with ✓/✗ per certificate (validity at the verification time, and the
    /// failing one), the CRL check, and the verdict last; `roots` says what was trusted ("the built-in Cast roots").
    public func text(roots: String) -> String {
        var lines = ["device chain verified at \(DeviceTrustTime.format(verificationTime)) against \(roots):"]
        for (position, entry) in chain.enumerated() {
            let certificate = entry.certificate
            let failed = failure?.position == position || !entry.isValidAtVerificationTime && !entry.isTrustAnchor
            let role = position == 0 ? "device" : entry.isTrustAnchor ? "root" : "intermediate \(position)"
            let indent = String(repeating: "  ", count: position + 1)
            lines.append("\(indent)\(failed ? "✗" : "✓") \(role): \(certificate.subject)")
            let validity = "\(DeviceTrustTime.format(certificate.notBefore)) … \(DeviceTrustTime.format(certificate.notAfter))"
                + (entry.isValidAtVerificationTime ? "" : entry.isTrustAnchor ? " (out of date; not checked for a root)" : " (out of date)")
            lines.append("\(indent)    valid \(validity)")
            lines.append("\(indent)    serial \(certificate.serialHex), \(certificate.publicKeyAlgorithm) \(certificate.keyBits) bits, "
                + "\(certificate.signatureAlgorithmName), sha256 \(certificate.sha256Fingerprint)")
            if let policies = certificate.policyOIDs, !policies.isEmpty {
                lines.append("\(indent)    policies \(policies.joined(separator: ", "))")
            }
        }
        if chain.last?.isTrustAnchor != true, let top = chain.last?.certificate {
            lines.append(String(repeating: "  ", count: chain.count + 1) + "✗ no trusted root for issuer \(top.issuer)")
        }
        if let revocation { lines.append(revocation.text) }
        if let failure {
            lines.append("untrusted (\(failure.reason.rawValue)): \(failure.detail)")
        } else {
            lines.append("trusted: \(commonName ?? "the device"), policy \(policy.rawValue)")
        }
        return lines.joined(separator: "\n")
    }
}

extension RevocationReport {
    /// One or two lines: what the CRL check found.
    public var text: String {
        let time = DeviceTrustTime.format(crlTime)
        if let crlFailure {
            return "crl: not valid at \(time) (\(crlFailure.reason.rawValue)): \(crlFailure.detail)"
                + (required ? "" : "; ignored, as a CRL is optional without --require-crl")
        }
        guard let crl else { return "crl: none given" + (required ? ", but --require-crl asks for one" : "") }
        var text = "crl: valid at \(time) (version \(crl.version), \(DeviceTrustTime.format(crl.notBefore)) … "
            + "\(DeviceTrustTime.format(crl.notAfter)), signed by \(crl.signerChain.first?.subject ?? "?")); "
            + "\(crl.revokedPublicKeyHashes.count) revoked key(s), \(crl.revokedSerialNumberRanges.count) serial range(s)"
        if let revokedPosition, let revokedBy {
            text += "\ncrl: revokes certificate \(revokedPosition) by \(revokedBy)"
        } else {
            text += "; the chain is not revoked"
        }
        return text
    }
}

extension CRLFailure {
    /// `castscope auth crl` for an invalid list.
    public var jsonValue: JSONValue {
        ["verdict": "invalid", "reason": .string(reason.rawValue), "detail": .string(detail),
         "crlIndex": crlIndex.map { .int(Int64($0)) } ?? .null]
    }
}
