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

    /// A path OpenSSL built from a certificate to an anchor, and the first rule it broke, if any.
    struct PathResult {
        /// The certificates from the one checked up to the anchor (as far as OpenSSL got when it failed).
        var chain: [X509Certificate]
        /// The X509_V_ERR code, OpenSSL's text for it and the chain position it concerns; nil when the path holds.
        var failure: (code: Int32, reason: String, depth: Int)?
    }

    /// Builds and checks a path from `leaf` to a root, `intermediates` as untrusted helpers.
    ///
    /// Dates are not checked here (X509_V_FLAG_NO_CHECK_TIME): OpenSSL would also reject an anchor out of date,
    /// which RFC 5280 §6.1 does not, so callers check dates on the returned chain. Any certificate in the store is an
    /// anchor (X509_V_FLAG_PARTIAL_CHAIN), as in RFC 5280 and Cast senders. Signatures, basicConstraints and pathlen
    /// (the anchor's too), key usage and name constraints are OpenSSL's.
    func buildPath(leaf: X509Certificate, intermediates: [X509Certificate]) -> PathResult {
        OpenSSLErrorStack.clear()
        let outOfMemory = PathResult(chain: [leaf], failure: (-1, "out of memory", 0))
        guard let context = X509_STORE_CTX_new() else { return outOfMemory }
        // Freed on every path from here on, including when the stack below cannot be allocated.
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = CCastShims_sk_X509_new_null() else { return outOfMemory }
        // The stack borrows the certificates (owned by `intermediates`), so free only the stack itself.
        defer { CCastShims_sk_X509_free(untrusted) }
        for certificate in intermediates where CCastShims_sk_X509_push(untrusted, certificate.handle) <= 0 {
            return outOfMemory
        }
        guard X509_STORE_CTX_init(context, handle, leaf.handle, untrusted) == 1 else {
            let reason = OpenSSLErrorStack.drain().first?.reason ?? "X509_STORE_CTX_init failed"
            return PathResult(chain: [leaf], failure: (-1, reason, 0))
        }
        X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME | X509_V_FLAG_PARTIAL_CHAIN))
        let result = withExtendedLifetime((leaf, intermediates)) { X509_verify_cert(context) }
        let code = X509_STORE_CTX_get_error(context)  // read right at the call
        let depth = Int(X509_STORE_CTX_get_error_depth(context))
        let chain = Self.chain(of: context) ?? [leaf]
        OpenSSLErrorStack.clear()
        if result == 1 { return PathResult(chain: chain, failure: nil) }
        let reason = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
        return PathResult(chain: chain, failure: (code, reason, depth))
    }

    /// The chain the context built, each certificate with its own reference.
    private static func chain(of context: OpaquePointer) -> [X509Certificate]? {
        guard let stack = X509_STORE_CTX_get1_chain(context) else { return nil }
        defer { CCastShims_sk_X509_pop_free(stack) }
        var chain: [X509Certificate] = []
        for index in 0..<CCastShims_sk_X509_num(stack) {
            guard let certificate = CCastShims_sk_X509_value(stack, index),
                let der = X509Certificate.encodeDER(certificate), X509_up_ref(certificate) == 1
            else { return nil }
            chain.append(X509Certificate(taking: certificate, derBytes: der))
        }
        return chain
    }
}
