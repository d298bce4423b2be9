import CastLog
import CastTLS
import CastWire
import Foundation

/// Reads the device-auth exchange of one decrypted Cast connection and checks the device's chain at the capture's
/// time, as a sender would: `auth.untrusted`, `auth.expired-ica-2025`, `auth.audio-only`, `auth.bad-signature`,
/// `auth.error`.
struct DeviceAuthWatch: Sendable {
    /// The roots device chains are checked against (default: the built-in Cast roots).
    var trustStore: CastTrustStore = .castDeviceRoots
    /// The device's TLS certificate from the handshake, when the capture shows it (the signature covers it).
    var tlsCertificateDER: [UInt8]?
    private var nonce: [UInt8]?
    /// The device's common name and policy from its last response, for the connection summary.
    private(set) var device: (commonName: String?, policy: DevicePolicy, verdict: String, reason: String?)?

    /// Looks at one device-auth message and adds findings about it.
    mutating func note(_ record: CastMessageRecord, flow: String, findings: inout [Finding]) {
        guard let payload = record.message.payloadBinary, let message = try? DeviceAuthMessage(protobuf: payload)
        else { return }
        let time = record.time
        if record.direction == .c2s, let challenge = message.challenge {
            nonce = challenge.senderNonce
        }
        guard record.direction == .s2c else { return }
        if let error = message.error {
            findings.append(Finding(
                .warn, "auth.error", "the device answered device authentication with \(error.errorType)",
                detail: "the device did not sign the challenge; senders fail the connection", time: time, flow: flow))
        }
        guard let response = message.response else { return }
        check(response, time: time, flow: flow, findings: &findings)
    }

    private mutating func check(_ response: AuthResponse, time: LogTimestamp, flow: String, findings: inout [Finding]) {
        guard let leaf = try? X509Certificate(derBytes: response.clientAuthCertificate) else {
            findings.append(Finding(
                .error, "auth.untrusted", "the device certificate does not parse (malformed-certificate)",
                detail: "client_auth_certificate is not a DER X.509 certificate", time: time, flow: flow))
            return
        }
        let intermediates = response.intermediateCertificates.compactMap { try? X509Certificate(derBytes: $0) }
        let captured = Date(timeIntervalSince1970: time.timeIntervalSince1970)
        let report = DeviceChainVerifier(trustStore: trustStore).verify([leaf] + intermediates, at: captured)
        device = (report.commonName, report.policy, report.isTrusted ? "trusted" : "untrusted", report.failure?.reason.rawValue)
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
        checkSignature(response, device: leaf, time: time, flow: flow, findings: &findings)
    }

    /// The signature covers the challenge's nonce and the TLS certificate: both must be in the capture.
    private func checkSignature(
        _ response: AuthResponse, device: X509Certificate, time: LogTimestamp, flow: String, findings: inout [Finding]
    ) {
        guard let nonce, let tlsCertificateDER, response.effectiveSignatureAlgorithm == .rsassaPKCS1v15 else { return }
        let hash: HashFunction = response.effectiveHashAlgorithm == .sha256 ? .sha256 : .sha1
        guard !device.verifiesSignature(response.signature, over: nonce + tlsCertificateDER, hash: hash) else { return }
        findings.append(Finding(
            .error, "auth.bad-signature", "the device's AuthResponse signature does not verify",
            detail: "the signature over sender_nonce || DER(TLS certificate) fails with the device certificate's key "
                + "(SIGNED_BLOBS_MISMATCH): a wrong key, a TLS proxy, or altered data", time: time, flow: flow))
    }
}
