import CastWire

/// What the TLS layer of one connection reports to the inspector.
public enum TLSConnectionEvent: Sendable {
    /// The ServerHello fixed the session parameters; `decryptable` tells whether the key log has its secrets.
    case negotiated(TLSSessionInfo)
    /// The server's certificate chain (DER), from a plaintext (1.2) or decrypted (1.3) Certificate message.
    case certificates([[UInt8]], direction: FlowDirection)
    /// An alert, plaintext or decrypted.
    case alert(TLSAlertInfo, direction: FlowDirection)
    /// Decrypted (or plaintext) application bytes.
    case applicationData([UInt8], direction: FlowDirection)
    /// A record whose authentication tag did not verify (stream offset of its header).
    case decryptionFailed(direction: FlowDirection, offset: Int)
    /// A record that could not be decrypted because there were no keys.
    case undecrypted(direction: FlowDirection, length: Int)
    /// A TLS parse fault; the direction stops being decoded until it resynchronises.
    case parseError(String, direction: FlowDirection)
    /// KeyUpdate handled.
    case keyUpdate(direction: FlowDirection)
}

/// A TLS alert as the inspector reports it.
public struct TLSAlertInfo: Sendable, Hashable {
    /// "warning" or "fatal".
    public var level: String
    /// The description name ("handshake_failure").
    public var name: String
    /// True when it was sent encrypted and decrypted here.
    public var wasEncrypted: Bool
}

/// The negotiated parameters of one TLS session.
public struct TLSSessionInfo: Sendable, Hashable {
    /// Negotiated version ("TLS 1.3").
    public var version: String
    /// Cipher suite name.
    public var cipher: String
    /// ClientHello random.
    public var clientRandom: [UInt8]
    /// ServerHello random.
    public var serverRandom: [UInt8]
    /// SNI, if the client sent one.
    public var serverName: String?
    /// True when the key log holds this session's secrets and the suite is supported.
    public var decryptable: Bool
    /// Why it is not decryptable, if it is not.
    public var reason: String?
}
