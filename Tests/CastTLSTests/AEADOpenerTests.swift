import CastTLS
import Testing

/// The reusable opener gives what `AEADCipher.open` gives, record after record, and survives a bad tag.
@Suite struct AEADOpenerTests {
    private func sealed(_ cipher: AEADCipher, key: [UInt8], nonce: [UInt8], plaintext: [UInt8], aad: [UInt8]) throws
        -> [UInt8]
    {
        try cipher.seal(key: key, nonce: nonce, plaintext: plaintext, additionalData: aad)
    }

    @Test(arguments: [AEADCipher.aes128GCM, .aes256GCM, .chaCha20Poly1305])
    func opensManyMessagesAndRecoversFromATamperedOne(cipher: AEADCipher) throws {
        let key = (0..<cipher.keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let opener = try AEADOpener(cipher: cipher, key: key)
        for index in 0..<6 {
            let nonce = (0..<12).map { UInt8(truncatingIfNeeded: $0 &+ index) }
            let plaintext = (0..<(index * 997)).map { UInt8(truncatingIfNeeded: $0 ^ index) }
            let aad: [UInt8] = index == 2 ? [] : [23, 3, 3, UInt8(index), 9]
            var message = try sealed(cipher, key: key, nonce: nonce, plaintext: plaintext, aad: aad)
            if index == 3 {
                message[message.count - 1] ^= 1
                #expect {
                    _ = try nonce.withUnsafeBytes { n in
                        try message.withUnsafeBytes { m in
                            try aad.withUnsafeBytes { try opener.open(nonce: n, ciphertextAndTag: m, additionalData: $0) }
                        }
                    }
                } throws: { ($0 as? CryptoError)?.kind == .authenticationFailed }
                continue
            }
            let opened = try nonce.withUnsafeBytes { n in
                try message.withUnsafeBytes { m in
                    try aad.withUnsafeBytes { try opener.open(nonce: n, ciphertextAndTag: m, additionalData: $0) }
                }
            }
            #expect(opened == plaintext)
            #expect(opened == (try cipher.open(key: key, nonce: nonce, ciphertextAndTag: message, additionalData: aad)))
        }
    }

    @Test func rejectsWrongLengths() throws {
        #expect(throws: CryptoError.self) { _ = try AEADOpener(cipher: .aes128GCM, key: [1, 2, 3]) }
        let opener = try AEADOpener(cipher: .aes128GCM, key: [UInt8](repeating: 1, count: 16))
        let short = [UInt8](repeating: 0, count: 15)
        #expect(throws: CryptoError.self) {
            _ = try [UInt8](repeating: 0, count: 12).withUnsafeBytes { n in
                try short.withUnsafeBytes { try opener.open(nonce: n, ciphertextAndTag: $0, additionalData: n) }
            }
        }
        #expect(throws: CryptoError.self) {
            _ = try [UInt8](repeating: 0, count: 11).withUnsafeBytes { n in
                try short.withUnsafeBytes { try opener.open(nonce: n, ciphertextAndTag: $0, additionalData: n) }
            }
        }
    }
}
