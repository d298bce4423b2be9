/// HKDF (RFC 5869) and the TLS 1.3 key-schedule helpers built on it (RFC 8446 §7.1), through OpenSSL's EVP_KDF.
public enum HKDF {
    /// HKDF-Extract(salt, IKM) → PRK; an empty salt means hashLen zero bytes (RFC 5869 §2.2).
    public static func extract(
        _ hash: HashFunction, salt: [UInt8], inputKeyMaterial: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        let parameters = KDFParameters()
        parameters.add("mode", string: "EXTRACT_ONLY")
        parameters.add("digest", string: hash.description)
        parameters.add("key", bytes: inputKeyMaterial)
        parameters.add("salt", bytes: salt.isEmpty ? [UInt8](repeating: 0, count: hash.digestLength) : salt)
        return try parameters.derive(kdf: "HKDF", length: hash.digestLength)
    }

    /// HKDF-Expand(PRK, info, L) → OKM, with 1 ≤ L ≤ 255 × hashLen.
    public static func expand(
        _ hash: HashFunction, pseudoRandomKey: [UInt8], info: [UInt8], length: Int
    ) throws(CryptoError) -> [UInt8] {
        guard length > 0, length <= 255 * hash.digestLength else {
            throw CryptoError(kind: .invalidOutputLength, needed: 255 * hash.digestLength, available: length)
        }
        guard pseudoRandomKey.count >= hash.digestLength else {
            throw CryptoError(kind: .invalidKeyLength, needed: hash.digestLength, available: pseudoRandomKey.count)
        }
        let parameters = KDFParameters()
        parameters.add("mode", string: "EXPAND_ONLY")
        parameters.add("digest", string: hash.description)
        parameters.add("key", bytes: pseudoRandomKey)
        parameters.add("info", bytes: info)
        return try parameters.derive(kdf: "HKDF", length: length)
    }

    /// HKDF-Expand-Label(Secret, Label, Context, Length) with the "tls13 " prefix (RFC 8446 §7.1).
    public static func expandLabel(
        _ hash: HashFunction, secret: [UInt8], label: String, context: [UInt8], length: Int
    ) throws(CryptoError) -> [UInt8] {
        let fullLabel = Array("tls13 ".utf8) + Array(label.utf8)
        guard length <= Int(UInt16.max), fullLabel.count <= 255, context.count <= 255 else {
            throw CryptoError(kind: .invalidOutputLength, needed: 255, available: max(fullLabel.count, context.count))
        }
        // struct HkdfLabel { uint16 length; opaque label<7..255>; opaque context<0..255>; }
        var info: [UInt8] = [UInt8(length >> 8), UInt8(length & 0xff), UInt8(fullLabel.count)]
        info += fullLabel
        info.append(UInt8(context.count))
        info += context
        return try expand(hash, pseudoRandomKey: secret, info: info, length: length)
    }

    /// Derive-Secret(Secret, Label, Messages) given the transcript hash of Messages (RFC 8446 §7.1).
    public static func deriveSecret(
        _ hash: HashFunction, secret: [UInt8], label: String, transcriptHash: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try expandLabel(hash, secret: secret, label: label, context: transcriptHash, length: hash.digestLength)
    }

    /// The record-protection key and IV for a TLS 1.3 traffic secret (RFC 8446 §7.3).
    public static func trafficKeys(
        _ hash: HashFunction, trafficSecret: [UInt8], keyLength: Int, ivLength: Int = 12
    ) throws(CryptoError) -> (key: [UInt8], iv: [UInt8]) {
        let key = try expandLabel(hash, secret: trafficSecret, label: "key", context: [], length: keyLength)
        let iv = try expandLabel(hash, secret: trafficSecret, label: "iv", context: [], length: ivLength)
        return (key, iv)
    }
}
