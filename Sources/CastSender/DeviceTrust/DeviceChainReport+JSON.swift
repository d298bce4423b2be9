public import CastJSON
public import CastTLS
import CastWire

extension DeviceChainReport {
    /// The object `castscope auth verify --json` prints: verdict, reason, detail, commonName, policy, chain, crl.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("verdict", .string(isTrusted ? "trusted" : "untrusted"))
        object.appendUnchecked("reason", failure.map { .string($0.reason.rawValue) } ?? .null)
        object.appendUnchecked("detail", .string(failure?.detail ?? "the chain is trusted"))
        object.appendUnchecked("failingCertificate", failure?.position.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("expiredCastIntermediate2025", .bool(failure?.isExpiredCastIntermediate2025 ?? false))
        object.appendUnchecked("commonName", commonName.map { .string($0) } ?? .null)
        object.appendUnchecked("policy", isTrusted ? .string(policy.rawValue) : .null)
        object.appendUnchecked("verifiedAt", .string(DeviceTrustTime.format(verificationTime)))
        object.appendUnchecked("chain", .array(chain.map(\.jsonValue)))
        if let revocation { object.appendUnchecked("crl", revocation.jsonValue) }
        return .object(object)
    }
}

extension DeviceChainReport.Entry {
    /// subject, issuer, serial, notBefore, notAfter, validAt, keyBits, signatureAlgorithm, sha256, trustAnchor.
    public var jsonValue: JSONValue {
        [
            "subject": .string(certificate.subject), "issuer": .string(certificate.issuer),
            "serial": .string(certificate.serialHex), "notBefore": .string(DeviceTrustTime.format(certificate.notBefore)),
            "notAfter": .string(DeviceTrustTime.format(certificate.notAfter)), "validAt": .bool(isValidAtVerificationTime),
            "keyBits": .int(Int64(certificate.keyBits)), "keyAlgorithm": .string(certificate.publicKeyAlgorithm),
            "signatureAlgorithm": .string(certificate.signatureAlgorithmName), "sha256": .string(certificate.sha256Fingerprint),
            "policies": .array((certificate.policyOIDs ?? []).map { .string($0) }), "trustAnchor": .bool(isTrustAnchor),
        ]
    }
}

extension RevocationReport {
    /// What the CRL check found: required, verifiedAt, valid, reason/detail of an invalid CRL, the list, revoked.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("required", .bool(required))
        object.appendUnchecked("verifiedAt", .string(DeviceTrustTime.format(crlTime)))
        object.appendUnchecked("given", .bool(crl != nil || crlFailure != nil))
        object.appendUnchecked("valid", .bool(crl != nil))
        if let crlFailure {
            object.appendUnchecked("reason", .string(crlFailure.reason.rawValue))
            object.appendUnchecked("detail", .string(crlFailure.detail))
        }
        if let crl { object.appendUnchecked("list", crl.jsonValue) }
        object.appendUnchecked("revokedCertificate", revokedPosition.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("revokedBy", revokedBy.map { .string($0) } ?? .null)
        return .object(object)
    }
}

extension VerifiedCastCRL {
    /// index, version, notBefore, notAfter, signer, counts and lists of revoked hashes and ranges.
    public var jsonValue: JSONValue {
        [
            "index": .int(Int64(index)), "version": .int(Int64(clamping: version)),
            "notBefore": .string(DeviceTrustTime.format(notBefore)), "notAfter": .string(DeviceTrustTime.format(notAfter)),
            "signer": .string(signerChain.first?.subject ?? ""),
            "signerChain": .array(signerChain.map { .string($0.subject) }),
            "revokedPublicKeyHashCount": .int(Int64(revokedPublicKeyHashes.count)),
            "revokedPublicKeyHashes": .array(revokedPublicKeyHashes.map { .string(Self.hex($0)) }),
            "revokedSerialRangeCount": .int(Int64(revokedSerialNumberRanges.count)),
            "revokedSerialRanges": .array(revokedSerialNumberRanges.map { range in
                [
                    "issuerPublicKeyHash": .string(Self.hex(range.issuerPublicKeyHash)),
                    "first": .string(String(range.firstSerialNumber)), "last": .string(String(range.lastSerialNumber)),
                ]
            }),
        ]
    }
}
