import CastNet
import CastTLS
import CastTestSupport
import Foundation
import Testing

@Suite struct TLSConnectionTests {
    static let serverCertificates: [PrivateKey.KeyType: DeviceCertificate] = {
        var result: [PrivateKey.KeyType: DeviceCertificate] = [:]
        for type in [PrivateKey.KeyType.rsa2048, .ecP256] {
            result[type] = try? DeviceCertificate.generateSelfSigned(commonName: "castscope-test", keyType: type)
        }
        return result
    }()

    static func certificate(_ type: PrivateKey.KeyType) throws -> DeviceCertificate {
        try #require(serverCertificates[type])
    }

    @Test(arguments: [TLSVersion.tls12, .tls13], [PrivateKey.KeyType.rsa2048, .ecP256])
    func handshakeCompletesInMemoryAndCarriesDataBothWays(version: TLSVersion, keyType: PrivateKey.KeyType) throws {
        let certificate = try Self.certificate(keyType)
        let (client, server) = try TLSTestSupport.pair(
            client: .client(minimumVersion: version, maximumVersion: version),
            server: .server(certificate: certificate))
        let steps = TLSTestSupport.handshake(client: client, server: server)
        #expect(steps.client.isComplete && steps.server.isComplete)
        #expect(client.negotiatedVersion == version)
        #expect(server.negotiatedVersion == version)
        #expect(client.negotiatedCipherSuite == server.negotiatedCipherSuite)
        #expect(client.negotiatedCipherSuite?.hasPrefix("TLS_") == true)
        #expect(client.peerCertificate?.derBytes == certificate.certificate.derBytes)
        #expect(server.peerCertificate == nil)
        let ping = Array("PING from sender".utf8)
        #expect(TLSTestSupport.transfer(ping, from: client, to: server) == ping)
        let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(TLSTestSupport.transfer(large, from: server, to: client) == large)
    }

