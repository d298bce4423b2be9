/// `cast.channel.SignatureAlgorithm` (cast_channel.proto); unknown wire values are kept, not dropped.
public struct CastSignatureAlgorithm: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The protobuf enum value.
    public var rawValue: Int32
    /// Wraps a wire value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// UNSPECIFIED (0): treated as the default, RSASSA-PKCS1-v1_5.
    public static let unspecified = CastSignatureAlgorithm(rawValue: 0)
    /// RSASSA_PKCS1v15 (1), the default.
    public static let rsassaPKCS1v15 = CastSignatureAlgorithm(rawValue: 1)
    /// RSASSA_PSS (2), salt length equal to the digest length.
    public static let rsassaPSS = CastSignatureAlgorithm(rawValue: 2)

    /// The proto name, or "SignatureAlgorithm(n)".
    public var description: String {
        switch rawValue {
        case 0: "UNSPECIFIED"
        case 1: "RSASSA_PKCS1v15"
        case 2: "RSASSA_PSS"
        default: "SignatureAlgorithm(\(rawValue))"
        }
    }
}

/// `cast.channel.HashAlgorithm` (cast_channel.proto); unknown wire values are kept, not dropped.
public struct CastHashAlgorithm: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The protobuf enum value.
    public var rawValue: Int32
    /// Wraps a wire value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// SHA1 (0), the proto default; legacy receivers.
    public static let sha1 = CastHashAlgorithm(rawValue: 0)
    /// SHA256 (1), what senders ask for.
    public static let sha256 = CastHashAlgorithm(rawValue: 1)

    /// The proto name, or "HashAlgorithm(n)".
    public var description: String {
        switch rawValue {
        case 0: "SHA1"
        case 1: "SHA256"
        default: "HashAlgorithm(\(rawValue))"
        }
    }

    /// The hash function, or nil for values castscope does not know.
    public var hashFunction: HashFunction? {
        switch rawValue {
        case 0: .sha1
        case 1: .sha256
        default: nil
        }
    }
}

/// `cast.channel.AuthError.ErrorType`, what a device reports instead of a response.
public struct CastAuthErrorType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The protobuf enum value.
    public var rawValue: Int32
    /// Wraps a wire value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// INTERNAL_ERROR (0).
    public static let internalError = CastAuthErrorType(rawValue: 0)
    /// NO_TLS (1): the device saw no TLS session.
    public static let noTLS = CastAuthErrorType(rawValue: 1)
    /// SIGNATURE_ALGORITHM_UNAVAILABLE (2): the device cannot sign with what was asked.
    public static let signatureAlgorithmUnavailable = CastAuthErrorType(rawValue: 2)

    /// The proto name, or "ErrorType(n)".
    public var description: String {
        switch rawValue {
        case 0: "INTERNAL_ERROR"
        case 1: "NO_TLS"
        case 2: "SIGNATURE_ALGORITHM_UNAVAILABLE"
        default: "ErrorType(\(rawValue))"
        }
    }
}
