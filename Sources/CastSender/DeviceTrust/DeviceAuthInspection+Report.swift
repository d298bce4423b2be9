public import CastJSON
public import CastTLS
public import Foundation

extension DeviceAuthInspection {
    /// The TLS certificate's lifetime and whether senders accept it (notAfter at most 4 days after `time`).
    private func tlsLifetime(at time: Date) -> (days: Double, accepted: Bool)? {
        guard let tls = tlsCertificate else { return nil }
        let accepted = tls.notBefore <= time && time <= tls.notAfter
            && tls.notAfter <= time.addingTimeInterval(DeviceCertificate.maximumLifetime)
        return (tls.lifetime / 86_400, accepted)
    }

    /// `castscope auth check` as text: the chain, the AuthResponse, the TLS certificate, the verdict.
    public func text(device: String, roots: String, at time: Date) -> String {
        var lines = ["device \(device):"]
        if let chain { lines.append(chain.text(roots: roots)) } else { lines.append("no device certificate to check") }
        if let signatureAlgorithm, let hashAlgorithm {
            lines.append("auth response: \(signatureAlgorithm) with \(hashAlgorithm); signature "
                + (signatureVerifies ? "verifies" : "does NOT verify") + " over the nonce and the TLS certificate")
        }
        if let tls = tlsCertificate, let lifetime = tlsLifetime(at: time) {
            let days = (lifetime.days * 10).rounded() / 10
            lines.append("TLS certificate: \(tls.subject), \(days) days (\(DeviceTrustTime.format(tls.notBefore)) … "
                + "\(DeviceTrustTime.format(tls.notAfter))); "
                + (lifetime.accepted ? "within the 4-day limit senders enforce" : "REFUSED: senders accept at most 4 days from now"))
        }
        if let error {
            lines.append("verdict: untrusted: \(error)")
        } else {
            lines.append("verdict: trusted (\(chain?.commonName ?? device), policy \(chain?.policy.rawValue ?? "unrestricted"))")
        }
        return lines.joined(separator: "\n")
    }

    /// `castscope auth check --json`: the chain report's fields plus device, authResponse, tlsCertificate.
    public func jsonValue(device: String, at time: Date) -> JSONValue {
        var object = chain?.jsonValue.objectValue ?? JSONObject()
        object["verdict"] = .string(error == nil ? "trusted" : "untrusted")
        if let error {
            object["reason"] = .string(error.trustFailure?.reason.rawValue ?? error.chromiumName)
            object["detail"] = .string("\(error)")
        }
        object["device"] = .string(device)
        object["authResponse"] = [
            "signatureAlgorithm": signatureAlgorithm.map { .string("\($0)") } ?? .null,
            "hashAlgorithm": hashAlgorithm.map { .string("\($0)") } ?? .null,
            "signatureVerifies": .bool(signatureVerifies),
        ]
        if let tls = tlsCertificate, let lifetime = tlsLifetime(at: time) {
            object["tlsCertificate"] = [
                "subject": .string(tls.subject), "notBefore": .string(DeviceTrustTime.format(tls.notBefore)),
                "notAfter": .string(DeviceTrustTime.format(tls.notAfter)), "lifetimeDays": .double(lifetime.days),
                "accepted": .bool(lifetime.accepted),
            ]
        }
        return .object(object)
    }
}
