import Testing

@testable import CastInspect

@Suite struct TLSKeyLogTests {
    static let random = String(repeating: "ab", count: 32)

    @Test func parsesEveryNSSLabelTheInspectorUses() {
        var log = TLSKeyLog()
        log.add(text: """
            # comment
            CLIENT_RANDOM \(Self.random) \(String(repeating: "01", count: 48))
            CLIENT_HANDSHAKE_TRAFFIC_SECRET \(Self.random) \(String(repeating: "02", count: 32))
            SERVER_HANDSHAKE_TRAFFIC_SECRET \(Self.random) \(String(repeating: "03", count: 32))
            CLIENT_TRAFFIC_SECRET_0 \(Self.random) \(String(repeating: "04", count: 32))
            SERVER_TRAFFIC_SECRET_0 \(Self.random) \(String(repeating: "05", count: 32))
            EXPORTER_SECRET \(Self.random) \(String(repeating: "06", count: 32))

            """)
        let secrets = log.secrets(forClientRandom: [UInt8](repeating: 0xab, count: 32))
        #expect(secrets?.masterSecret?.count == 48)
        #expect(secrets?.clientHandshake == [UInt8](repeating: 2, count: 32))
        #expect(secrets?.serverTraffic == [UInt8](repeating: 5, count: 32))
        #expect(log.malformedLines == 0)
    }

    @Test func countsMalformedLines() {
        var log = TLSKeyLog()
        log.add(text: "CLIENT_RANDOM zz 00\nCLIENT_RANDOM \(Self.random)\nnonsense\n")
        #expect(log.malformedLines == 3)
        #expect(log.isEmpty)
    }
}

