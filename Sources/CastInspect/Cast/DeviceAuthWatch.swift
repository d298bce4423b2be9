import CastLog
import CastTLS
import CastWire
import Foundation

/// Reads the device-auth exchange of one decrypted Cast connection and checks the device's chain at the capture's
/// time, as a sender would: `auth.untrusted`, `auth.expired-ica-2025`, `auth.audio-only`, `auth.bad-signature`,
/// `auth.error`.
///
/// A chain failure that is the March 2025 expiry of `Chromecast ICA 3`/`Chromecast ICA 4 (Audio)` is reported as
/// `auth.expired-ica-2025` alone (not also as `auth.untrusted`). The signature is checked only when the sender's
/// challenge and the device's TLS certificate are both in the capture; otherwise the summary says why not.
struct DeviceAuthWatch: Sendable {
    /// The roots device chains are checked against (default: the built-in Cast roots).
    var trustStore: CastTrustStore = .castDeviceRoots
    /// The device's TLS certificate from the handshake, when the capture shows it (the signature covers it).
    var tlsCertificateDER: [UInt8]?
    /// True on a TLS connection (so a missing certificate means the handshake was not decrypted, not plaintext).
    var isTLS = false
    private var nonce: [UInt8]?
    /// The device's last response as the connection summary shows it.
    private(set) var summary: DeviceAuthSummary?
    /// Responses checked so far on this connection.
    private var checked = 0

    /// Most responses checked per connection (a sender sends one challenge; each check costs a chain build).
    static let maximumChecked = 8

    /// Looks at one device-auth message, adds findings about it and, on a response, its summary to `record`.
    mutating func note(_ record: inout CastMessageRecord, flow: String, findings: inout [Finding]) {
        guard let payload = record.message.payloadBinary, let message = try? DeviceAuthMessage(protobuf: payload)
        else { return }
        let time = record.time
        if record.direction == .c2s, let challenge = message.challenge {
            nonce = challenge.senderNonce ?? []
        }
        guard record.direction == .s2c else { return }
        if let error = message.error {
            findings.append(Finding(
                .warn, "auth.error", "the device answered device authentication with \(error.errorType)",
                detail: "the device did not sign the challenge; senders fail the connection", time: time, flow: flow))
        }
        guard let response = message.response, checked < Self.maximumChecked else { return }
        checked += 1
        let result = check(response, time: time, flow: flow, findings: &findings)
        summary = result
        record.deviceAuth = result
    }

    private func check(_ response: AuthResponse, time: LogTimestamp, flow: String,
                       findings: inout [Finding]) -> DeviceAuthSummary {
        guard let leaf = try? X509Certificate(derBytes: response.clientAuthCertificate) else {
            findings.append(Finding(
                .error, "auth.untrusted", "the device certificate does not parse (malformed-certificate)",
                detail: "client_auth_certificate is not a DER X.509 certificate", time: time, flow: flow))
            return DeviceAuthSummary(
                commonName: nil, policy: nil, verdict: "untrusted",
                reason: DeviceTrustFailure.Reason.malformedCertificate.rawValue, signature: .unchecked,
                note: "the device certificate does not parse")
        }
        let intermediates = response.intermediateCertificates.compactMap { try? X509Certificate(derBytes: $0) }
        let captured = Date(timeIntervalSince1970: time.timeIntervalSince1970)
        let report = DeviceChainVerifier(trustStore: trustStore).verify([leaf] + intermediates, at: captured)
        if let failure = report.failure {
            let at = failure.position.map { " at certificate \($0) (\(failure.subject ?? "?"))" } ?? ""
            if failure.isExpiredCastIntermediate2025 {
                findings.append(Finding(
                    .error, "auth.expired-ica-2025",
                    "the device still presents the intermediate that expired on 2025-03-09\(at)",
                    detail: failure.detail, time: time, flow: flow))
            } else {
                findings.append(Finding(
                    .error, "auth.untrusted", "device chain untrusted (\(failure.reason.rawValue))\(at)",
                    detail: failure.detail, time: time, flow: flow))
            }
        } else if report.policy == .audioOnly {
            findings.append(Finding(
                .info, "auth.audio-only", "the device is audio-only (\(report.commonName ?? "?"))",
                detail: "its certificate chain carries policy \(DevicePolicy.audioOnlyPolicyOID); senders offer it no video",
                time: time, flow: flow))
        }
        let (signature, note) = checkSignature(response, device: leaf, time: time, flow: flow, findings: &findings)
        return DeviceAuthSummary(
            commonName: report.commonName, policy: report.isTrusted ? report.policy.rawValue : nil,
            verdict: report.isTrusted ? "trusted" : "untrusted", reason: report.failure?.reason.rawValue,
            signature: signature, note: note)
    }

    /// The signature covers the challenge's nonce and the TLS certificate: both must be in the capture.
    private func checkSignature(
        _ response: AuthResponse, device: X509Certificate, time: LogTimestamp, flow: String, findings: inout [Finding]
    ) -> (DeviceAuthSummary.Signature, String?) {
        guard let tlsCertificateDER else {
            return (.unchecked, isTLS
                ? "the TLS handshake's Certificate was not seen (TLS 1.3 without handshake secrets in the key log?)"
                : "a plaintext connection has no TLS certificate for the signature to cover")
        }
        guard let nonce else { return (.unchecked, "the sender's AuthChallenge (its nonce) is not in the capture") }
        guard response.effectiveSignatureAlgorithm == .rsassaPKCS1v15 else {
            return (.unchecked, "\(response.effectiveSignatureAlgorithm) signatures are not checked by the inspector")
        }
        let hash: HashFunction
        switch response.effectiveHashAlgorithm {
        case .sha1: hash = .sha1
        case .sha256: hash = .sha256
        case .unknown(let value): return (.unchecked, "hash_algorithm \(value) is neither SHA1 nor SHA256")
        }
        if device.verifiesSignature(response.signature, over: nonce + tlsCertificateDER, hash: hash) {
            return (.valid, nil)
        }
        findings.append(Finding(
            .error, "auth.bad-signature", "the device's AuthResponse signature does not verify",
            detail: "the \(response.effectiveHashAlgorithm) signature over sender_nonce || DER(TLS certificate) fails "
                + "with the device certificate's key (SIGNED_BLOBS_MISMATCH): a wrong key, a TLS proxy, or altered data",
            time: time, flow: flow))
        return (.invalid, nil)
    }
}
