public import CastWire
public import Foundation
internal import COpenSSL

/// Checks a device's certificate chain as real Cast senders do (cast-pki/README.md): a path to a trusted root, every
/// certificate but the anchor in date, constraints (the anchor's pathlen too), a non-CA device certificate with an
/// RSA key of at least 2048 bits, RSASSA-PKCS1-v1_5 with SHA-1 or SHA-256, the audio-only policy, and a Cast CRL.
public struct DeviceChainVerifier: Sendable {
    /// How a Cast CRL takes part.
    public struct Revocation: Sendable {
        /// The bundle to check against, nil when none was given.
        public var bundle: CastCRLBundle?
        /// Verifies the bundle (its roots: the Cast CRL Root CA by default).
        public var verifier: CastCRLVerifier
        /// When the CRL is verified; nil means the chain's verification time.
        public var time: Date?
        /// A valid CRL is required (`--require-crl`); otherwise a missing or invalid one is reported and ignored.
        public var required: Bool

        /// A CRL check; with no bundle and `required` false it does nothing.
        public init(
            bundle: CastCRLBundle? = nil, verifier: CastCRLVerifier = CastCRLVerifier(), time: Date? = nil,
            required: Bool = false
        ) {
            self.bundle = bundle
            self.verifier = verifier
            self.time = time
            self.required = required
        }
    }

    /// The smallest device key senders accept.
    public static let minimumDeviceKeyBits = 2048

    /// The roots device chains must end in (default: the built-in Cast Root CA and Eureka Root CA).
    public var trustStore: CastTrustStore
    /// The CRL check (default: none, optional).
    public var revocation: Revocation

    /// A verifier trusting `trustStore`, with the given CRL check.
    public init(trustStore: CastTrustStore = .castDeviceRoots, revocation: Revocation = Revocation()) {
        self.trustStore = trustStore
        self.revocation = revocation
    }

    /// Checks `chain` (device certificate first, then intermediates in any order) as of `time`.
    public func verify(_ chain: [X509Certificate], at time: Date) -> DeviceChainReport {
        guard let device = chain.first else {
            return DeviceChainReport(
                failure: DeviceTrustFailure(.malformedCertificate, detail: "the chain holds no certificate"), chain: [],
                commonName: nil, policy: .unrestricted, verificationTime: time)
        }
        let path = trustStore.buildPath(leaf: device, intermediates: Array(chain.dropFirst()))
        let built = path.chain.first?.derBytes == device.derBytes ? path.chain : [device]
        let endsInAnchor = path.failure == nil
        var report = DeviceChainReport(
            failure: nil,
            chain: built.enumerated().map { position, certificate in
                DeviceChainReport.Entry(
                    certificate: certificate, isValidAtVerificationTime: ChainDates.isValid(certificate, at: time),
                    isTrustAnchor: endsInAnchor && position == built.count - 1)
            },
            commonName: device.subjectCommonName, policy: .unrestricted, verificationTime: time)
        if let failure = deviceFailure(device, chainLength: built.count)
            ?? pathFailure(path, chain: built)
            ?? issuerFailure(built)
            ?? dateFailure(built, at: time)
            ?? signatureAlgorithmFailure(built)
        {
            report.failure = failure
            return report
        }
        // The device certificate always counts, even when it is itself the trusted anchor; a root's policies do not.
        switch Self.policy(of: built.count > 1 ? built.dropLast() : built[...]) {
        case .success(let policy): report.policy = policy
        case .failure(let failure):
            report.failure = failure
            return report
        }
        checkRevocation(&report, chain: built, at: time)
        return report
    }

    /// The device certificate's own rules: not a CA, an RSA key of ≥ 2048 bits.
    private func deviceFailure(_ device: X509Certificate, chainLength: Int) -> DeviceTrustFailure? {
        if device.isCertificateAuthority {
            return DeviceTrustFailure(
                .notADeviceCertificate, position: 0, subject: device.subject,
                detail: "the first certificate (\(device.subject)) is a CA (basicConstraints CA:TRUE), not a device "
                    + "certificate; the chain file must start with the device certificate")
        }
        guard device.hasRSAKey else {
            return DeviceTrustFailure(
                .weakKey, position: 0, subject: device.subject,
                detail: "the device certificate (\(device.subject)) has a \(device.publicKeyAlgorithm) key; Cast device "
                    + "keys are RSA")
        }
        guard device.keyBits >= Self.minimumDeviceKeyBits else {
            return DeviceTrustFailure(
                .weakKey, position: 0, subject: device.subject,
                detail: "the device certificate (\(device.subject)) has a \(device.keyBits)-bit RSA key; senders refuse "
                    + "device keys under \(Self.minimumDeviceKeyBits) bits")
        }
        return nil
    }

