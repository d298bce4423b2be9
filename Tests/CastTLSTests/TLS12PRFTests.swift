import CastTLS
import Testing

/// TLS 1.2 PRF vectors (the IETF TLS WG P_SHA256 / P_SHA384 test vectors).
@Suite struct TLS12PRFTests {
    let hex = TLSTestSupport.hex as (String) -> [UInt8]

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
}
