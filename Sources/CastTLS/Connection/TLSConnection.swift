internal import COpenSSL
internal import CCastShims

/// The ex_data slot where an SSL keeps an unretained pointer back to its `TLSConnection` (for the info callback).
private let connectionExDataIndex: Int32 = CCastShims_SSL_get_ex_new_index()

/// One TLS session over memory BIOs: ciphertext in and out as bytes, so the same code runs on sockets and in memory.
///
/// Drive it like this: `feed(ciphertext:)` what arrives from the peer, call `handshake()` / `read()` / `write(_:)`,
/// then send whatever `takeCiphertext()` returns. `.incomplete` always means "send pending ciphertext, wait for
/// more from the peer, feed it, call again". Owns its `SSL` (and through it both BIOs); not thread-safe — use it
/// from one thread or executor at a time.
public final class TLSConnection {
    let handle: OpaquePointer
    /// Where the peer's ciphertext goes in (owned by the SSL).
    private let inbound: OpaquePointer
    /// Where ciphertext for the peer comes out (owned by the SSL).
    private let outbound: OpaquePointer
    /// The context this connection was made from; held so the SSL_CTX callbacks' back-pointer stays valid.
    public let context: TLSContext
    /// The last alert the peer sent (close_notify included), seen by the info callback.
    public private(set) var lastAlertReceived: TLSAlert?
    /// The last alert we sent.
    public private(set) var lastAlertSent: TLSAlert?
    /// The first fatal error; later calls fail with it again instead of touching OpenSSL.
    private var fatalFailure: TLSError?

    /// Makes a connection in `context`'s role; `serverName` sets SNI (Cast senders normally send none).
    public init(context: TLSContext, serverName: String? = nil) throws(TLSError) {
        self.context = context
        OpenSSLErrorStack.clear()
        guard let ssl = SSL_new(context.handle) else {
            throw TLSError(kind: .internalError, operation: "connection", openSSLErrors: OpenSSLErrorStack.drain())
        }
        guard let readBIO = BIO_new(BIO_s_mem()) else {
            let errors = OpenSSLErrorStack.drain()
            SSL_free(ssl)
            throw TLSError(kind: .internalError, operation: "connection", openSSLErrors: errors)
        }
        guard let writeBIO = BIO_new(BIO_s_mem()) else {
            let errors = OpenSSLErrorStack.drain()
            BIO_free(readBIO)
            SSL_free(ssl)
            throw TLSError(kind: .internalError, operation: "connection", openSSLErrors: errors)
        }
        // An empty inbound BIO must read as "retry later", not as end of stream.
        _ = CCastShims_BIO_set_mem_eof_return(readBIO, -1)
        _ = CCastShims_BIO_set_mem_eof_return(writeBIO, -1)
        SSL_set_bio(ssl, readBIO, writeBIO)  // the SSL now owns both BIOs
        handle = ssl
        inbound = readBIO
        outbound = writeBIO
        // From here on deinit frees the SSL whichever way init leaves.
        // SAFETY: unretained; the SSL is freed in deinit, so the info callback never outlives this object.
        SSL_set_ex_data(ssl, connectionExDataIndex, Unmanaged.passUnretained(self).toOpaque())
        SSL_set_info_callback(ssl, recordAlert)
        if context.configuration.role == .client {
            if let serverName, CCastShims_SSL_set_tlsext_host_name(ssl, serverName) != 1 {
                throw TLSError(kind: .configuration, operation: "SNI", openSSLErrors: OpenSSLErrorStack.drain())
            }
            SSL_set_connect_state(ssl)
        } else {
            SSL_set_accept_state(ssl)
        }
    }

    deinit { SSL_free(handle) }

    // MARK: Ciphertext

    /// Hands bytes received from the peer to TLS; nothing is decrypted until the next handshake/read call.
    public func feed(ciphertext: [UInt8]) {
        var offset = 0
        while offset < ciphertext.count {
            let chunk = min(ciphertext.count - offset, Int(Int32.max))
            let written = ciphertext.withUnsafeBytes { buffer in
                // SAFETY: offset + chunk ≤ count, so the range lies inside `buffer`; the memory BIO copies it.
                BIO_write(inbound, buffer.baseAddress.map { $0 + offset }, Int32(chunk))
            }
            // A memory BIO write fails only when out of memory; OpenSSL reports that at the next SSL call.
            guard written > 0 else { return }
            offset += Int(written)
        }
    }

    /// Bytes waiting to be sent to the peer.
    public var pendingCiphertextCount: Int { Int(CCastShims_BIO_pending(outbound)) }

    /// Removes and returns everything waiting to be sent to the peer.
    public func takeCiphertext() -> [UInt8] {
        let count = pendingCiphertextCount
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { buffer in
            // SAFETY: `buffer` holds `count` bytes, exactly what BIO_pending reported.
            BIO_read(outbound, buffer.baseAddress, Int32(clamping: buffer.count))
        }
        return read > 0 ? Array(bytes.prefix(Int(read))) : []
    }

    // MARK: Operations

    /// Advances the handshake as far as the fed ciphertext allows.
    public func handshake() -> TLSStep<Void> {
        if let fatalFailure { return .failed(fatalFailure) }
        if SSL_is_init_finished(handle) == 1 { return .complete(()) }
        OpenSSLErrorStack.clear()
        let result = SSL_do_handshake(handle)
        let code = SSL_get_error(handle, result)  // read right at the call, before anything touches the queue
        if result == 1 { return .complete(()) }
        return failure(code: code, operation: "handshake")
    }

