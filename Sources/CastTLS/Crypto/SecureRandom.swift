internal import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's DRBG.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        precondition(count >= 0, "negative byte count")
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        OpenSSLErrorStack.clear()
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            // SAFETY: buffer holds exactly `count` writable bytes.
            RAND_bytes(buffer.baseAddress, Int32(clamping: buffer.count))
        }
        guard status == 1 else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        return bytes
    }
}
