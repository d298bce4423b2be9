import Glibc
internal import COpenSSL

/// Owns the C memory an `OSSL_PARAM` array points into (names, strings, byte copies) and frees it in deinit.
///
/// OSSL_PARAM stores raw pointers, so a Swift string bridged for one call would dangle; every name and value is
/// copied into memory this object owns, and the array is used only inside `withParameters`.
final class KDFParameters {
    private var allocations: [UnsafeMutableRawPointer] = []
    private var parameters: [OSSL_PARAM] = []

    deinit {
        for allocation in allocations { free(allocation) }
    }

    private func copy(_ string: String) -> UnsafeMutablePointer<CChar> {
        // strdup fails only when out of memory; there is no meaningful recovery for a KDF call.
        guard let pointer = strdup(string) else { preconditionFailure("out of memory") }
        allocations.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    /// Adds a UTF-8 string parameter (e.g. "digest" = "SHA256").
    func add(_ name: String, string value: String) {
        let key = copy(name)
        let text = copy(value)
        parameters.append(OSSL_PARAM_construct_utf8_string(key, text, 0))
    }

    /// Adds an octet-string parameter (e.g. "key", "salt"); empty values are passed as a valid zero-length buffer.
    func add(_ name: String, bytes value: [UInt8]) {
        let key = copy(name)
        guard let buffer = malloc(max(value.count, 1)) else { preconditionFailure("out of memory") }
        allocations.append(buffer)
        value.withUnsafeBytes { source in
            // SAFETY: `buffer` has at least value.count bytes (malloc(max(count, 1))).
            if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: source.count) }
        }
        parameters.append(OSSL_PARAM_construct_octet_string(key, buffer, value.count))
    }

    /// Calls `body` with the terminated parameter array; the pointer must not escape `body`.
    func withParameters<R>(_ body: (UnsafePointer<OSSL_PARAM>) -> R) -> R {
        let terminated = parameters + [OSSL_PARAM_construct_end()]
        return terminated.withUnsafeBufferPointer { buffer in
            // The array always holds the end marker, so it is never empty and has a base address.
            guard let base = buffer.baseAddress else { preconditionFailure("empty parameter array") }
            return body(base)
        }
    }

    /// Runs the OpenSSL KDF `name` with these parameters and returns `length` bytes.
    func derive(kdf name: String, length: Int) throws(CryptoError) -> [UInt8] {
        OpenSSLErrorStack.clear()
        guard let kdf = FetchedAlgorithms.kdf(name) else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        guard let context = EVP_KDF_CTX_new(kdf) else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        defer { EVP_KDF_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: length)
        let status = withParameters { parameters in
            output.withUnsafeMutableBufferPointer { out in
                // SAFETY: `out` holds exactly `length` bytes, the size passed to EVP_KDF_derive.
                EVP_KDF_derive(context, out.baseAddress, out.count, parameters)
            }
        }
        guard status == 1 else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        return output
    }
}
