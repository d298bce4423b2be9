internal import COpenSSL

/// A hash function the TLS key schedules and device authentication use.
public enum HashFunction: Sendable, Hashable, CustomStringConvertible {
    /// SHA-1 (device auth only, legacy receivers).
    case sha1
    /// SHA-256.
    case sha256
    /// SHA-384.
    case sha384

    /// Output length in bytes.
    public var digestLength: Int {
        switch self {
        case .sha1: 20
        case .sha256: 32
        case .sha384: 48
        }
    }

    /// "SHA1", "SHA256", "SHA384": the names OpenSSL's providers accept.
    public var description: String {
        switch self {
        case .sha1: "SHA1"
        case .sha256: "SHA256"
        case .sha384: "SHA384"
        }
    }

    /// The static EVP_MD for this hash (never freed).
    var evp: OpaquePointer? {
        switch self {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        }
    }
}

/// One-shot digests.
public enum Digest {
    /// The hash of `bytes` (OpenSSL's one-shot EVP_Digest).
    public static func hash(_ function: HashFunction, _ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: function.digestLength)
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                // SAFETY: `out` holds digestLength bytes, the exact size this EVP_MD writes.
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, function.evp, nil)
            }
        }
        // A digest of memory with a built-in algorithm cannot fail short of allocation failure.
        precondition(status == 1 && Int(length) == function.digestLength, "EVP_Digest failed")
        return output
    }
}
