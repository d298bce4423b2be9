/// Something the stream parser saw in one direction of a TLS connection.
public enum TLSEvent: Sendable, Hashable {
    /// A complete plaintext handshake message and its decoded body.
    case handshake(TLSHandshakeMessage, TLSHandshakeBody)
    /// A change_cipher_spec record (TLS 1.2: encryption starts; TLS 1.3: middlebox compatibility).
    case changeCipherSpec(offset: Int)
    /// A plaintext alert.
    case alert(TLSAlert)
    /// An application_data record, opaque (TLS 1.3 encrypts the rest of the handshake into these too).
    case applicationData(offset: Int, length: Int)
    /// A handshake or alert record sent after a TLS ≤ 1.2 change_cipher_spec (encrypted), or any heartbeat record;
    /// opaque either way.
    case encryptedRecord(TLSContentType, offset: Int, length: Int)
}
