/// Why TLS bytes that were present could not be decoded.
public enum TLSMalformation: Sendable, Hashable, CustomStringConvertible {
    /// A record content type outside 20–24: not a TLS stream, or lost synchronisation.
    case unknownContentType(UInt8)
    /// A record version whose major byte is not 3.
    case recordVersion(UInt16)
    /// A record longer than 2^14 + 2048 bytes (RFC 5246 §6.2.3).
    case recordTooLong(Int)
    /// A zero-length handshake, alert or change_cipher_spec record (RFC 8446 §5.1 forbids them).
    case emptyRecord(TLSContentType)
    /// A handshake message longer than the reassembler's limit.
    case handshakeTooLong(length: Int, limit: Int)
    /// A record of another type arrived while a handshake message was incomplete (RFC 8446 §5.1).
    case interleavedRecord(TLSContentType)
    /// A plaintext alert that is not exactly two bytes.
    case alertLength(Int)
    /// A change_cipher_spec record that is not the single byte 1.
    case changeCipherSpecValue
    /// Bytes left over after a structure that should have filled its container.
    case trailingBytes(Int)
    /// A vector whose length is not a multiple of its element size.
    case vectorLength(Int, elementSize: Int)
    /// A vector that must not be empty was empty.
    case emptyVector

    /// A human-readable reason.
    public var description: String {
        switch self {
        case .unknownContentType(let type): "unknown content type \(type)"
        case .recordVersion(let version): "record version \(TLSNameTable.hex(version)) is not 3.x"
        case .recordTooLong(let length): "record length \(length) exceeds 18432"
        case .emptyRecord(let type): "empty \(type) record"
        case .handshakeTooLong(let length, let limit): "handshake length \(length) exceeds the limit \(limit)"
        case .interleavedRecord(let type): "\(type) record inside a fragmented handshake message"
        case .alertLength(let length): "alert of \(length) bytes, expected 2"
        case .changeCipherSpecValue: "change_cipher_spec is not the single byte 1"
        case .trailingBytes(let count): "\(count) trailing bytes"
        case .vectorLength(let length, let size): "vector length \(length) is not a multiple of \(size)"
        case .emptyVector: "empty vector where at least one element is required"
        }
    }
}
