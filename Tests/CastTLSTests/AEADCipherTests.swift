import CastTLS
import Testing

/// McGrew–Viega GCM test cases 1, 4 and 16 and RFC 8439 §2.8.2 (ChaCha20-Poly1305).
@Suite struct AEADCipherTests {
    let hex = TLSTestSupport.hex as (String) -> [UInt8]

    static let gcmPlaintext = """
        d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39
        """
    static let gcmAAD = "feedfacedeadbeeffeedfacedeadbeefabaddad2"
    static let gcmNonce = "cafebabefacedbaddecaf888"

    @Test func aes128GCMMatchesMcGrewViegaTestCase4() throws {
        let key = hex("feffe9928665731c6d6a8f9467308308")
        let sealed = try AEADCipher.aes128GCM.seal(
            key: key, nonce: hex(Self.gcmNonce), plaintext: hex(Self.gcmPlaintext), additionalData: hex(Self.gcmAAD))
        let expected = hex("""
            42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091
            5bc94fbc3221a5db94fae95ae7121a47
            """)
        #expect(sealed == expected)
        let opened = try AEADCipher.aes128GCM.open(
            key: key, nonce: hex(Self.gcmNonce), ciphertextAndTag: expected, additionalData: hex(Self.gcmAAD))
        #expect(opened == hex(Self.gcmPlaintext))
    }

    @Test func aes256GCMMatchesMcGrewViegaTestCase16() throws {
        let key = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let sealed = try AEADCipher.aes256GCM.seal(
            key: key, nonce: hex(Self.gcmNonce), plaintext: hex(Self.gcmPlaintext), additionalData: hex(Self.gcmAAD))
        #expect(sealed == hex("""
            522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662
            76fc6ece0f4e1768cddf8853bb2d551b
            """))
    }

    @Test func chaCha20Poly1305MatchesRFC8439Section2_8_2() throws {
        let key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f")
        let nonce = hex("070000004041424344454647")
        let aad = hex("50515253c0c1c2c3c4c5c6c7")
        let plaintext = Array("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.".utf8)
        let expected = hex("""
            d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b29
            05d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b
            6116
            1ae10b594f09e26a7e902ecbd0600691
            """)
        #expect(try AEADCipher.chaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, additionalData: aad) == expected)
        #expect(try AEADCipher.chaCha20Poly1305.open(key: key, nonce: nonce, ciphertextAndTag: expected, additionalData: aad) == plaintext)
    }

    static let allCiphers: [AEADCipher] = [.aes128GCM, .aes256GCM, .chaCha20Poly1305, .aes128CCM, .aes256CCM,
                                           .aes128CCM8, .aes256CCM8]

    @Test(arguments: allCiphers)
    func theReusedOpenerOpensWhatOneShotSealsAndRefusesAlterations(cipher: AEADCipher) throws {
        let key = [UInt8](repeating: 3, count: cipher.keyLength)
        let opener = try AEADOpener(cipher: cipher, key: key)
        for (index, plaintext) in [[UInt8](), Array("cast".utf8), [UInt8](repeating: 0x5A, count: 1000)].enumerated() {
            let nonce = [UInt8](repeating: UInt8(index), count: 12)
            let sealed = try cipher.seal(key: key, nonce: nonce, plaintext: plaintext, additionalData: [9])
            #expect(sealed.count == plaintext.count + cipher.tagLength)
            func open(_ bytes: [UInt8], aad: [UInt8] = [9]) throws -> [UInt8] {
                try nonce.withUnsafeBytes { nonce in
                    try bytes.withUnsafeBytes { body in
                        try aad.withUnsafeBytes { aad in
                            try opener.open(nonce: nonce, ciphertextAndTag: body, additionalData: aad)
                        }
                    }
                }
            }
            #expect(try open(sealed) == plaintext)
            var altered = sealed
            altered[altered.count - 1] ^= 0x80
            #expect(throws: CryptoError.self) { try open(altered) }
            #expect(throws: CryptoError.self) { try open(sealed, aad: [8]) }
            #expect(try open(sealed) == plaintext, "the opener stays usable after a failure")
        }
    }

    @Test(arguments: allCiphers)
    func alteredCiphertextTagOrAADFailsAuthentication(cipher: AEADCipher) throws {
        let key = [UInt8](repeating: 7, count: cipher.keyLength)
        let nonce = [UInt8](repeating: 9, count: 12)
        let sealed = try cipher.seal(key: key, nonce: nonce, plaintext: Array("cast".utf8), additionalData: [1, 2])
        var flipped = sealed
        flipped[0] ^= 1
        var badTag = sealed
        badTag[badTag.count - 1] ^= 1
        for (input, aad) in [(flipped, [UInt8]([1, 2])), (badTag, [1, 2]), (sealed, [1, 3])] {
            do {
                _ = try cipher.open(key: key, nonce: nonce, ciphertextAndTag: input, additionalData: aad)
                Issue.record("accepted altered input")
            } catch {
                #expect(error.kind == .authenticationFailed)
            }
        }
        #expect(try cipher.open(key: key, nonce: nonce, ciphertextAndTag: sealed, additionalData: [1, 2]) == Array("cast".utf8))
    }

    @Test func emptyPlaintextSealsToJustTheTag() throws {
        let sealed = try AEADCipher.aes128GCM.seal(key: [UInt8](repeating: 0, count: 16), nonce: [UInt8](repeating: 0, count: 12), plaintext: [])
        // McGrew–Viega test case 1: zero key, zero IV, no data.
        #expect(sealed == hex("58e2fccefa7e3061367f1d57a4e7455a"))
    }

    @Test func wrongLengthsAndShortInputAreReportedWithSizes() {
        do {
            _ = try AEADCipher.aes256GCM.seal(key: [1], nonce: [UInt8](repeating: 0, count: 12), plaintext: [])
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .invalidKeyLength && error.needed == 32 && error.available == 1)
        }
        do {
            _ = try AEADCipher.chaCha20Poly1305.open(
                key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12), ciphertextAndTag: [1, 2, 3])
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .truncated && error.needed == 16 && error.available == 3)
        }
        do {
            _ = try AEADCipher.aes128GCM.seal(key: [UInt8](repeating: 0, count: 16), nonce: [0], plaintext: [])
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .invalidNonceLength)
        }
    }
}
