import CastTLS
import CastWire

/// Decrypts the records of one direction of a TLS connection: TLS 1.3, or TLS 1.0–1.2 AEAD and CBC suites.
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
    /// One OpenSSL context for every record of this direction: the key schedule is set up once, not per record.
    private let opener: AEADOpener?
    /// CBC suites: cipher and MAC (`iv` is then TLS 1.0's chained IV).
    private let cbc: TLSCBCProtection?

    /// TLS 1.3: keys from a traffic secret.
    init(tls13 spec: TLSCipherSpec, secret: [UInt8]) throws(CryptoError) {
        guard let cipher = spec.cipher else { throw CryptoError(kind: .unsupportedAlgorithm) }
        self.spec = spec
        self.secret = secret
        (key, iv) = try HKDF.trafficKeys(spec.hash, trafficSecret: secret, keyLength: cipher.keyLength)
        opener = try AEADOpener(cipher: cipher, key: key)
        cbc = nil
    }

    /// TLS 1.0–1.2: keys for one side from the master secret and both randoms; `encryptThenMAC` when the
    /// ServerHello agreed to RFC 7366 (it applies to CBC suites only).
    init(tls12 spec: TLSCipherSpec, version: TLSProtocolVersion = .tls12, masterSecret: [UInt8],
         clientRandom: [UInt8], serverRandom: [UInt8], client: Bool, encryptThenMAC: Bool = false) throws(CryptoError) {
        self.spec = spec
        self.secret = []
        let macLength: Int, keyLength: Int
        switch spec.protection {
        case .aead(let cipher): (macLength, keyLength) = (0, cipher.keyLength)
        case .cbc(let cipher, let mac): (macLength, keyLength) = (mac.digestLength, cipher.keyLength)
        }
        let ivLength = spec.tls12FixedIVLength
        let length = 2 * macLength + 2 * keyLength + 2 * ivLength
        let block = version.rawValue < TLSProtocolVersion.tls12.rawValue
            ? try TLS12PRF.legacyKeyBlock(masterSecret: masterSecret, clientRandom: clientRandom,
                                          serverRandom: serverRandom, length: length)
            : try TLS12PRF.keyBlock(spec.hash, masterSecret: masterSecret, clientRandom: clientRandom,
                                    serverRandom: serverRandom, length: length)
        // key_block = client MAC key, server MAC key, client key, server key, client IV, server IV (RFC 5246 §6.3).
        let macKey = Array(block[(client ? 0 : macLength)..<(client ? macLength : 2 * macLength)])
        let keyStart = 2 * macLength + (client ? 0 : keyLength)
        key = Array(block[keyStart..<keyStart + keyLength])
        let ivStart = 2 * macLength + 2 * keyLength + (client ? 0 : ivLength)
        iv = Array(block[ivStart..<ivStart + ivLength])
        switch spec.protection {
        case .aead(let cipher):
            opener = try AEADOpener(cipher: cipher, key: key)
            cbc = nil
        case .cbc(let cipher, let mac):
            opener = nil
            cbc = TLSCBCProtection(decryptor: try CBCDecryptor(cipher, key: key), mac: try HMACDigest(mac, key: macKey),
                                   encryptThenMAC: encryptThenMAC,
                                   explicitIV: version.rawValue >= TLSProtocolVersion.tls11.rawValue)
        }
    }

    /// TLS 1.3 KeyUpdate: next secret = HKDF-Expand-Label(secret, "traffic upd", "", Hash.length).
    mutating func update() throws(CryptoError) {
        let next = try HKDF.expandLabel(spec.hash, secret: secret, label: "traffic upd", context: [],
                                        length: spec.hash.digestLength)
        self = try TLSRecordDecryptor(tls13: spec, secret: next)
    }

    /// Opens `record`; on a tag failure the sequence number still advances (the record is lost, not the stream).
    mutating func open(_ record: TLSRecord) throws(CryptoError) -> Opened {
        try open(TLSRecordSpan(record))
    }

    /// Opens the record where it lies; on a tag failure the sequence number still advances.
    mutating func open(_ record: TLSRecordSpan) throws(CryptoError) -> Opened {
        defer { advance(past: record, steps: 1) }
        return try open(record, sequence: sequence)
    }

    /// Tries sequence numbers from the current one up to `window` ahead (after a gap); adopts the one that works.
    mutating func openResynchronising(_ record: TLSRecordSpan, window: Int) -> Opened? {
        for step in 0..<UInt64(max(1, window)) {
            if let opened = try? open(record, sequence: sequence &+ step) {
                advance(past: record, steps: step &+ 1)
                return opened
            }
        }
        advance(past: record, steps: 0)
        return nil
    }

    /// Moves the sequence number on, and TLS 1.0's chained IV to the record's last block.
    private mutating func advance(past record: TLSRecordSpan, steps: UInt64) {
        sequence &+= steps
        if let cbc, !cbc.explicitIV, let next = cbc.nextChainedIV(after: record.record) { iv = next }
    }

    private func open(_ record: TLSRecordSpan, sequence: UInt64) throws(CryptoError) -> Opened {
        if let cbc {
            return Opened(contentType: record.contentType.rawValue,
                          plaintext: try cbc.open(record.record, sequence: sequence, chainedIV: iv))
        }
        guard let opener, let cipher = spec.cipher else { throw CryptoError(kind: .unsupportedAlgorithm) }
        // Nonce and additional data live in fixed stack buffers and the fragment is opened where it lies (in the
        // captured segment or the stream's queue): the only allocation per record is the plaintext itself.
        let length = record.length
        let type = record.contentType.rawValue
        let version = record.version.rawValue
        var nonce: (UInt64, UInt32) = (0, 0)
        var aad: (UInt64, UInt64) = (0, 0)
        if spec.isTLS13 {
            try setXorNonce(&nonce, sequence: sequence)
            withUnsafeMutableBytes(of: &aad) { aad in
                aad[0] = type
                aad[1] = UInt8(version >> 8)
                aad[2] = UInt8(version & 0xff)
                aad[3] = UInt8(length >> 8 & 0xff)
                aad[4] = UInt8(length & 0xff)
            }
            var plain = try withUnsafeBytes(of: &nonce) { (nonce) throws(CryptoError) -> [UInt8] in
                try withUnsafeBytes(of: &aad) { (aad) throws(CryptoError) -> [UInt8] in
                    try record.withFragment { (body) throws(CryptoError) -> [UInt8] in
                        try opener.open(nonce: nonce, ciphertextAndTag: body,
                                        additionalData: UnsafeRawBufferPointer(rebasing: aad[0..<5]))
                    }
                }
            }
            // TLSInnerPlaintext: content, then the real type, then zero padding.
            while let last = plain.last, last == 0 { plain.removeLast() }
            guard let type = plain.popLast() else { throw CryptoError(kind: .authenticationFailed) }
            return Opened(contentType: type, plaintext: plain)
        }
        let tagLength = cipher.tagLength
        let explicitNonce = cipher == .chaCha20Poly1305 ? 0 : 8
        if cipher == .chaCha20Poly1305 {
            try setXorNonce(&nonce, sequence: sequence)
        } else {
            guard length >= 8 + tagLength else {
                throw CryptoError(kind: .truncated, needed: 8 + tagLength, available: length)
            }
            // Fixed salt (4 bytes) + the record's explicit nonce (8 bytes).
            withUnsafeMutableBytes(of: &nonce) { nonce in
                for index in 0..<4 { nonce[index] = iv[index] }
                for index in 0..<8 { nonce[4 + index] = record.fragment.peekUInt8(at: index) ?? 0 }
            }
        }
        let bodyLength = length - explicitNonce
        guard bodyLength >= tagLength else {
            throw CryptoError(kind: .truncated, needed: tagLength, available: bodyLength)
        }
        let plainLength = bodyLength - tagLength
        withUnsafeMutableBytes(of: &aad) { aad in
            for index in 0..<8 { aad[index] = UInt8(truncatingIfNeeded: sequence >> (56 - 8 * UInt64(index))) }
            aad[8] = type
            aad[9] = UInt8(version >> 8)
            aad[10] = UInt8(version & 0xff)
            aad[11] = UInt8(plainLength >> 8 & 0xff)
            aad[12] = UInt8(plainLength & 0xff)
        }
        let plain = try withUnsafeBytes(of: &nonce) { (nonce) throws(CryptoError) -> [UInt8] in
            try withUnsafeBytes(of: &aad) { (aad) throws(CryptoError) -> [UInt8] in
                try record.withFragment { (fragment) throws(CryptoError) -> [UInt8] in
                    try opener.open(nonce: nonce,
                                    ciphertextAndTag: UnsafeRawBufferPointer(rebasing: fragment[explicitNonce...]),
                                    additionalData: UnsafeRawBufferPointer(rebasing: aad[0..<13]))
                }
            }
        }
        return Opened(contentType: type, plaintext: plain)
    }

    /// iv XOR the sequence number left-padded to 12 bytes (RFC 8446 §5.3, RFC 7905 §2), into `nonce`.
    private func setXorNonce(_ nonce: inout (UInt64, UInt32), sequence: UInt64) throws(CryptoError) {
        guard iv.count == 12 else { throw CryptoError(kind: .invalidNonceLength, needed: 12, available: iv.count) }
        withUnsafeMutableBytes(of: &nonce) { nonce in
            for index in 0..<12 { nonce[index] = iv[index] }
            for index in 0..<8 { nonce[4 + index] ^= UInt8(truncatingIfNeeded: sequence >> (56 - 8 * UInt64(index))) }
        }
    }
}
