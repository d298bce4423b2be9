/// `AuthError`: a receiver's refusal to authenticate (protocol.md §2.3).
public struct AuthError: Sendable, Hashable {
    /// `AuthError.ErrorType`; unnamed values are kept.
    public enum ErrorType: Sendable, Hashable, CustomStringConvertible {
        /// INTERNAL_ERROR = 0.
        case internalError
        /// NO_TLS = 1.
        case noTLS
        /// SIGNATURE_ALGORITHM_UNAVAILABLE = 2.
        case signatureAlgorithmUnavailable
        /// Any other value, as received.
        case unknown(Int32)

        /// The value for a wire number.
        public init(rawValue: Int32) {
            switch rawValue {
            case 0: self = .internalError
            case 1: self = .noTLS
            case 2: self = .signatureAlgorithmUnavailable
            default: self = .unknown(rawValue)
            }
        }

        /// The wire number.
        public var rawValue: Int32 {
            switch self {
            case .internalError: 0
            case .noTLS: 1
            case .signatureAlgorithmUnavailable: 2
            case let .unknown(value): value
            }
        }

        /// The .proto name, or the number for unknown values.
        public var description: String {
            switch self {
            case .internalError: "INTERNAL_ERROR"
            case .noTLS: "NO_TLS"
            case .signatureAlgorithmUnavailable: "SIGNATURE_ALGORITHM_UNAVAILABLE"
            case let .unknown(value): String(value)
            }
        }
    }

    /// Field 1, required.
    public var errorType: ErrorType
    /// Fields this schema does not know, kept verbatim.
    public var unknownFields: ProtoUnknownFields

    /// An error of `errorType`.
    public init(errorType: ErrorType, unknownFields: ProtoUnknownFields = ProtoUnknownFields()) {
        self.errorType = errorType
        self.unknownFields = unknownFields
    }

    /// Decodes the unread bytes of `body`; `error_type` is required.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var reader = ProtoReader(body)
        var errorType: ErrorType?
        var unknown = ProtoUnknownFields()
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                if tag.fieldNumber == 1 {
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    errorType = ErrorType(rawValue: Int32(truncatingIfNeeded: try reader.readVarint()))
                } else {
                    try reader.preserveUnknown(tag, tagOffset: tagOffset, into: &unknown)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
        guard let errorType else {
            throw ProtobufError(.malformed(.missingRequiredField("error_type")), offset: body.position, fieldNumber: 1)
        }
        self.init(errorType: errorType, unknownFields: unknown)
    }

    /// Appends the encoding.
    public func encode(into writer: inout ProtoWriter) {
        writer.writeInt32Field(1, errorType.rawValue)
        writer.writeUnknown(unknownFields)
    }
}
