@testable import CastTLS
import Testing

/// What a `TLSConnection` keeps and reports when something goes wrong mid-stream or out of order, and the AEAD
/// input limits.
@Suite struct TLSConnectionRecoveryTests {
    @Test(arguments: [TLSVersion.tls12, .tls13])
    func plaintextBeforeACorruptedRecordIsReturnedAndTheFailureComesNext(version: TLSVersion) throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(minimumVersion: version, maximumVersion: version),
            server: .server(certificate: TLSConnectionTests.certificate(.ecP256)))
        TLSTestSupport.handshake(client: client, server: server)
        // TLS 1.3 session tickets travel after the handshake; let both sides consume theirs.
        _ = server.read()
        client.feed(ciphertext: server.takeCiphertext())
        _ = client.read()
        guard case .complete = server.write(Array("hello".utf8)) else { Issue.record("first write failed"); return }
        let good = server.takeCiphertext()
        guard case .complete = server.write(Array("world".utf8)) else { Issue.record("second write failed"); return }
        var bad = server.takeCiphertext()
        bad[bad.count - 1] ^= 0xff  // the last byte of the second record is its authentication tag
        client.feed(ciphertext: good + bad)
        guard case .complete(.data(let data)) = client.read() else {
            Issue.record("the authenticated first record was dropped")
            return
        }
        #expect(data == Array("hello".utf8))
        let error = try #require(client.read().error)
        #expect(error.kind != .invalidState)
        // Stays failed.
        #expect(client.read().error?.kind == error.kind)
    }

    @Test func shutdownBeforeTheHandshakeIsInvalidStateAndSendsNothing() throws {
        let client = try TLSConnection(context: TLSContext(configuration: .client()))
        let error = try #require(client.shutdown().error)
        #expect(error.kind == .invalidState)
        #expect(client.pendingCiphertextCount == 0)
        // Not fatal: the handshake can still start afterwards.
        guard case .incomplete = client.handshake() else { Issue.record("handshake did not start"); return }
        #expect(client.pendingCiphertextCount > 0)
    }

    @Test func aeadInputsAboveTwoGibibytesAreRejectedNotTruncated() throws {
        let limit = AEADCipher.maximumInputLength
        #expect(limit == Int(Int32.max))
        #expect(throws: Never.self) { try AEADCipher.checkInputLength(limit) }
        do {
            try AEADCipher.checkInputLength(limit + 1)
            Issue.record("an input of 2 GiB was accepted")
        } catch {
            #expect(error.kind == .inputTooLong)
            #expect(error.needed == limit)
            #expect(error.available == limit + 1)
        }
    }
}
