/// The TLS record content types (RFC 8446 §5.1, RFC 6520 heartbeat).
public enum TLSContentType: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// change_cipher_spec (20).
    case changeCipherSpec = 20
    /// alert (21).
    case alert = 21
    /// handshake (22).
    case handshake = 22
    /// application_data (23); also every encrypted TLS 1.3 record.
    case applicationData = 23
    /// heartbeat (24).
    case heartbeat = 24

    /// The RFC name ("handshake").
    public var description: String {
        switch self {
        case .changeCipherSpec: "change_cipher_spec"
        case .alert: "alert"
        case .handshake: "handshake"
        case .applicationData: "application_data"
        case .heartbeat: "heartbeat"
        }
    }
}
