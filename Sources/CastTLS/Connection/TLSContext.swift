internal import COpenSSL
internal import CCastShims

/// The ex_data slot where an SSL_CTX keeps an unretained pointer back to its `TLSContext` (for C callbacks).
private let contextExDataIndex: Int32 = CCastShims_SSL_CTX_get_ex_new_index()

/// A configured TLS endpoint; owns one `SSL_CTX` and makes `TLSConnection`s from it.
public final class TLSContext: @unchecked Sendable {
    // @unchecked Sendable: the SSL_CTX is fully configured in init and only read afterwards (SSL_new and the
    // callbacks), which OpenSSL allows from any thread; the Swift properties are immutable.
    let handle: OpaquePointer
    /// The configuration this context was built from.
    public let configuration: TLSConfiguration
    /// ALPN names in wire order, kept for the server's selection callback.
    private let alpnProtocols: [[UInt8]]

    /// Builds the context; throws `.configuration` when OpenSSL refuses any setting.
    public init(configuration: TLSConfiguration) throws(TLSError) {
        self.configuration = configuration
        alpnProtocols = configuration.applicationProtocols.map { Array($0.utf8) }
        guard configuration.minimumVersion <= configuration.maximumVersion else {
            throw TLSError(kind: .configuration, operation: "context: minimum version above maximum")
        }
        guard alpnProtocols.allSatisfy({ !$0.isEmpty && $0.count <= 255 }) else {
            throw TLSError(kind: .configuration, operation: "context: ALPN names must be 1…255 bytes")
        }
        OpenSSLErrorStack.clear()
        let method = configuration.role == .client ? TLS_client_method() : TLS_server_method()
        guard let context = SSL_CTX_new(method) else {
            throw TLSError(kind: .internalError, operation: "context", openSSLErrors: OpenSSLErrorStack.drain())
        }
        handle = context
        // From here on deinit frees the SSL_CTX whichever way init leaves.
        try configure()
    }

    deinit { SSL_CTX_free(handle) }

    private func fail(_ what: String) -> TLSError {
        TLSError(kind: .configuration, operation: "context: \(what)", openSSLErrors: OpenSSLErrorStack.drain())
    }

    private func configure() throws(TLSError) {
        guard CCastShims_SSL_CTX_set_min_proto_version(handle, configuration.minimumVersion.openSSLValue) == 1,
            CCastShims_SSL_CTX_set_max_proto_version(handle, configuration.maximumVersion.openSSLValue) == 1
        else { throw fail("version range") }
        if let list = configuration.cipherList, SSL_CTX_set_cipher_list(handle, list) != 1 {
            throw fail("cipher list \(list)")
        }
        if let suites = configuration.cipherSuites, SSL_CTX_set_ciphersuites(handle, suites) != 1 {
            throw fail("TLS 1.3 cipher suites \(suites)")
        }
        // SAFETY: the pointer is unretained; every SSL made from this SSL_CTX belongs to a TLSConnection that holds
        // this TLSContext strongly, so the object outlives every callback that reads the slot.
        guard SSL_CTX_set_ex_data(handle, contextExDataIndex, Unmanaged.passUnretained(self).toOpaque()) == 1 else {
            throw fail("ex_data")
        }
        switch configuration.role {
        case .client:
            // Cast devices present self-signed certificates; authenticity comes from device auth (§2.5).
            SSL_CTX_set_verify(handle, SSL_VERIFY_NONE, nil)
            if !alpnProtocols.isEmpty {
                let wire = alpnProtocols.flatMap { [UInt8($0.count)] + $0 }
                // SSL_CTX_set_alpn_protos returns 0 on success.
                guard SSL_CTX_set_alpn_protos(handle, wire, UInt32(wire.count)) == 0 else { throw fail("ALPN") }
            }
        case .server:
            guard let certificate = configuration.certificate else {
                throw TLSError(kind: .configuration, operation: "context: a server needs a certificate")
            }
            guard SSL_CTX_use_certificate(handle, certificate.certificate.handle) == 1,
                SSL_CTX_use_PrivateKey(handle, certificate.privateKey.handle) == 1,
                SSL_CTX_check_private_key(handle) == 1
            else { throw fail("certificate and key") }
            if !alpnProtocols.isEmpty { SSL_CTX_set_alpn_select_cb(handle, selectALPN, nil) }
            if configuration.rejectHandshakesWithAlert != nil { SSL_CTX_set_client_hello_cb(handle, rejectClientHello, nil) }
        }
        if configuration.keyLog != nil { SSL_CTX_set_keylog_callback(handle, writeKeyLogLine) }
    }

    /// The context that owns `ssl`'s SSL_CTX, for C callbacks.
    static func owner(of ssl: OpaquePointer?) -> TLSContext? {
        guard let ssl, let context = SSL_get_SSL_CTX(ssl),
            let pointer = SSL_CTX_get_ex_data(context, contextExDataIndex)
        else { return nil }
        // SAFETY: set in configure() to an unretained TLSContext that outlives its SSLs (see there).
        return Unmanaged<TLSContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Server-side ALPN choice: our first preference the client also offered; no ALPN if none matches.
    fileprivate func chooseALPN(clientList: UnsafeBufferPointer<UInt8>) -> (offset: Int, length: Int)? {
        for wanted in alpnProtocols {
            var index = 0
            while index < clientList.count {
                let length = Int(clientList[index])
                let start = index + 1
                guard start + length <= clientList.count else { return nil }  // malformed list: no ALPN
                if length == wanted.count, Array(clientList[start..<start + length]) == wanted {
                    return (start, length)
                }
                index = start + length
            }
        }
        return nil
    }
}

/// SSL_CTX keylog callback: forwards OpenSSL's formatted NSS line to the context's sink.
private func writeKeyLogLine(_ ssl: OpaquePointer?, _ line: UnsafePointer<CChar>?) {
    guard let line, let owner = TLSContext.owner(of: ssl) else { return }
    owner.configuration.keyLog?.writeKeyLogLine(String(cString: line))
}

/// SSL_CTX ClientHello callback installed only for `rejectHandshakesWithAlert`: fails the handshake with that alert.
private func rejectClientHello(
    _ ssl: OpaquePointer?, _ alert: UnsafeMutablePointer<Int32>?, _ argument: UnsafeMutableRawPointer?
) -> Int32 {
    guard let owner = TLSContext.owner(of: ssl), let reject = owner.configuration.rejectHandshakesWithAlert else {
        return SSL_CLIENT_HELLO_SUCCESS
    }
    alert?.pointee = Int32(reject.code)
    return SSL_CLIENT_HELLO_ERROR
}

/// SSL_CTX ALPN selection callback (server side).
private func selectALPN(
    _ ssl: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
    _ outLength: UnsafeMutablePointer<UInt8>?, _ input: UnsafePointer<UInt8>?, _ inputLength: UInt32,
    _ argument: UnsafeMutableRawPointer?
) -> Int32 {
    guard let out, let outLength, let input, let owner = TLSContext.owner(of: ssl) else { return SSL_TLSEXT_ERR_NOACK }
    // SAFETY: OpenSSL passes `inputLength` readable bytes at `input`, valid for the duration of the handshake.
    let list = UnsafeBufferPointer(start: input, count: Int(inputLength))
    guard let choice = owner.chooseALPN(clientList: list) else { return SSL_TLSEXT_ERR_NOACK }
    // SAFETY: choice lies inside `list` (checked in chooseALPN); OpenSSL copies it before `input` goes away.
    out.pointee = input + choice.offset
    outLength.pointee = UInt8(choice.length)
    return SSL_TLSEXT_ERR_OK
}