    @Test func clientCappedAtTLS12AgainstServerRequiringTLS13FailsWithProtocolVersion() throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(maximumVersion: .tls12),
            server: .server(certificate: Self.certificate(.rsa2048), minimumVersion: .tls13))
        let steps = TLSTestSupport.handshake(client: client, server: server)
        let serverError = try #require(steps.server.error)
        let clientError = try #require(steps.client.error)
        #expect(serverError.kind == .protocolVersionMismatch)
        #expect(clientError.kind == .protocolVersionMismatch)
        #expect(clientError.alert == .protocolVersion)
        #expect(clientError.alert?.name == "protocol_version")
        #expect(!clientError.openSSLErrors.isEmpty)
        #expect(clientError.description.contains("no common TLS version"))
    }

    @Test func serverCappedAtTLS12AgainstClientRequiringTLS13FailsWithProtocolVersion() throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(minimumVersion: .tls13),
            server: .server(certificate: Self.certificate(.ecP256), maximumVersion: .tls12))
        let steps = TLSTestSupport.handshake(client: client, server: server)
        #expect(steps.server.error?.kind == .protocolVersionMismatch)
        #expect(steps.client.error?.kind == .protocolVersionMismatch)
    }

    @Test func noSharedCipherSurfacesHandshakeFailureAlertByName() throws {
        var clientConfiguration = TLSConfiguration.client(maximumVersion: .tls12)
        clientConfiguration.cipherList = "ECDHE-ECDSA-AES128-GCM-SHA256"
        let (client, server) = try TLSTestSupport.pair(
            client: clientConfiguration, server: .server(certificate: Self.certificate(.rsa2048)))
        let steps = TLSTestSupport.handshake(client: client, server: server)
        let clientError = try #require(steps.client.error)
        #expect(clientError.kind == .alertReceived)
        #expect(clientError.alert == .handshakeFailure)
        #expect(steps.server.error?.alert == .handshakeFailure)
        #expect(client.lastAlertReceived == .handshakeFailure)
    }

    @Test func alpnPicksServersFirstPreferenceThatClientOffers() throws {
        var clientConfiguration = TLSConfiguration.client()
        clientConfiguration.applicationProtocols = ["castv2", "h2"]
        var serverConfiguration = TLSConfiguration.server(certificate: try Self.certificate(.ecP256))
        serverConfiguration.applicationProtocols = ["h2", "castv2"]
        let (client, server) = try TLSTestSupport.pair(client: clientConfiguration, server: serverConfiguration)
        TLSTestSupport.handshake(client: client, server: server)
        #expect(client.negotiatedApplicationProtocol == "h2")
        #expect(server.negotiatedApplicationProtocol == "h2")
    }

    @Test func withoutALPNNothingIsNegotiated() throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(), server: .server(certificate: Self.certificate(.ecP256)))
        TLSTestSupport.handshake(client: client, server: server)
        #expect(client.negotiatedApplicationProtocol == nil)
    }

    @Test func garbageCiphertextFailsWithMalformedRecordAndStaysFailed() throws {
        let server = try TLSConnection(
            context: TLSContext(configuration: .server(certificate: Self.certificate(.rsa2048))))
        server.feed(ciphertext: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let error = try #require(server.handshake().error)
        #expect(error.kind == .malformedRecord)
        #expect(error.openSSLErrors.contains { $0.library == "SSL routines" })
        // Further calls keep failing the same way without touching OpenSSL state.
        #expect(server.handshake().error?.kind == .malformedRecord)
        #expect(server.read().error?.kind == .malformedRecord)
    }

    @Test func randomBytesAfterHandshakeFailTheReadWithoutCrashing() throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(), server: .server(certificate: Self.certificate(.ecP256)))
        TLSTestSupport.handshake(client: client, server: server)
        var generator = SeededGenerator(seed: 0x7153)
        let noise = [0x17, 0x03, 0x03, 0x00, 0x40] + (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        server.feed(ciphertext: noise)
        let error = try #require(server.read().error)
        #expect(error.kind == .malformedRecord)
    }

    @Test func truncatedRecordWaitsForMoreBytes() throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(), server: .server(certificate: Self.certificate(.ecP256)))
        TLSTestSupport.handshake(client: client, server: server)
        _ = client.write(Array("hello".utf8))
        let record = client.takeCiphertext()
        server.feed(ciphertext: Array(record.prefix(record.count - 3)))
        guard case .incomplete = server.read() else { Issue.record("expected incomplete"); return }
        server.feed(ciphertext: Array(record.suffix(3)))
        guard case .complete(.data(let data)) = server.read() else { Issue.record("expected data"); return }
        #expect(data == Array("hello".utf8))
    }

    @Test func writeBeforeHandshakeIsInvalidState() throws {
        let client = try TLSConnection(context: TLSContext(configuration: .client()))
        #expect(client.write([1, 2, 3]).error?.kind == .invalidState)
    }

    @Test func closeNotifyIsReadAsClosedAndShutdownCompletes() throws {
        let (client, server) = try TLSTestSupport.pair(
            client: .client(), server: .server(certificate: Self.certificate(.rsa2048)))
        TLSTestSupport.handshake(client: client, server: server)
        _ = client.write(Array("last words".utf8))
        guard case .incomplete = client.shutdown() else { Issue.record("expected incomplete shutdown"); return }
        server.feed(ciphertext: client.takeCiphertext())
        guard case .complete(.data(let data)) = server.read() else { Issue.record("expected data first"); return }
        #expect(data == Array("last words".utf8))
        guard case .complete(.closed) = server.read() else { Issue.record("expected closed"); return }
        #expect(server.lastAlertReceived == .closeNotify)
        #expect(server.shutdown().isComplete)
        client.feed(ciphertext: server.takeCiphertext())
        #expect(client.shutdown().isComplete)
    }

}

extension TLSConnectionTests {
    @Test func serverConfiguredToRejectSendsThatAlertAndClientNamesIt() throws {
        var serverConfiguration = TLSConfiguration.server(certificate: try Self.certificate(.ecP256))
        serverConfiguration.rejectHandshakesWithAlert = .handshakeFailure
        let (client, server) = try TLSTestSupport.pair(client: .client(), server: serverConfiguration)
        let steps = TLSTestSupport.handshake(client: client, server: server)
        let clientError = try #require(steps.client.error)
        #expect(clientError.kind == .alertReceived)
        #expect(clientError.alert == .handshakeFailure)
        #expect(clientError.description.contains("handshake_failure"))
        let serverError = try #require(steps.server.error)
        #expect(serverError.kind == .alertSent)
        #expect(server.lastAlertSent == .handshakeFailure)
    }
}
