public import Foundation
internal import COpenSSL
internal import CCastShims

/// A public CA bundle (Debian's `ca-certificates`) to judge web servers' chains against, as a Cast device's
/// browser engine would: its own roots, not this host's additions. Read-only after init.
public final class WebTrustBundle: @unchecked Sendable {
    // @unchecked Sendable: the X509_STORE is filled in init and afterwards only read by X509_verify_cert.
    let store: OpaquePointer
    /// The file the roots came from.
    public let path: String

    /// Debian's bundle of the Mozilla roots, which `ca-certificates` keeps (without local additions when built
    /// from `/usr/share/ca-certificates/mozilla` only; see Docs/media.md).
    public static let debianBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    /// Loads every certificate of the PEM file at `path`; throws when it cannot be read or a block does not decode.
    /// (Read with the same PEM reader as every other certificate here: X509_STORE_load_file was seen failing now
    /// and then while other threads ran TLS handshakes.)
    public init(path: String) throws(CertificateError) {
        guard let data = FileManager.default.contents(atPath: path), data.count <= Self.maximumSize else {
            throw CertificateError(kind: .malformedPEM)
        }
        let roots = try X509Certificate.certificates(fromPEM: String(decoding: data, as: UTF8.self))
        guard let store = X509_STORE_new() else { throw CertificateError(kind: .encodingFailed) }
        for root in roots {
            _ = X509_STORE_add_cert(store, root.handle)  // takes its own reference; duplicates are no error
        }
        OpenSSLErrorStack.clear()
        self.store = store
        self.path = path
    }

    /// A bundle larger than this is refused (Debian's is about 200 KiB).
    static let maximumSize = 16 << 20

    deinit { X509_STORE_free(store) }

    /// Judges a server's chain (leaf first, as sent) for `host` at `date`: is it anchored in this bundle, and
    /// does the leaf name the host? The two answers stay apart, as they are two different fixes.
    public func evaluate(chain: [X509Certificate], host: String, at date: Date = Date()) -> WebServerTrust {
        guard let leaf = chain.first else { return .untrusted(reason: "the server sent no certificate") }
        OpenSSLErrorStack.clear()
        guard let context = X509_STORE_CTX_new() else { return .untrusted(reason: "out of memory") }
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = CCastShims_sk_X509_new_null() else { return .untrusted(reason: "out of memory") }
        defer { CCastShims_sk_X509_free(untrusted) }
        for certificate in chain.dropFirst() where CCastShims_sk_X509_push(untrusted, certificate.handle) <= 0 {
            return .untrusted(reason: "out of memory")
        }
        guard X509_STORE_CTX_init(context, store, leaf.handle, untrusted) == 1 else {
            return .untrusted(reason: OpenSSLErrorStack.drain().first?.reason ?? "X509_STORE_CTX_init failed")
        }
        X509_STORE_CTX_set_purpose(context, X509_PURPOSE_SSL_SERVER)
        X509_STORE_CTX_set_time(context, 0, time_t(date.timeIntervalSince1970))
        let verified = withExtendedLifetime(chain) { X509_verify_cert(context) }
        let code = X509_STORE_CTX_get_error(context)
        let depth = Int(X509_STORE_CTX_get_error_depth(context))
        OpenSSLErrorStack.clear()
        if verified != 1 {
            let reason = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            let subject = depth < chain.count ? chain[depth].subject : leaf.subject
            return .untrusted(reason: "\(reason) (certificate \(depth): \(subject))")
        }
        return leaf.names(host: host) ? .trusted : .hostnameMismatch(subject: leaf.subject)
    }
}

/// What a web server's chain is worth to a device.
public enum WebServerTrust: Sendable, Hashable {
    /// Anchored in the bundle, in date, naming the host.
    case trusted
    /// Not anchored in the bundle, out of date, or otherwise broken; OpenSSL's reason and where.
    case untrusted(reason: String)
    /// A sound chain for some other name.
    case hostnameMismatch(subject: String)
}

extension X509Certificate {
    /// True when the certificate names `host`: a DNS name (wildcards as RFC 6125 allows) or an IP address.
    func names(host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.contains(":") || bare.split(separator: ".").allSatisfy({ Int($0) != nil }) {
            return X509_check_ip_asc(handle, bare, 0) == 1
        }
        return X509_check_host(handle, bare, bare.utf8.count, 0, nil) == 1
    }
}