    /// OpenSSL's path verdict as a reason, naming the certificate it stopped at.
    private func pathFailure(_ path: CastTrustStore.PathResult, chain: [X509Certificate]) -> DeviceTrustFailure? {
        guard let failure = path.failure else { return nil }
        let position = min(max(failure.depth, 0), chain.count - 1)
        let certificate = chain[position]
        let isTop = position == chain.count - 1 && position > 0 && certificate.isSelfIssued
        let who = DeviceTrustFailure.name(ofPosition: position, chainLength: chain.count, isAnchor: isTop)
            + " (\(certificate.subject))"
        let reason: DeviceTrustFailure.Reason
        let rule: String
        switch failure.code {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT,
            X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN, X509_V_ERR_CERT_UNTRUSTED:
            reason = .untrustedRoot
            let roots = trustStore.isBuiltInDeviceRoots
                ? "the built-in Cast roots" : "the given roots (\(trustStore.roots.count))"
            let selfSigned = failure.code == X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT
                || failure.code == X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN
            rule = selfSigned
                ? "is a self-signed root that is not among \(roots)"
                : "does not chain to \(roots): its issuer \(certificate.issuer) is neither trusted nor in the chain"
        case X509_V_ERR_CERT_SIGNATURE_FAILURE, X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE,
            X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY:
            reason = .badSignature
            rule = "has a signature that does not verify with its issuer's key"
        case X509_V_ERR_PATH_LENGTH_EXCEEDED:
            reason = .pathLength
            let limit = certificate.pathLengthConstraint.map(String.init) ?? "?"
            rule = "has pathLenConstraint \(limit) but \(max(position - 1, 0)) intermediate(s) below it"
                + (isTop ? " (a root's own constraint is enforced)" : "")
        case X509_V_ERR_INVALID_CA, X509_V_ERR_INVALID_NON_CA:
            reason = .notACertificateAuthority
            rule = "issues certificates but is not a CA (basicConstraints)"
        case X509_V_ERR_PERMITTED_VIOLATION, X509_V_ERR_EXCLUDED_VIOLATION, X509_V_ERR_SUBTREE_MINMAX,
            X509_V_ERR_UNSUPPORTED_CONSTRAINT_TYPE, X509_V_ERR_UNSUPPORTED_CONSTRAINT_SYNTAX,
            X509_V_ERR_UNSUPPORTED_NAME_SYNTAX:
            reason = .nameConstraints
            rule = "has a name outside the name constraints of an issuer above it"
        case X509_V_ERR_KEYUSAGE_NO_CERTSIGN, X509_V_ERR_INVALID_PURPOSE, X509_V_ERR_CERT_REJECTED:
            reason = .keyUsage
            rule = "is not allowed to sign certificates by its keyUsage"
        case X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION:
            reason = .criticalExtension
            rule = "has a critical extension castscope cannot check"
        default:
            reason = .chainInvalid
            rule = "breaks a path rule"
        }
        return DeviceTrustFailure(
            reason, position: position, subject: certificate.subject,
            detail: "\(who) \(rule) [OpenSSL: \(failure.reason)]")
    }

    /// Every issuer must say CA:TRUE: without X509_V_FLAG_X509_STRICT OpenSSL also takes a v1 or keyCertSign-only
    /// issuer, which senders refuse.
    private func issuerFailure(_ chain: [X509Certificate]) -> DeviceTrustFailure? {
        guard chain.count > 1,
            let position = (1..<chain.count).first(where: { !chain[$0].isCertificateAuthority })
        else { return nil }
        let certificate = chain[position]
        let who = DeviceTrustFailure.name(
            ofPosition: position, chainLength: chain.count, isAnchor: position == chain.count - 1)
        return DeviceTrustFailure(
            .notACertificateAuthority, position: position, subject: certificate.subject,
            detail: "\(who) (\(certificate.subject)) issues certificates but its basicConstraints do not say CA:TRUE")
    }

    /// Every certificate but the anchor must be in date at `time`.
    private func dateFailure(_ chain: [X509Certificate], at time: Date) -> DeviceTrustFailure? {
        guard let position = ChainDates.outOfDatePosition(in: chain, at: time, endsInAnchor: true) else { return nil }
        let certificate = chain[position]
        let who = DeviceTrustFailure.name(ofPosition: position, chainLength: chain.count, isAnchor: false)
        var detail = "\(who) (\(certificate.subject)) is out of date at \(ChainDates.format(time)): "
            + ChainDates.problem(of: certificate, at: time)
        let expired2025 = Self.isCastIntermediateExpired2025(certificate, at: time)
        if expired2025 {
            detail += ". This is the March 2025 expiry of `\(certificate.subjectCommonName ?? "")`, which made senders "
                + "refuse Chromecast (2nd gen) and Chromecast Audio devices; a firmware update from Google gave them "
                + "a new chain: update the device (or let it update itself) and check again"
        }
        return DeviceTrustFailure(
            .dateInvalid, position: position, subject: certificate.subject, detail: detail,
            isExpiredCastIntermediate2025: expired2025)
    }

