internal import COpenSSL

/// A TLS failure: what went wrong, during which operation, any alert involved, and OpenSSL's drained error queue.
public struct TLSError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: Sendable, Hashable {
        /// The context could not be set up (bad certificate or key, cipher list, version range).
        case configuration
        /// The peer sent a fatal alert (see `alert`).
        case alertReceived
        /// We rejected the peer and sent it a fatal alert (see `alert`).
        case alertSent
        /// The two sides share no protocol version (e.g. client max 1.2 against server min 1.3).
        case protocolVersionMismatch
        /// The bytes fed in are not TLS records or failed to decrypt (garbage, truncation inside a record, tampering).
        case malformedRecord
        /// The handshake failed for another reason (see `openSSLErrors`).
        case handshakeFailed
        /// The peer broke the TLS protocol after the handshake (see `openSSLErrors`).
        case protocolViolation
        /// The call is not valid in the connection's state (e.g. writing before the handshake completed).
        case invalidState
        /// OpenSSL failed internally (allocation, unexpected result).
        case internalError
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The operation that failed: "handshake", "read", "write", "shutdown", "context", …
    public var operation: String
    /// The alert received or sent, when the failure involves one.
    public var alert: TLSAlert?
    /// OpenSSL's error queue at the failure, oldest first.
    public var openSSLErrors: [OpenSSLError]

    /// Builds an error; `openSSLErrors` should be drained right at the failing call.
    public init(kind: Kind, operation: String, alert: TLSAlert? = nil, openSSLErrors: [OpenSSLError] = []) {
        self.kind = kind
        self.operation = operation
        self.alert = alert
        self.openSSLErrors = openSSLErrors
    }

    /// One line a person can act on.
    public var description: String {
        var text = "TLS \(operation) failed: "
        switch kind {
        case .configuration: text += "invalid TLS configuration"
        case .alertReceived: text += "peer sent alert \(alert?.name ?? "unknown")"
        case .alertSent: text += "rejected the peer with alert \(alert?.name ?? "unknown")"
        case .protocolVersionMismatch:
            text += "no common TLS version (check the minimum/maximum versions on both sides)"
        case .malformedRecord: text += "received bytes that are not valid TLS records"
        case .handshakeFailed: text += "handshake failed"
        case .protocolViolation: text += "peer violated the TLS protocol"
        case .invalidState: text += "operation not valid in the connection's current state"
        case .internalError: text += "OpenSSL internal error"
        }
        if !openSSLErrors.isEmpty {
            text += " [" + openSSLErrors.map(\.description).joined(separator: "; ") + "]"
        }
        return text
    }

    /// Classifies a failed SSL call from its drained errors and the alerts the info callback saw.
    static func classify(
        operation: String, errors: [OpenSSLError], receivedAlert: TLSAlert?, sentAlert: TLSAlert?
    ) -> TLSError {
        let sslErrors = errors.filter { $0.libraryCode == ERR_LIB_SSL }
        let reasons = Set(sslErrors.map(\.reasonCode))
        // OpenSSL reports a received alert as reason SSL_AD_REASON_OFFSET + description.
        let alertFromQueue = sslErrors.lazy.map(\.reasonCode).first { $0 >= SSL_AD_REASON_OFFSET && $0 < SSL_AD_REASON_OFFSET + 256 }
            .map { TLSAlert(code: UInt8(truncatingIfNeeded: $0 - SSL_AD_REASON_OFFSET)) }
        let received = receivedAlert ?? alertFromQueue
        let versionReasons: Set<Int32> = [SSL_R_UNSUPPORTED_PROTOCOL, SSL_R_NO_PROTOCOLS_AVAILABLE, SSL_R_TLSV1_ALERT_PROTOCOL_VERSION]
        let recordReasons: Set<Int32> = [
            SSL_R_WRONG_VERSION_NUMBER, SSL_R_PACKET_LENGTH_TOO_LONG, SSL_R_RECORD_LENGTH_MISMATCH,
            SSL_R_DECRYPTION_FAILED_OR_BAD_RECORD_MAC, SSL_R_BAD_RECORD_TYPE, SSL_R_UNEXPECTED_RECORD,
            SSL_R_ENCRYPTED_LENGTH_TOO_LONG, SSL_R_HTTP_REQUEST, SSL_R_HTTPS_PROXY_REQUEST, SSL_R_LENGTH_MISMATCH,
            SSL_R_BAD_PACKET_LENGTH, SSL_R_BAD_LENGTH, SSL_R_UNEXPECTED_MESSAGE, SSL_R_DATA_LENGTH_TOO_LONG,
        ]
        if let received, received != .closeNotify {
            let kind: Kind = received == .protocolVersion ? .protocolVersionMismatch : .alertReceived
            return TLSError(kind: kind, operation: operation, alert: received, openSSLErrors: errors)
        }
        if !reasons.isDisjoint(with: versionReasons) {
            return TLSError(kind: .protocolVersionMismatch, operation: operation, alert: sentAlert, openSSLErrors: errors)
        }
        if !reasons.isDisjoint(with: recordReasons) {
            return TLSError(kind: .malformedRecord, operation: operation, alert: sentAlert, openSSLErrors: errors)
        }
        if let sentAlert {
            return TLSError(kind: .alertSent, operation: operation, alert: sentAlert, openSSLErrors: errors)
        }
        let kind: Kind
        if operation == "handshake" {
            kind = .handshakeFailed
        } else {
            kind = sslErrors.isEmpty ? .internalError : .protocolViolation
        }
        return TLSError(kind: kind, operation: operation, openSSLErrors: errors)
    }
}
