/// The TLS 1.2 pseudo-random function PRF(secret, label, seed) = P_hash(secret, label + seed) (RFC 5246 §5).
public enum TLS12PRF {
    /// `length` bytes of PRF output; TLS 1.2 suites use SHA-256 unless the suite names SHA-384.
    public static func derive(
        _ hash: HashFunction, secret: [UInt8], label: String, seed: [UInt8], length: Int
    ) throws(CryptoError) -> [UInt8] {
        guard length > 0 else { throw CryptoError(kind: .invalidOutputLength, needed: 1, available: length) }
        let parameters = KDFParameters()
        parameters.add("digest", string: hash.description)
        parameters.add("secret", bytes: secret)
        parameters.add("seed", bytes: Array(label.utf8) + seed)
        return try parameters.derive(kdf: "TLS1-PRF", length: length)
    }

    /// The key block for a session: PRF(master, "key expansion", server_random + client_random) (RFC 5246 §6.3).
    public static func keyBlock(
        _ hash: HashFunction, masterSecret: [UInt8], clientRandom: [UInt8], serverRandom: [UInt8], length: Int
    ) throws(CryptoError) -> [UInt8] {
        try derive(hash, secret: masterSecret, label: "key expansion", seed: serverRandom + clientRandom, length: length)
    }

    /// The TLS 1.0/1.1 key block: the same expansion with the MD5+SHA-1 PRF (RFC 2246 §5, RFC 4346 §5).
    public static func legacyKeyBlock(masterSecret: [UInt8], clientRandom: [UInt8], serverRandom: [UInt8],
                                      length: Int) throws(CryptoError) -> [UInt8] {
        guard length > 0 else { throw CryptoError(kind: .invalidOutputLength, needed: 1, available: length) }
        let parameters = KDFParameters()
        parameters.add("digest", string: "MD5-SHA1")
        parameters.add("secret", bytes: masterSecret)
        parameters.add("seed", bytes: Array("key expansion".utf8) + serverRandom + clientRandom)
        return try parameters.derive(kdf: "TLS1-PRF", length: length)
    }
}
