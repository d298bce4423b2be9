import CastTLS
import CastWire

/// Decrypts the records of one direction of a TLS connection (TLS 1.3, or TLS 1.2 AEAD suites).
struct TLSRecordDecryptor: Sendable {
    /// A decrypted record: its real content type and plaintext.
    struct Opened: Sendable {
        var contentType: UInt8
        var plaintext: [UInt8]
    }

    let spec: TLSCipherSpec
    private(set) var key: [UInt8]
    private(set) var iv: [UInt8]
    /// The record sequence number of the next record.
    private(set) var sequence: UInt64 = 0
    /// The TLS 1.3 traffic secret the keys came from (for KeyUpdate).
    private(set) var secret: [UInt8]

    /// TLS 1.3: keys from a traffic secret.
    init(tls13 spec: TLSCipherSpec, secret: [UInt8]) throws(CryptoError) {
        self.spec = spec
        self.secret = secret
        (key, iv) = try HKDF.trafficKeys(spec.hash, trafficSecret: secret, keyLength: spec.cipher.keyLength)
    }

    /// TLS 1.2: keys for one side from the master secret and both randoms.
    init(tls12 spec: TLSCipherSpec, masterSecret: [UInt8], clientRandom: [UInt8], serverRandom: [UInt8],
         client: Bool) throws(CryptoError) {
        self.spec = spec
        self.secret = []
        let keyLength = spec.cipher.keyLength, ivLength = spec.tls12FixedIVLength
        let block = try TLS12PRF.keyBlock(spec.hash, masterSecret: masterSecret, clientRandom: clientRandom,
                                          serverRandom: serverRandom, length: 2 * keyLength + 2 * ivLength)
        // key_block = client_write_key, server_write_key, client_write_IV, server_write_IV (no MAC keys for AEAD).
        key = Array(block[(client ? 0 : keyLength)..<(client ? keyLength : 2 * keyLength)])
        let ivStart = 2 * keyLength + (client ? 0 : ivLength)
        iv = Array(block[ivStart..<ivStart + ivLength])
    }

    /// TLS 1.3 KeyUpdate: next secret = HKDF-Expand-Label(secret, "traffic upd", "", Hash.length).
    mutating func update() throws(CryptoError) {
        let next = try HKDF.expandLabel(spec.hash, secret: secret, label: "traffic upd", context: [],
                                        length: spec.hash.digestLength)
        self = try TLSRecordDecryptor(tls13: spec, secret: next)
    }

    /// Opens `record`; on a tag failure the sequence number still advances (the record is lost, not the stream).
    mutating func open(_ record: TLSRecord) throws(CryptoError) -> Opened {
        defer { sequence &+= 1 }
        return try open(record, sequence: sequence)
    }

    /// Tries sequence numbers from the current one up to `window` ahead (after a gap); adopts the one that works.
    mutating func openResynchronising(_ record: TLSRecord, window: Int) -> Opened? {
        for step in 0..<UInt64(max(1, window)) {
            if let opened = try? open(record, sequence: sequence &+ step) {
                sequence = sequence &+ step &+ 1
                return opened
            }
        }
        return nil
    }

    private func open(_ record: TLSRecord, sequence: UInt64) throws(CryptoError) -> Opened {
        let fragment = record.fragment
        var seqBytes = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { seqBytes[index] = UInt8(truncatingIfNeeded: sequence >> (56 - 8 * UInt64(index))) }
        if spec.isTLS13 {
            let header: [UInt8] = [record.contentType.rawValue, UInt8(record.version.rawValue >> 8),
                                   UInt8(record.version.rawValue & 0xff), UInt8(fragment.count >> 8),
                                   UInt8(fragment.count & 0xff)]
            var plain = try spec.cipher.open(key: key, nonce: xorNonce(seqBytes), ciphertextAndTag: fragment,
                                             additionalData: header)
            // TLSInnerPlaintext: content, then the real type, then zero padding.
            while let last = plain.last, last == 0 { plain.removeLast() }
            guard let type = plain.popLast() else { throw CryptoError(kind: .authenticationFailed) }
            return Opened(contentType: type, plaintext: plain)
        }
        let tagLength = spec.cipher.tagLength
        let nonce: [UInt8]
        let body: [UInt8]
        if spec.cipher == .chaCha20Poly1305 {
            nonce = xorNonce(seqBytes)
            body = fragment
        } else {
            guard fragment.count >= 8 + tagLength else {
                throw CryptoError(kind: .truncated, needed: 8 + tagLength, available: fragment.count)
            }
            nonce = iv + fragment[0..<8]  // fixed salt + explicit nonce
            body = Array(fragment[8...])
        }
        guard body.count >= tagLength else {
            throw CryptoError(kind: .truncated, needed: tagLength, available: body.count)
        }
        let length = body.count - tagLength
        let aad = seqBytes + [record.contentType.rawValue, UInt8(record.version.rawValue >> 8),
                              UInt8(record.version.rawValue & 0xff), UInt8(length >> 8), UInt8(length & 0xff)]
        let plain = try spec.cipher.open(key: key, nonce: nonce, ciphertextAndTag: body, additionalData: aad)
        return Opened(contentType: record.contentType.rawValue, plaintext: plain)
    }

    /// iv XOR the sequence number left-padded to 12 bytes (RFC 8446 §5.3, RFC 7905 §2).
    private func xorNonce(_ seqBytes: [UInt8]) -> [UInt8] {
        var nonce = iv
        for index in 0..<8 { nonce[4 + index] ^= seqBytes[index] }
        return nonce
    }
}
