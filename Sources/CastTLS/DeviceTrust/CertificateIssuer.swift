public import Foundation
internal import COpenSSL
internal import CCastShims

/// What a certificate issued by `CertificateIssuer` says: names, dates, CA constraints, policies, hash.
public struct CertificateRequest: Sendable {
    /// Subject attributes in order, e.g. `[("O", "Google Inc"), ("CN", "Chromecast ICA 3")]`.
    public var subject: [(field: String, value: String)]
    /// A positive serial.
    public var serial: UInt64
    /// Start of validity.
    public var notBefore: Date
    /// End of validity.
    public var notAfter: Date
    /// basicConstraints CA:TRUE (with keyCertSign, cRLSign) or CA:FALSE (digitalSignature).
    public var isCertificateAuthority: Bool
    /// basicConstraints pathLenConstraint for a CA.
    public var pathLength: Int?
    /// Certificate policy OIDs (dotted), e.g. `DevicePolicy.audioOnlyPolicyOID`.
    public var policyOIDs: [String]
    /// The signature hash: SHA-256, or SHA-1 as older Cast device certificates use.
    public var hash: HashFunction

    /// A request; dates default to now … now + 20 years.
    public init(
        subject: [(field: String, value: String)], serial: UInt64, notBefore: Date = Date(),
        notAfter: Date = Date().addingTimeInterval(20 * 365 * 86_400), isCertificateAuthority: Bool,
        pathLength: Int? = nil, policyOIDs: [String] = [], hash: HashFunction = .sha256
    ) {
        self.subject = subject
        self.serial = serial
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.isCertificateAuthority = isCertificateAuthority
        self.pathLength = pathLength
        self.policyOIDs = policyOIDs
        self.hash = hash
    }
}

/// A certificate with its private key: a generated root, intermediate or device identity.
public struct IssuedCertificate: Sendable {
    /// The certificate.
    public var certificate: X509Certificate
    /// Its key.
    public var privateKey: PrivateKey

    /// Pairs a certificate and its key.
    public init(certificate: X509Certificate, privateKey: PrivateKey) {
        self.certificate = certificate
        self.privateKey = privateKey
    }
}

/// Issues X.509 v3 certificates for generated PKIs: the emulator's realistic chains, test CRL signers.
public enum CertificateIssuer {
    /// Issues `request` for `key` (a new RSA-2048 key when nil), signed by `issuer` or self-signed when nil.
    public static func issue(
        _ request: CertificateRequest, key: PrivateKey? = nil, issuer: IssuedCertificate? = nil
    ) throws(CertificateError) -> IssuedCertificate {
        let subjectKey: PrivateKey
        if let key { subjectKey = key } else { subjectKey = try PrivateKey.generate(.rsa2048) }
        OpenSSLErrorStack.clear()
        guard let certificate = X509_new() else {
            throw CertificateError(kind: .generationFailed, openSSLErrors: OpenSSLErrorStack.drain())
        }
        let signingKey = issuer?.privateKey ?? subjectKey
        guard fill(certificate, request: request, key: subjectKey, issuer: issuer?.certificate),
            X509_sign(certificate, signingKey.handle, request.hash.evp) > 0,
            let der = X509Certificate.encodeDER(certificate)
        else {
            let errors = OpenSSLErrorStack.drain()
            X509_free(certificate)
            throw CertificateError(kind: .generationFailed, openSSLErrors: errors)
        }
        return IssuedCertificate(
            certificate: X509Certificate(taking: certificate, derBytes: der), privateKey: subjectKey)
    }

    private static func fill(
        _ certificate: OpaquePointer, request: CertificateRequest, key: PrivateKey, issuer: X509Certificate?
    ) -> Bool {
        guard X509_set_version(certificate, 2) == 1,  // 2 means X.509 v3
            let serial = X509_get_serialNumber(certificate), ASN1_INTEGER_set_uint64(serial, request.serial) == 1,
            ASN1_TIME_set(X509_getm_notBefore(certificate), time_t(request.notBefore.timeIntervalSince1970)) != nil,
            ASN1_TIME_set(X509_getm_notAfter(certificate), time_t(request.notAfter.timeIntervalSince1970)) != nil,
            let name = X509_get_subject_name(certificate),
            X509_set_pubkey(certificate, key.handle) == 1
        else { return false }
        for attribute in request.subject
        where X509_NAME_add_entry_by_txt(name, attribute.field, MBSTRING_UTF8, attribute.value, -1, -1, 0) != 1 {
            return false
        }
        let issuerName = issuer.map { X509_get_subject_name($0.handle) } ?? name
        guard X509_set_issuer_name(certificate, issuerName) == 1 else { return false }
        var extensions: [(Int32, String)] = []
        if request.isCertificateAuthority {
            let pathLength = request.pathLength.map { ",pathlen:\($0)" } ?? ""
            extensions.append((NID_basic_constraints, "critical,CA:TRUE" + pathLength))
            extensions.append((NID_key_usage, "critical,keyCertSign,cRLSign"))
        } else {
            extensions.append((NID_basic_constraints, "critical,CA:FALSE"))
            extensions.append((NID_key_usage, "critical,digitalSignature"))
        }
        extensions.append((NID_subject_key_identifier, "hash"))
        if issuer != nil { extensions.append((NID_authority_key_identifier, "keyid")) }
        let issuerHandle = issuer?.handle ?? certificate
        let added = withExtendedLifetime(issuer) {
            extensions.allSatisfy { nid, value in
                CCastShims_X509_add_extension_text(certificate, issuerHandle, nid, value) == 1
            }
        }
        guard added else { return false }
        // certificatePolicies from text needs an openssl.cnf database; the shim builds the extension directly.
        return request.policyOIDs.isEmpty
            || CCastShims_X509_add_policies(certificate, request.policyOIDs.joined(separator: "\n")) == 1
    }
}
