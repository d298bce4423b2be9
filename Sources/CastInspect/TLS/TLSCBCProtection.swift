import CastTLS
import CastWire

/// One direction's CBC record protection (RFC 5246 §6.2.3.2): a block cipher and an HMAC, MAC-then-encrypt or
/// encrypt-then-MAC (RFC 7366); an explicit IV per record (TLS 1.1+) or the previous record's last block (TLS 1.0).
struct TLSCBCProtection: Sendable {
    let decryptor: CBCDecryptor
    let mac: HMACDigest
    let encryptThenMAC: Bool
    /// TLS 1.1 and later: each record starts with its IV.
    let explicitIV: Bool

    /// The plaintext of `record` under sequence number `sequence`, with `chainedIV` for TLS 1.0; throws
    /// `.authenticationFailed` when the MAC or the padding is wrong, `.truncated` when the record is too short.
    func open(_ record: TLSRecord, sequence: UInt64, chainedIV: [UInt8]) throws(CryptoError) -> [UInt8] {
        let fragment = record.fragment
        let block = decryptor.cipher.blockSize, macLength = mac.hash.digestLength
        let ivLength = explicitIV ? block : 0
        // EtM: MAC over IV and ciphertext at the end; MtE: MAC inside, so at least one block more than the MAC.
        let minimum = encryptThenMAC ? ivLength + block + macLength : ivLength + max(block, macLength + 1)
        guard fragment.count >= minimum else {
            throw CryptoError(kind: .truncated, needed: minimum, available: fragment.count)
        }
        let protectedEnd = encryptThenMAC ? fragment.count - macLength : fragment.count
        if encryptThenMAC {
            let expected = try macOf(record, sequence: sequence, fragment[0..<protectedEnd])
            guard fragment[protectedEnd...].elementsEqual(expected) else {
                throw CryptoError(kind: .authenticationFailed)
            }
        }
        guard (protectedEnd - ivLength) % block == 0 else {
            throw CryptoError(kind: .truncated, needed: block, available: (protectedEnd - ivLength) % block)
        }
        let iv = explicitIV ? Array(fragment[0..<block]) : chainedIV
        let plain = try decryptor.decrypt(iv: iv, ciphertext: fragment[ivLength..<protectedEnd])
        // padding_length bytes of value padding_length, then padding_length itself.
        guard let padding = plain.last.map(Int.init), padding + 1 + (encryptThenMAC ? 0 : macLength) <= plain.count,
              plain[(plain.count - padding - 1)...].allSatisfy({ Int($0) == padding })
        else { throw CryptoError(kind: .authenticationFailed) }
        let unpadded = plain.count - padding - 1
        if encryptThenMAC { return Array(plain[0..<unpadded]) }
        let content = plain[0..<unpadded - macLength]
        guard plain[unpadded - macLength..<unpadded].elementsEqual(try macOf(record, sequence: sequence, content)) else {
            throw CryptoError(kind: .authenticationFailed)
        }
        return Array(content)
    }

    /// The IV of the record after `record` in TLS 1.0: its last ciphertext block.
    func nextChainedIV(after record: TLSRecord) -> [UInt8]? {
        let block = decryptor.cipher.blockSize
        let end = record.fragment.count - (encryptThenMAC ? mac.hash.digestLength : 0)
        guard end >= block else { return nil }
        return Array(record.fragment[end - block..<end])
    }

    /// HMAC(seq_num + type + version + length + bytes).
    private func macOf(_ record: TLSRecord, sequence: UInt64, _ bytes: ArraySlice<UInt8>) throws(CryptoError)
        -> [UInt8]
    {
        let version = record.version.rawValue
        var header = [UInt8](repeating: 0, count: 13)
        for index in 0..<8 { header[index] = UInt8(truncatingIfNeeded: sequence >> (56 - 8 * UInt64(index))) }
        header[8] = record.contentType.rawValue
        header[9] = UInt8(version >> 8)
        header[10] = UInt8(version & 0xff)
        header[11] = UInt8(bytes.count >> 8 & 0xff)
        header[12] = UInt8(bytes.count & 0xff)
        return try mac.mac(header, bytes)
    }
}
