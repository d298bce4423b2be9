import CastTLS
import Testing

/// FIPS 180 "abc" digests.
@Suite struct HashFunctionTests {
    let hex = TLSTestSupport.hex as (String) -> [UInt8]

    @Test func digestsMatchKnownValues() {
        #expect(Digest.hash(.sha256, Array("abc".utf8)) == hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(Digest.hash(.sha1, Array("abc".utf8)) == hex("a9993e364706816aba3e25717850c26c9cd0d89d"))
        #expect(Digest.hash(.sha384, []).count == 48)
    }
}