    /// True for `Chromecast ICA 3` or `Chromecast ICA 4 (Audio)` that expired on 2025-03-09, checked after that day.
    static func isCastIntermediateExpired2025(_ certificate: X509Certificate, at time: Date) -> Bool {
        guard let name = certificate.subjectCommonName,
            DeviceTrustFailure.castIntermediatesExpired2025.contains(name), time > certificate.notAfter
        else { return false }
        let day = DeviceTrustFailure.castIntermediateExpiryDay2025
        return certificate.notAfter >= day && certificate.notAfter < day.addingTimeInterval(86_400)
    }

    /// Every signed certificate (all but the anchor) must use RSASSA-PKCS1-v1_5 with SHA-1 or SHA-256.
    private func signatureAlgorithmFailure(_ chain: [X509Certificate]) -> DeviceTrustFailure? {
        guard let position = chain.dropLast().firstIndex(where: { !$0.hasCastSignatureAlgorithm }) else { return nil }
        let certificate = chain[position]
        let who = DeviceTrustFailure.name(ofPosition: position, chainLength: chain.count, isAnchor: false)
        return DeviceTrustFailure(
            .signatureAlgorithm, position: position, subject: certificate.subject,
            detail: "\(who) (\(certificate.subject)) is signed with \(certificate.signatureAlgorithmName); Cast accepts "
                + "RSASSA-PKCS1-v1_5 with SHA-1 or SHA-256 only")
    }

    /// Audio-only when the device certificate or an intermediate carries the audio-only policy OID.
    static func policy(of certificates: ArraySlice<X509Certificate>) -> Result<DevicePolicy, DeviceTrustFailure> {
        for (position, certificate) in certificates.enumerated() {
            guard let oids = certificate.policyOIDs else {
                return .failure(
                    DeviceTrustFailure(
                        .policyInvalid, position: position, subject: certificate.subject,
                        detail: "the certificatePolicies extension of \(certificate.subject) does not decode"))
            }
            if oids.contains(DevicePolicy.audioOnlyPolicyOID) { return .success(.audioOnly) }
        }
        return .success(.unrestricted)
    }

    /// Why `crl`, verified at another time, does not hold at `time`: its window, or a certificate of its signer's
    /// chain (the root aside), named with the date it ended or begins; nil when it holds.
    public static func lapse(of crl: VerifiedCastCRL, at time: Date) -> String? {
        let seconds = time.timeIntervalSince1970.rounded(.down)
        if seconds > crl.notAfter.timeIntervalSince1970 {
            return "the CRL expired \(ChainDates.format(crl.notAfter)), before the chain's check time "
                + ChainDates.format(time)
        }
        if seconds < crl.notBefore.timeIntervalSince1970 {
            return "the CRL is not valid before \(ChainDates.format(crl.notBefore)), after the chain's check time "
                + ChainDates.format(time)
        }
        if let position = ChainDates.outOfDatePosition(in: crl.signerChain, at: time, endsInAnchor: true) {
            let certificate = crl.signerChain[position]
            let role = position == 0 ? "the CRL's signer" : "the CRL signer's issuer"
            return "\(role) \(certificate.subject) \(ChainDates.problem(of: certificate, at: time)), at the chain's "
                + "check time \(ChainDates.format(time))"
        }
        return nil
    }

    /// Verifies the CRL (when given or required) and checks the chain against it.
    private func checkRevocation(_ report: inout DeviceChainReport, chain: [X509Certificate], at time: Date) {
        let crlTime = revocation.time ?? time
        guard let bundle = revocation.bundle else {
            guard revocation.required else { return }
            report.revocation = RevocationReport(required: true, crlTime: crlTime)
            report.failure = DeviceTrustFailure(
                .crlMissing, detail: "a CRL is required (--require-crl) but none was given (--crl FILE)")
            return
        }
        var result = RevocationReport(required: revocation.required, crlTime: crlTime)
        switch revocation.verifier.verify(bundle, at: crlTime) {
        case .failure(let failure):
            result.crlFailure = failure
            if revocation.required {
                report.failure = DeviceTrustFailure(
                    .crlInvalid, detail: "the required CRL is not valid: \(failure.detail)")
            }
        case .success(let crl):
            result.crl = crl
            // Checked at another time than the chain, the CRL must also hold at the chain's time, as Chromium and
            // openscreen require (with or without --require-crl): a list that lapsed says nothing about that time.
            if crlTime != time, let lapse = Self.lapse(of: crl, at: time) {
                report.failure = DeviceTrustFailure(.crlExpiredAtCheck, detail: lapse)
            } else if let revoked = crl.revocation(in: chain) {
                result.revokedPosition = revoked.position
                result.revokedBy = revoked.how
                let certificate = chain[revoked.position]
                let who = DeviceTrustFailure.name(
                    ofPosition: revoked.position, chainLength: chain.count, isAnchor: revoked.position == chain.count - 1)
                report.failure = DeviceTrustFailure(
                    .revoked, position: revoked.position, subject: certificate.subject,
                    detail: "\(who) (\(certificate.subject)) is revoked by the CRL: \(revoked.how)")
            }
        }
        report.revocation = result
    }
}
