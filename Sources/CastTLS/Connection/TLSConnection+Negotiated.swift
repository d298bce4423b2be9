internal import COpenSSL

extension TLSConnection {
    /// True once the handshake has completed.
    public var isHandshakeComplete: Bool { SSL_is_init_finished(handle) == 1 }

    /// The negotiated protocol version, once known.
    public var negotiatedVersion: TLSVersion? {
        isHandshakeComplete ? TLSVersion(openSSLValue: SSL_version(handle)) : nil
    }

    /// The negotiated cipher suite's IANA name (e.g. "TLS_AES_128_GCM_SHA256"), once known.
    public var negotiatedCipherSuite: String? {
        guard isHandshakeComplete, let cipher = SSL_get_current_cipher(handle) else { return nil }
        return SSL_CIPHER_standard_name(cipher).map { String(cString: $0) }
    }

    /// The negotiated ALPN protocol, or nil when none was agreed.
    public var negotiatedApplicationProtocol: String? {
        var data: UnsafePointer<UInt8>? = nil
        var length: UInt32 = 0
        SSL_get0_alpn_selected(handle, &data, &length)
        guard let data, length > 0 else { return nil }
        // SAFETY: OpenSSL returned `length` bytes at `data`, owned by the SSL and copied here.
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    /// The certificate the peer presented, if any (a device's self-signed TLS certificate on the sender side).
    public var peerCertificate: X509Certificate? {
        guard let certificate = SSL_get1_peer_certificate(handle) else { return nil }
        guard let der = X509Certificate.encodeDER(certificate) else {
            X509_free(certificate)
            OpenSSLErrorStack.clear()
            return nil
        }
        // SSL_get1_ returned a new reference, which the X509Certificate now owns.
        return X509Certificate(taking: certificate, derBytes: der)
    }

    /// The handshake's client random (32 bytes), the key a CLIENT_RANDOM key-log line is filed under.
    public var clientRandom: [UInt8] {
        var random = [UInt8](repeating: 0, count: 32)
        let count = random.withUnsafeMutableBufferPointer { buffer in
            // SAFETY: `buffer` holds 32 bytes and SSL_get_client_random copies at most that many.
            SSL_get_client_random(handle, buffer.baseAddress, buffer.count)
        }
        return Array(random.prefix(count))
    }
}
