/// A handshake message decoded by type; types castscope does not decode stay `.other`.
public enum TLSHandshakeBody: Sendable, Hashable {
    /// client_hello.
    case clientHello(TLSClientHello)
    /// server_hello.
    case serverHello(TLSServerHello)
    /// server_hello carrying the HelloRetryRequest random.
    case helloRetryRequest(TLSServerHello)
    /// certificate.
    case certificate(TLSCertificateMessage)
    /// Any other message type (the bytes are in `TLSHandshakeMessage.body`).
    case other

    /// Decodes `message`; `isTLS13` selects the Certificate layout.
    public static func decode(_ message: TLSHandshakeMessage, isTLS13: Bool) throws(TLSParseError) -> TLSHandshakeBody {
        switch message.type {
        case .clientHello:
            return .clientHello(try TLSClientHello(message))
        case .serverHello:
            let hello = try TLSServerHello(message)
            return hello.isHelloRetryRequest ? .helloRetryRequest(hello) : .serverHello(hello)
        case .certificate:
            return .certificate(try TLSCertificateMessage(message, isTLS13: isTLS13))
        default:
            return .other
        }
    }
}
