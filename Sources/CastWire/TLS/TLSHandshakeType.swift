/// A TLS handshake message type code point (RFC 8446 §4, RFC 5246 §7.4).
public struct TLSHandshakeType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The message type byte.
    public let rawValue: UInt8

    /// A type from its code point.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// hello_request (TLS ≤ 1.2).
    public static let helloRequest = TLSHandshakeType(rawValue: 0)
    /// client_hello.
    public static let clientHello = TLSHandshakeType(rawValue: 1)
    /// server_hello (also HelloRetryRequest in TLS 1.3).
    public static let serverHello = TLSHandshakeType(rawValue: 2)
    /// new_session_ticket.
    public static let newSessionTicket = TLSHandshakeType(rawValue: 4)
    /// encrypted_extensions (TLS 1.3).
    public static let encryptedExtensions = TLSHandshakeType(rawValue: 8)
    /// certificate.
    public static let certificate = TLSHandshakeType(rawValue: 11)
    /// server_key_exchange (TLS ≤ 1.2).
    public static let serverKeyExchange = TLSHandshakeType(rawValue: 12)
    /// certificate_request.
    public static let certificateRequest = TLSHandshakeType(rawValue: 13)
    /// server_hello_done (TLS ≤ 1.2).
    public static let serverHelloDone = TLSHandshakeType(rawValue: 14)
    /// certificate_verify.
    public static let certificateVerify = TLSHandshakeType(rawValue: 15)
    /// client_key_exchange (TLS ≤ 1.2).
    public static let clientKeyExchange = TLSHandshakeType(rawValue: 16)
    /// finished.
    public static let finished = TLSHandshakeType(rawValue: 20)

    private static let names: [UInt8: String] = [
        0: "hello_request", 1: "client_hello", 2: "server_hello", 3: "hello_verify_request", 4: "new_session_ticket",
        5: "end_of_early_data", 8: "encrypted_extensions", 11: "certificate", 12: "server_key_exchange",
        13: "certificate_request", 14: "server_hello_done", 15: "certificate_verify", 16: "client_key_exchange",
        20: "finished", 22: "certificate_status", 24: "key_update", 25: "compressed_certificate", 254: "message_hash",
    ]

    /// The RFC name, or "unknown(N)".
    public var description: String { Self.names[rawValue] ?? "unknown(\(rawValue))" }
}
