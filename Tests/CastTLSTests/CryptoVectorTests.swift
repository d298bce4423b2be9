import CastTLS
import Testing

/// Published test vectors: RFC 5869 (HKDF), RFC 8448 (TLS 1.3 key schedule), the IETF TLS 1.2 PRF vectors,
/// McGrew–Viega GCM test cases 4 and 16, RFC 8439 §2.8.2 (ChaCha20-Poly1305).
@Suite struct CryptoVectorTests {
    let hex = TLSTestSupport.hex as (String) -> [UInt8]

    @Test func hkdfMatchesRFC5869TestCase1() throws {
        let prk = try HKDF.extract(.sha256, salt: hex("000102030405060708090a0b0c"), inputKeyMaterial: [UInt8](repeating: 0x0b, count: 22))
        #expect(prk == hex("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5"))
        let okm = try HKDF.expand(.sha256, pseudoRandomKey: prk, info: hex("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        #expect(okm == hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    @Test func hkdfMatchesRFC5869TestCase3WithEmptySaltAndInfo() throws {
        let prk = try HKDF.extract(.sha256, salt: [], inputKeyMaterial: [UInt8](repeating: 0x0b, count: 22))
        #expect(prk == hex("19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04"))
        let okm = try HKDF.expand(.sha256, pseudoRandomKey: prk, info: [], length: 42)
        #expect(okm == hex("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"))
    }

    @Test func hkdfExpandRefusesOutputBeyond255Blocks() {
        do {
            _ = try HKDF.expand(.sha256, pseudoRandomKey: [UInt8](repeating: 1, count: 32), info: [], length: 255 * 32 + 1)
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .invalidOutputLength)
        }
    }

    @Test func tls13KeyScheduleMatchesRFC8448SimpleHandshake() throws {
        // RFC 8448 §3: early secret from a zero PSK, then Derive-Secret(., "derived", "").
        let early = try HKDF.extract(.sha256, salt: [], inputKeyMaterial: [UInt8](repeating: 0, count: 32))
        #expect(early == hex("33ad0a1c607ec03b09e6cd9893680ce210adf300aa1f2660e1b22e10f170f92a"))
        let derived = try HKDF.deriveSecret(.sha256, secret: early, label: "derived", transcriptHash: Digest.hash(.sha256, []))
        #expect(derived == hex("6f2615a108c702c5678f54fc9dbab69716c076189c48250cebeac3576c3611ba"))
        // Server handshake traffic secret → record key and IV (TLS_AES_128_GCM_SHA256).
        let serverHandshakeSecret = hex("b67b7d690cc16c4e75e54213cb2d37b4e9c912bcded9105d42befd59d391ad38")
        let keys = try HKDF.trafficKeys(.sha256, trafficSecret: serverHandshakeSecret, keyLength: 16)
        #expect(keys.key == hex("3fce516009c21727d0f2e4e86ee403bc"))
        #expect(keys.iv == hex("5d313eb2671276ee13000b30"))
    }

    @Test func tls12PRFMatchesSHA256Vector() throws {
        let output = try TLS12PRF.derive(
            .sha256, secret: hex("9bbe436ba940f017b17652849a71db35"), label: "test label",
            seed: hex("a0ba9f936cda311827a6f796ffd5198c"), length: 100)
        #expect(output == hex("""
            e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14baf9af0fa022f7
            077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff70187347b66
            """))
    }

    @Test func tls12PRFMatchesSHA384Vector() throws {
        let output = try TLS12PRF.derive(
            .sha384, secret: hex("b80b733d6ceefcdc71566ea48e5567df"), label: "test label",
            seed: hex("cd665cf6a8447dd6ff8b27555edb7465"), length: 148)
        #expect(output == hex("""
            7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cde9ca0faa60be9fe34f82b1233c9146a0e534cb400fed
            2700884f9dc236f80edd8bfa961144c9e8d792eca722a7b32fc3d416d473ebc2c5fd4abfdad05d9184259b5bf8cd4d90fa0d31e2dec4
            79e4f1a26066f2eea9a69236a3e52655c9e9aee691c8f3a26854308d5eaa3be85e0990703d73e56f
            """))
    }

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

    @Test(arguments: [AEADCipher.aes128GCM, .aes256GCM, .chaCha20Poly1305])
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

    @Test func digestsMatchKnownValues() {
        #expect(Digest.hash(.sha256, Array("abc".utf8)) == hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(Digest.hash(.sha1, Array("abc".utf8)) == hex("a9993e364706816aba3e25717850c26c9cd0d89d"))
        #expect(Digest.hash(.sha384, []).count == 48)
    }
}
