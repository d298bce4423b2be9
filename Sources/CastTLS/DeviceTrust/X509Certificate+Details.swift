internal import COpenSSL
internal import CCastShims

/// What device-trust checks and reports read from a certificate: names, serial, key, signature, extensions.
extension X509Certificate {
    /// The subject on one line, in certificate order: `C=US, O=Google Inc, OU=Cast, CN=Cast Root CA`.
    public var subject: String { Self.line(X509_get_subject_name(handle)) }
    /// The issuer on one line, as `subject`.
    public var issuer: String { Self.line(X509_get_issuer_name(handle)) }

    /// The serial number as upper-case hex without leading zeros (`550747CF`); `-` first when negative.
    public var serialHex: String {
        guard let serial = X509_get0_serialNumber(handle), let number = ASN1_INTEGER_to_BN(serial, nil) else {
            OpenSSLErrorStack.clear()
            return "?"
        }
        defer { BN_free(number) }
        guard let hex = BN_bn2hex(number) else { return "?" }
        defer { CRYPTO_free(hex, #fileID, #line) }
        return String(cString: hex)
    }

    /// The serial when it is positive and fits in 64 bits (the only serials a Cast CRL range can revoke), else nil.
    public var serialNumber: UInt64? {
        guard let serial = X509_get0_serialNumber(handle) else { return nil }
        var value: UInt64 = 0
        guard ASN1_INTEGER_get_uint64(&value, serial) == 1 else {
            OpenSSLErrorStack.clear()
            return nil
        }
        return value
    }

    /// The public key's algorithm: `RSA`, `EC`, `ED25519`… (OpenSSL's short name).
    public var publicKeyAlgorithm: String {
        guard let key = X509_get0_pubkey(handle) else {
            OpenSSLErrorStack.clear()
            return "unknown"
        }
        return EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
    }

    /// True for an RSA public key.
    public var hasRSAKey: Bool {
        guard let key = X509_get0_pubkey(handle) else {
            OpenSSLErrorStack.clear()
            return false
        }
        return EVP_PKEY_get_base_id(key) == EVP_PKEY_RSA
    }

    /// The public key's size in bits (0 when the key does not decode).
    public var keyBits: Int {
        guard let key = X509_get0_pubkey(handle) else {
            OpenSSLErrorStack.clear()
            return 0
        }
        return Int(EVP_PKEY_get_bits(key))
    }

    /// The signature algorithm's long name: `sha256WithRSAEncryption`, `sha1WithRSAEncryption`, `rsassaPss`…
    public var signatureAlgorithmName: String {
        OBJ_nid2ln(X509_get_signature_nid(handle)).map { String(cString: $0) } ?? "unknown"
    }

    /// True when this certificate is signed with RSASSA-PKCS1-v1_5 over SHA-1 or SHA-256, as Cast requires.
    public var hasCastSignatureAlgorithm: Bool {
        let nid = X509_get_signature_nid(handle)
        return nid == NID_sha1WithRSAEncryption || nid == NID_sha256WithRSAEncryption
    }

    /// True when basicConstraints says CA:TRUE.
    public var isCertificateAuthority: Bool { X509_get_extension_flags(handle) & UInt32(EXFLAG_CA) != 0 }

    /// The basicConstraints pathLenConstraint, nil when absent.
    public var pathLengthConstraint: Int? {
        let length = X509_get_pathlen(handle)
        return length >= 0 ? Int(length) : nil
    }

    /// True when the subject and issuer names are the same (a root, or a self-signed device certificate).
    public var isSelfIssued: Bool {
        X509_NAME_cmp(X509_get_subject_name(handle), X509_get_issuer_name(handle)) == 0
    }

    /// The certificate policy OIDs (dotted), empty without the extension; nil when the extension does not decode.
    public var policyOIDs: [String]? {
        // The extension is bounded by the certificate's DER, so the buffer it needs is too: grow until it fits.
        var size = 4096
        var buffer: [CChar] = []
        var count: Int32 = -2
        while count == -2, size <= max(4096, derBytes.count * 4) {
            buffer = [CChar](repeating: 0, count: size)
            count = buffer.withUnsafeMutableBufferPointer { pointer in
                // SAFETY: the shim writes at most `count` bytes into the buffer, NUL-terminated.
                CCastShims_X509_policy_oids(handle, pointer.baseAddress, Int32(pointer.count))
            }
            size *= 4
        }
        OpenSSLErrorStack.clear()
        guard count >= 0 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// The DER SubjectPublicKeyInfo, the input of the SPKI hashes Cast CRLs use.
    public var subjectPublicKeyInfoDER: [UInt8] {
        guard let spki = X509_get_X509_PUBKEY(handle) else { return [] }
        let length = i2d_X509_PUBKEY(spki, nil)
        guard length > 0 else {
            OpenSSLErrorStack.clear()
            return []
        }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            // SAFETY: the buffer holds exactly the `length` bytes i2d_X509_PUBKEY said it needs.
            return i2d_X509_PUBKEY(spki, &cursor)
        }
        return written == length ? der : []
    }

    /// SHA-256 of `subjectPublicKeyInfoDER`.
    public var subjectPublicKeyInfoSHA256: [UInt8] { Digest.hash(.sha256, subjectPublicKeyInfoDER) }

    /// True when this certificate's signature verifies with `issuer`'s public key.
    public func isSigned(by issuer: X509Certificate) -> Bool {
        guard let key = X509_get0_pubkey(issuer.handle) else {
            OpenSSLErrorStack.clear()
            return false
        }
        let result = withExtendedLifetime(issuer) { X509_verify(handle, key) }
        OpenSSLErrorStack.clear()
        return result == 1
    }

    /// True when `signature` is this certificate's key's RSASSA-PKCS1-v1_5 signature over `message` with `hash`.
    public func verifiesSignature(_ signature: [UInt8], over message: [UInt8], hash: HashFunction) -> Bool {
        if case .valid = RSASignature.verify(signature, over: message, certificate: self, hash: hash, pss: false) {
            return true
        }
        return false
    }

    private static func line(_ name: OpaquePointer?) -> String {
        guard let name, let bio = MemoryBIO() else { return "" }
        guard CCastShims_X509_NAME_print_line(bio.handle, name) >= 0 else {
            OpenSSLErrorStack.clear()
            return ""
        }
        return String(decoding: bio.contents, as: UTF8.self)
    }
}
