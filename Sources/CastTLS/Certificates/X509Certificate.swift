public import Foundation
internal import COpenSSL

/// An immutable X.509 certificate; owns its OpenSSL `X509` and frees it when released.
public final class X509Certificate: @unchecked Sendable, CustomStringConvertible {
    // @unchecked Sendable: the X509 is never mutated after init, and OpenSSL 3 locks its internal caches
    // (extension flags) itself, so concurrent reads are safe.
    let handle: OpaquePointer
    /// The DER encoding, exactly as parsed or generated.
    public let derBytes: [UInt8]

    /// Parses exactly one DER certificate; trailing bytes are rejected.
    public convenience init(derBytes: [UInt8]) throws(CertificateError) {
        OpenSSLErrorStack.clear()
        let parsed: OpaquePointer? = derBytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            // SAFETY: d2i_X509 reads at most `count` bytes from `cursor`, which points into `buffer`.
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return nil }
            // Trailing bytes would make derBytes differ from what the certificate covers.
            if let cursor, cursor != base + buffer.count {
                X509_free(certificate)
                return nil
            }
            return certificate
        }
        guard let parsed else { throw CertificateError(kind: .malformedDER, openSSLErrors: OpenSSLErrorStack.drain()) }
        self.init(taking: parsed, derBytes: derBytes)
    }

    /// Parses the first `CERTIFICATE` block of PEM text.
    public convenience init(pem: String) throws(CertificateError) {
        let all = try Self.certificates(fromPEM: pem)
        guard let first = all.first else { throw CertificateError(kind: .malformedPEM) }
        try self.init(derBytes: first.derBytes)
    }

    /// Every `CERTIFICATE` block in PEM text, in order; throws when there is none or one does not decode.
    public static func certificates(fromPEM pem: String) throws(CertificateError) -> [X509Certificate] {
        OpenSSLErrorStack.clear()
        guard let bio = MemoryBIO(bytes: Array(pem.utf8)) else {
            throw CertificateError(kind: .malformedPEM, openSSLErrors: OpenSSLErrorStack.drain())
        }
        var result: [X509Certificate] = []
        while let certificate = PEM_read_bio_X509(bio.handle, nil, nil, nil) {
            guard let der = Self.encodeDER(certificate) else {
                X509_free(certificate)
                throw CertificateError(kind: .encodingFailed, openSSLErrors: OpenSSLErrorStack.drain())
            }
            result.append(X509Certificate(taking: certificate, derBytes: der))
        }
        // The loop ends with a "no start line" error at the end of input; anything else is a broken block.
        let errors = OpenSSLErrorStack.drain()
        let endOfInput = errors.allSatisfy { $0.libraryCode == ERR_LIB_PEM && $0.reasonCode == PEM_R_NO_START_LINE }
        guard !result.isEmpty, endOfInput else { throw CertificateError(kind: .malformedPEM, openSSLErrors: errors) }
        return result
    }

    /// Takes ownership of `handle` (one reference); `derBytes` must be its encoding.
    init(taking handle: OpaquePointer, derBytes: [UInt8]) {
        self.handle = handle
        self.derBytes = derBytes
    }

    deinit { X509_free(handle) }

    /// Encodes `certificate` as DER; nil when OpenSSL fails.
    static func encodeDER(_ certificate: OpaquePointer) -> [UInt8]? {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            // SAFETY: the buffer holds exactly the `length` bytes i2d_X509 said it needs.
            return i2d_X509(certificate, &cursor)
        }
        return written == length ? der : nil
    }

    /// The PEM text (`-----BEGIN CERTIFICATE-----` …).
    public var pemString: String {
        guard let bio = MemoryBIO(), PEM_write_bio_X509(bio.handle, handle) == 1 else {
            OpenSSLErrorStack.clear()
            return ""
        }
        return String(decoding: bio.contents, as: UTF8.self)
    }

    /// Start of the validity period.
    public var notBefore: Date { Self.date(X509_get0_notBefore(handle)) ?? .distantFuture }
    /// End of the validity period.
    public var notAfter: Date { Self.date(X509_get0_notAfter(handle)) ?? .distantPast }
    /// `notAfter - notBefore` in seconds.
    public var lifetime: TimeInterval { notAfter.timeIntervalSince(notBefore) }

    /// The subject's commonName, when it has one.
    public var subjectCommonName: String? { Self.commonName(X509_get_subject_name(handle)) }
    /// The issuer's commonName, when it has one.
    public var issuerCommonName: String? { Self.commonName(X509_get_issuer_name(handle)) }

    /// The SHA-256 fingerprint of the DER encoding, as lower-case hex.
    public var sha256Fingerprint: String {
        Digest.hash(.sha256, derBytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// `CN=… (issuer CN=…), valid notBefore … notAfter`.
    public var description: String {
        "X509Certificate(CN=\(subjectCommonName ?? "?"), issuer CN=\(issuerCommonName ?? "?"), "
            + "notBefore=\(notBefore), notAfter=\(notAfter))"
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else {
            OpenSSLErrorStack.clear()
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    private static func commonName(_ name: OpaquePointer?) -> String? {
        guard let name else { return nil }
        let index = X509_NAME_get_index_by_NID(name, NID_commonName, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(name, index),
            let data = X509_NAME_ENTRY_get_data(entry)
        else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>? = nil
        let length = ASN1_STRING_to_UTF8(&utf8, data)
        guard length >= 0, let utf8 else { return nil }
        defer { CRYPTO_free(utf8, #fileID, #line) }
        // SAFETY: ASN1_STRING_to_UTF8 allocated `length` bytes at `utf8`; freed by the defer above.
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }
}
