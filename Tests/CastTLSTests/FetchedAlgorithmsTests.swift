import Testing
@testable import CastTLS

/// Fetched algorithms are fetched once and shared; a name no provider has is nil (and the callers' errors say so).
@Suite struct FetchedAlgorithmsTests {
    @Test func aNameIsFetchedOnceAndTheSameImplementationServesEveryCall() throws {
        let first = try #require(FetchedAlgorithms.kdf("HKDF"))
        #expect(FetchedAlgorithms.kdf("HKDF") == first)
        let cipher = try #require(FetchedAlgorithms.cipher("AES-128-GCM"))
        #expect(FetchedAlgorithms.cipher("AES-128-GCM") == cipher)
    }

    @Test func anUnknownNameIsNil() {
        #expect(FetchedAlgorithms.kdf("NO-SUCH-KDF") == nil)
        #expect(FetchedAlgorithms.cipher("NO-SUCH-CIPHER") == nil)
    }

    @Test func everyAEADCipherOpensWhatItSealsThroughItsFetchedImplementation() throws {
        let ciphers: [AEADCipher] = [.aes128GCM, .aes256GCM, .chaCha20Poly1305, .aes128CCM, .aes128CCM8]
        for cipher in ciphers {
            let key = [UInt8](repeating: 7, count: cipher.keyLength)
            let nonce = [UInt8](repeating: 9, count: cipher.nonceLength)
            let sealed = try cipher.seal(key: key, nonce: nonce, plaintext: Array("hello".utf8), additionalData: [1])
            let opener = try AEADOpener(cipher: cipher, key: key)
            for _ in 0..<2 {
                let opened = try nonce.withUnsafeBytes { nonce in
                    try sealed.withUnsafeBytes { sealed in
                        try [UInt8(1)].withUnsafeBytes { aad in
                            try opener.open(nonce: nonce, ciphertextAndTag: sealed, additionalData: aad)
                        }
                    }
                }
                #expect(opened == Array("hello".utf8), "\(cipher)")
            }
        }
    }
}
