public import CastTLS
public import CastWire
public import Foundation

/// A realistic device-auth identity generated at start: test root → ICA → device certificate with Cast-like
/// subjects (`castscope receiver --auth-chain realistic`), with the flaws `AuthFault` names, and for
/// `auth-revoked` a CRL root and a CRL that revokes the device.
public struct EmulatedDeviceIdentity: Sendable {
    /// What the emulator signs device-auth challenges with.
    public var signer: DeviceAuthSigner
    /// The root a sender should trust (`--write-root`); for `auth-untrusted-root` not the one the chain ends in.
    public var root: X509Certificate
    /// The CRL root a sender should trust for `crl` (`--write-crl-root`), for `auth-revoked`.
    public var crlRoot: X509Certificate?
    /// A CRL revoking the device certificate (`--write-crl`), for `auth-revoked`.
    public var crl: CastCRLBundle?

    /// Generates the identity of `deviceID` with `faults` as of `now`, its keys from `keys` (five RSA-2048 keys at
    /// most when fresh: well under a second).
    public static func generate(
        deviceID: String, faults: Set<AuthFault>, now: Date = Date(), keys: KeySource = .fresh
    ) throws(CertificateError) -> EmulatedDeviceIdentity {
        let day: TimeInterval = 86_400
        let place: [(field: String, value: String)] = [
            ("C", "US"), ("ST", "California"), ("L", "Mountain View"), ("O", "castscope"), ("OU", "Cast"),
        ]
        func serial() -> UInt64 { UInt64.random(in: 1...UInt64(Int64.max)) }
        let root = try CertificateIssuer.issue(
            CertificateRequest(
                subject: place + [("CN", "castscope Emulated Cast Root CA")], serial: serial(),
                notBefore: now - 365 * day, notAfter: now + 20 * 365 * day, isCertificateAuthority: true),
            key: try keys.key(for: "root"))
        let signingRoot = faults.contains(.untrustedRoot)
            ? try CertificateIssuer.issue(
                CertificateRequest(
                    subject: place + [("CN", "castscope Unlisted Root CA")], serial: serial(),
                    notBefore: now - 365 * day, notAfter: now + 20 * 365 * day, isCertificateAuthority: true),
                key: try keys.key(for: "unlisted-root"))
            : root
        let audioOnly = faults.contains(.audioOnly) ? [DevicePolicy.audioOnlyPolicyOID] : []
        let expired = faults.contains(.expiredICA)
        let ica = try CertificateIssuer.issue(
            CertificateRequest(
                subject: place + [("CN", audioOnly.isEmpty ? "castscope Emulated ICA" : "castscope Emulated ICA (Audio)")],
                serial: serial(), notBefore: now - (expired ? 3 * 365 : 365) * day,
                notAfter: expired ? now - day : now + 10 * 365 * day, isCertificateAuthority: true, pathLength: 0,
                policyOIDs: audioOnly),
            key: try keys.key(for: "ica"), issuer: signingRoot)
        let deviceName = String(deviceID.uppercased().prefix(12))
        let device = try CertificateIssuer.issue(
            CertificateRequest(
                subject: [("C", "US"), ("OU", "Cast"), ("O", "castscope"), ("CN", "EMU \(deviceName)")],
                serial: serial(), notBefore: now - day, notAfter: now + 20 * 365 * day, isCertificateAuthority: false,
                policyOIDs: audioOnly, hash: .sha1),
            key: try keys.key(for: "device"), issuer: ica)
        var signer = DeviceAuthSigner(
            deviceCertificate: device.certificate, privateKey: device.privateKey, intermediates: [ica.certificate])
        if faults.contains(.sha1) { signer.forcedHashAlgorithm = .sha1 }
        signer.corruptsSignatures = faults.contains(.badSignature)
        var identity = EmulatedDeviceIdentity(signer: signer, root: root.certificate)
        if faults.contains(.revoked) {
            let crlRoot = try CertificateIssuer.issue(
                CertificateRequest(
                    subject: place + [("CN", "castscope Emulated Cast CRL Root CA")], serial: serial(),
                    notBefore: now - 365 * day, notAfter: now + 20 * 365 * day, isCertificateAuthority: true),
                key: try keys.key(for: "crl-root"))
            let crlSigner = try CertificateIssuer.issue(
                CertificateRequest(
                    subject: place + [("CN", "castscope Emulated CRL Signer")], serial: serial(),
                    notBefore: now - day, notAfter: now + 365 * day, isCertificateAuthority: false),
                key: try keys.key(for: "crl-signer"), issuer: crlRoot)
            let list = CastTBSCRL(
                notBeforeSeconds: UInt64(max(0, now.timeIntervalSince1970 - day)),
                notAfterSeconds: UInt64(max(0, now.timeIntervalSince1970 + 30 * day)),
                revokedSerialNumberRanges: [
                    CastSerialNumberRange(
                        issuerPublicKeyHash: ica.certificate.subjectPublicKeyInfoSHA256,
                        firstSerialNumber: device.certificate.serialNumber ?? 0,
                        lastSerialNumber: device.certificate.serialNumber ?? 0)
                ])
            do {
                identity.crl = CastCRLBundle(crls: [try CastCRLIssuer.sign(list, signer: crlSigner)])
            } catch {
                throw CertificateError(kind: .generationFailed, openSSLErrors: error.openSSLErrors)
            }
            identity.crlRoot = crlRoot.certificate
        }
        return identity
    }
}
