internal import COpenSSL
import Synchronization

/// HMAC (RFC 2104) under one key, with one reused OpenSSL context: each MAC re-initialises it with the key it holds,
/// as a TLS CBC direction computes a MAC per record over a header and the content.
public final class HMACDigest: Sendable {
    /// The hash.
    public let hash: HashFunction
    private let context: Mutex<MACHandle>

    /// An HMAC-`hash` context for `key`.
    public init(_ hash: HashFunction, key: [UInt8]) throws(CryptoError) {
        self.hash = hash
        OpenSSLErrorStack.clear()
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        defer { EVP_MAC_free(mac) }  // the context keeps its own reference
        guard let handle = EVP_MAC_CTX_new(mac) else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        let parameters = KDFParameters()
        parameters.add("digest", string: hash.description)
        let initialised = parameters.withParameters { parameters in
            key.withUnsafeBufferPointer { key in EVP_MAC_init(handle, key.baseAddress, key.count, parameters) }
        }
        guard initialised == 1 else {
            let errors = OpenSSLErrorStack.drain()
            EVP_MAC_CTX_free(handle)
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: errors)
        }
        context = Mutex(MACHandle(handle))
    }

    /// The MAC of the pieces concatenated.
    public func mac(_ pieces: [UnsafeRawBufferPointer]) throws(CryptoError) -> [UInt8] {
        let length = hash.digestLength
        let output: [UInt8]? = context.withLock { context in
            let handle = context.handle
            // A null key restarts with the key already set.
            guard EVP_MAC_init(handle, nil, 0, nil) == 1 else { return nil }
            for piece in pieces where piece.count > 0 {
                guard EVP_MAC_update(handle, piece.bindMemory(to: UInt8.self).baseAddress, piece.count) == 1 else {
                    return nil
                }
            }
            var output = [UInt8](repeating: 0, count: length)
            var written = 0
            let finished = output.withUnsafeMutableBufferPointer { out in
                // SAFETY: `out` holds digestLength bytes, the size HMAC with this digest writes.
                EVP_MAC_final(handle, out.baseAddress, &written, out.count)
            }
            return finished == 1 && written == length ? output : nil
        }
        guard let output else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        return output
    }
}

extension HMACDigest {
    /// The MAC of `header` then `body`.
    public func mac(_ header: [UInt8], _ body: ArraySlice<UInt8>) throws(CryptoError) -> [UInt8] {
        let result: Result<[UInt8], CryptoError> = header.withUnsafeBytes { header in
            body.withUnsafeBytes { body in
                do throws(CryptoError) { return .success(try mac([header, body])) } catch { return .failure(error) }
            }
        }
        return try result.get()
    }
}

/// The context an HMAC owns; freed with it.
private final class MACHandle: @unchecked Sendable {
    // Only used under the owner's mutex.
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { EVP_MAC_CTX_free(handle) }
}
