import Testing
@testable import CastWire

@Suite struct TLSNameTableTests {
    @Test func unknownCodePointsPrintAsHex() {
        #expect(TLSCipherSuite(rawValue: 0x0001).description == "0x0001")
        #expect(TLSNamedGroup(rawValue: 0xABCD).description == "0xabcd")
        #expect(TLSSignatureScheme(rawValue: 0x0E0F).description == "0x0e0f")
        #expect(TLSExtensionType(rawValue: 0xFF02).description == "0xff02")
        #expect(TLSProtocolVersion(rawValue: 0x0305).description == "0x0305")
    }

    @Test func greaseIsRecognised() {
        for high in stride(from: 0x0A, through: 0xFA, by: 0x10) {
            let value = UInt16(high) << 8 | UInt16(high)
            #expect(TLSNamedGroup(rawValue: value).description == "GREASE")
        }
        #expect(TLSNameTable.isGREASE(0x0A1A) == false)
    }

    @Test func knownNames() {
        #expect(TLSNamedGroup(rawValue: 0x11EC).description == "X25519MLKEM768")
        #expect(TLSCipherSuite(rawValue: 0xCCA8).description == "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256")
        #expect(TLSProtocolVersion.tls13.description == "TLS 1.3")
        #expect(TLSProtocolVersion(rawValue: 0x7F1C).description == "TLS 1.3 draft 28")
        #expect(TLSHandshakeType.serverHelloDone.description == "server_hello_done")
        #expect(TLSExtensionType.alpn.description == "application_layer_protocol_negotiation")
        #expect(TLSContentType.changeCipherSpec.description == "change_cipher_spec")
    }
}
