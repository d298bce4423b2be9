/// The part of a TLS stream a parse error is about.
public enum TLSParseContext: Sendable, Hashable, CustomStringConvertible {
    /// A record header or fragment.
    case record
    /// A handshake message header or its reassembly.
    case handshake
    /// A ClientHello body.
    case clientHello
    /// A ServerHello (or HelloRetryRequest) body.
    case serverHello
    /// A Certificate message body.
    case certificate
    /// An alert record.
    case alert
    /// A change_cipher_spec record.
    case changeCipherSpec
    /// One extension's data.
    case `extension`(TLSExtensionType)

    /// "TLS record", "ClientHello", "extension key_share".
    public var description: String {
        switch self {
        case .record: "TLS record"
        case .handshake: "TLS handshake message"
        case .clientHello: "ClientHello"
        case .serverHello: "ServerHello"
        case .certificate: "Certificate"
        case .alert: "TLS alert"
        case .changeCipherSpec: "ChangeCipherSpec"
        case .extension(let type): "extension \(type)"
        }
    }
}