    /// Encrypts `plaintext` into pending ciphertext; valid once the handshake is complete.
    public func write(_ plaintext: [UInt8]) -> TLSStep<Void> {
        if let fatalFailure { return .failed(fatalFailure) }
        guard SSL_is_init_finished(handle) == 1 else {
            return .failed(TLSError(kind: .invalidState, operation: "write before the handshake completed"))
        }
        guard !plaintext.isEmpty else { return .complete(()) }
        OpenSSLErrorStack.clear()
        var written = 0
        let result = plaintext.withUnsafeBytes { buffer in
            // SAFETY: the buffer is non-empty (checked above) and SSL_write_ex reads at most `count` bytes.
            SSL_write_ex(handle, buffer.baseAddress, buffer.count, &written)
        }
        let code = SSL_get_error(handle, result)
        if result == 1 { return .complete(()) }
        return failure(code: code, operation: "write")
    }

    /// Decrypts whatever the fed ciphertext holds; `.incomplete` when no application data is available yet.
    /// Data decrypted before a failing record is returned first; the failure comes with the next call.
    public func read() -> TLSStep<TLSReadResult> {
        if let fatalFailure { return .failed(fatalFailure) }
        var plaintext: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            OpenSSLErrorStack.clear()
            var count = 0
            let result = buffer.withUnsafeMutableBytes { raw in
                // SAFETY: `raw` holds 16 KiB; SSL_read_ex writes at most `raw.count` bytes.
                SSL_read_ex(handle, raw.baseAddress, raw.count, &count)
            }
            let code = SSL_get_error(handle, result)
            if result == 1 {
                plaintext += buffer.prefix(count)
                continue
            }
            switch code {
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
                return plaintext.isEmpty ? .incomplete : .complete(.data(plaintext))
            case SSL_ERROR_ZERO_RETURN:
                // Data before close_notify is returned first; the next read reports the close.
                return plaintext.isEmpty ? .complete(.closed) : .complete(.data(plaintext))
            default:
                let step: TLSStep<TLSReadResult> = failure(code: code, operation: "read")
                // Plaintext from records before the bad one was authenticated: hand it over now; `failure`
                // remembered a fatal error, so the next call reports it.
                if !plaintext.isEmpty { return .complete(.data(plaintext)) }
                return step
            }
        }
    }

    /// Sends close_notify; `.complete` once the peer's close_notify has been read too, `.incomplete` before that.
    /// Before the handshake has completed there is no session to close: `.failed` with `.invalidState`.
    public func shutdown() -> TLSStep<Void> {
        if let fatalFailure { return .failed(fatalFailure) }
        // OpenSSL refuses SSL_shutdown mid-handshake with an error that would read as a protocol violation.
        guard SSL_is_init_finished(handle) == 1 else {
            return .failed(TLSError(kind: .invalidState, operation: "shutdown before the handshake completed"))
        }
        OpenSSLErrorStack.clear()
        let result = SSL_shutdown(handle)
        let code = SSL_get_error(handle, result)
        if result == 1 { return .complete(()) }
        if result == 0 { return .incomplete }  // ours sent, theirs not yet read
        return failure(code: code, operation: "shutdown")
    }

    /// Maps an SSL_get_error code to a step; fatal errors are remembered.
    private func failure<Value>(code: Int32, operation: String) -> TLSStep<Value> {
        switch code {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
            return .incomplete
        case SSL_ERROR_ZERO_RETURN:
            let error = TLSError(
                kind: .alertReceived, operation: operation, alert: .closeNotify, openSSLErrors: OpenSSLErrorStack.drain())
            return .failed(error)
        default:
            let error = TLSError.classify(
                operation: operation, errors: OpenSSLErrorStack.drain(), receivedAlert: fatalAlertReceived,
                sentAlert: fatalAlertSent)
            fatalFailure = error
            return .failed(error)
        }
    }

    private var fatalAlertReceived: TLSAlert? { lastAlertReceived == .closeNotify ? nil : lastAlertReceived }
    private var fatalAlertSent: TLSAlert? { lastAlertSent == .closeNotify ? nil : lastAlertSent }

    fileprivate func noteAlert(_ alert: TLSAlert, written: Bool) {
        if written { lastAlertSent = alert } else { lastAlertReceived = alert }
    }

    fileprivate static func owner(of ssl: OpaquePointer?) -> TLSConnection? {
        guard let ssl, let pointer = SSL_get_ex_data(ssl, connectionExDataIndex) else { return nil }
        // SAFETY: set in init to this unretained object, which frees the SSL (and so stops callbacks) in deinit.
        return Unmanaged<TLSConnection>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// SSL info callback: remembers alerts in both directions (OpenSSL reports `(level << 8) | description`).
private func recordAlert(_ ssl: OpaquePointer?, _ where: Int32, _ value: Int32) {
    guard `where` & SSL_CB_ALERT != 0, let connection = TLSConnection.owner(of: ssl) else { return }
    connection.noteAlert(TLSAlert(code: UInt8(truncatingIfNeeded: value & 0xff)), written: `where` & SSL_CB_WRITE != 0)
}
