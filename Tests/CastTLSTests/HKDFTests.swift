import CastTLS
import Testing

/// RFC 5869 (HKDF) and RFC 8448 (TLS 1.3 key schedule) vectors.
@Suite struct HKDFTests {
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
}
