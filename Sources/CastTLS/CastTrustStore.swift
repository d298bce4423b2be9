import Foundation
internal import COpenSSL
internal import CCastShims

/// The roots a sender trusts for device authentication (the Cast root on real senders, a test root in tests).
///
/// Owns one `X509_STORE`; read-only after init, so one store can serve every connection.
public final class CastTrustStore: @unchecked Sendable {
    // @unchecked Sendable: the X509_STORE is filled in init and afterwards only read by X509_verify_cert, which
    // OpenSSL documents as safe to share between threads.
    private let handle: OpaquePointer
    /// The trusted roots.
    public let roots: [X509Certificate]

    /// Trusts exactly `roots`.
    public init(roots: [X509Certificate]) {
        guard let store = X509_STORE_new() else { preconditionFailure("out of memory creating X509_STORE") }
        handle = store
        self.roots = roots
        for root in roots {
            // X509_STORE_add_cert takes its own reference; a duplicate root is not an error worth reporting.
            _ = X509_STORE_add_cert(store, root.handle)
        }
        OpenSSLErrorStack.clear()
    }

    /// Trusts every certificate in PEM text.
    public convenience init(pem: String) throws(CertificateError) {
        self.init(roots: try X509Certificate.certificates(fromPEM: pem))
    }

    deinit { X509_STORE_free(handle) }

    /// The outcome of a chain check: nil when valid, else (X509_V_ERR code, OpenSSL's text for it).
    struct ChainFailure {
        var code: Int32
        var reason: String
    }

    /// Verifies `leaf` up to a root, with `intermediates` as untrusted helpers, as of `time`.
    func verify(leaf: X509Certificate, intermediates: [X509Certificate], at time: Date) -> ChainFailure? {
        OpenSSLErrorStack.clear()
        guard let context = X509_STORE_CTX_new() else { return ChainFailure(code: -1, reason: "out of memory") }
        // Freed on every path from here on, including when the stack below cannot be allocated.
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = CCastShims_sk_X509_new_null() else {
            return ChainFailure(code: -1, reason: "out of memory")
        }
        // The stack borrows the certificates (owned by `intermediates`), so free only the stack itself.
        defer { CCastShims_sk_X509_free(untrusted) }
        for certificate in intermediates where CCastShims_sk_X509_push(untrusted, certificate.handle) <= 0 {
            return ChainFailure(code: -1, reason: "out of memory")
        }
        guard X509_STORE_CTX_init(context, handle, leaf.handle, untrusted) == 1 else {
            return ChainFailure(code: -1, reason: OpenSSLErrorStack.drain().first?.reason ?? "X509_STORE_CTX_init failed")
        }
        X509_STORE_CTX_set_time(context, 0, time_t(time.timeIntervalSince1970.rounded(.down)))
        let result = withExtendedLifetime((leaf, intermediates)) { X509_verify_cert(context) }
        let code = X509_STORE_CTX_get_error(context)  // read right at the call
        OpenSSLErrorStack.clear()
        if result == 1 { return nil }
        let reason = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
        let depth = X509_STORE_CTX_get_error_depth(context)
        return ChainFailure(code: code, reason: "\(reason) at depth \(depth)")
    }
}
