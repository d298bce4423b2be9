import CastChannel
import CastNet
import CastTLS
import CastTestKit
import CastWire
import Foundation
import Testing

/// A receiver whose device-auth answers are altered before they are sent.
final class TamperingResponder: CastMessageHandler {
    let signer: DeviceAuthSigner
    let tlsDER: [UInt8]
    let tamper: ([UInt8]) -> [UInt8]

    init(signer: DeviceAuthSigner, tlsDER: [UInt8], tamper: @escaping ([UInt8]) -> [UInt8]) {
        self.signer = signer
        self.tlsDER = tlsDER
        self.tamper = tamper
    }

    func handle(_ message: CastMessage, from socket: CastSocket) {
        guard let challenge = DeviceAuthCoding.challenge(from: message),
            case .response(var response) = signer.respond(to: challenge, tlsCertificateDER: tlsDER)
        else { return }
        response.signature = tamper(response.signature)
        try? socket.send(
            CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID,
                namespace: CastNamespace.deviceAuth.rawValue, binary: DeviceAuthCoding.encode(.response(response))))
    }
}

/// Sender with a `DeviceAuthHandler`, receiver with a responder, TLS certificate and clock inside the fixture
/// chain's validity.
struct DeviceAuthSetup {
    let stacks: StackPair
    let handler: DeviceAuthHandler
    let tlsDER: [UInt8]
    let signer: DeviceAuthSigner
    var results: [Result<DeviceAuthVerifier.Result, DeviceAuthError>] { recorder.results }
    let recorder = ResultRecorder()

    final class ResultRecorder {
        var results: [Result<DeviceAuthVerifier.Result, DeviceAuthError>] = []
    }

    init(root: String = "root.pem", receiverHandler: ((DeviceAuthSigner, [UInt8]) -> any CastMessageHandler)? = nil)
        throws
    {
        signer = try ChannelFixtures.signer()
        // A time inside every fixture's validity, derived from the fixtures so they never become a time bomb.
        let now = signer.deviceCertificate.notBefore.addingTimeInterval(86_400)
        let tls = try DeviceCertificate.generateSelfSigned(
            commonName: "emulator", lifetime: 2 * 86_400, keyType: .ecP256, now: now.addingTimeInterval(-3_600))
        tlsDER = tls.certificate.derBytes
        stacks = try StackPair(serverContext: TLSContext(configuration: .server(certificate: tls)))
        let responder =
            receiverHandler?(signer, tlsDER) ?? DeviceAuthResponder(signer: signer, tlsCertificateDER: tlsDER)
        stacks.receiver.namespaces.register(responder, for: .deviceAuth)
        handler = DeviceAuthHandler(
            verifier: DeviceAuthVerifier(trustStore: try ChannelFixtures.trustStore(root: root)), clock: stacks.clock)
        handler.currentDate = { now }
        stacks.sender.namespaces.register(handler, for: .deviceAuth)
    }

    func authenticate() {
        let recorder = self.recorder
        handler.authenticate(stacks.client) { recorder.results.append($0) }
        stacks.pump()
    }

    /// The failure's Chromium name, or nil on success / no result.
    var failureName: String? {
        guard case .failure(let error)? = results.first else { return nil }
        return error.chromiumName
    }
}

@Suite struct DeviceAuthHandlerTests {
    @Test func fixtureDeviceAuthenticatesEndToEnd() throws {
        let setup = try DeviceAuthSetup()
        setup.authenticate()
        #expect(setup.results.count == 1)
        guard case .success(let result)? = setup.results.first else {
            Issue.record("got \(setup.results)")
            return
        }
        #expect(result.deviceCertificate.subjectCommonName == "castscope-emulator-device")
        #expect(result.hashAlgorithm == .sha256)
        #expect(setup.stacks.client.state == .open)
    }

    @Test func challengeIsBinarySHA256WithSixteenByteNonceToReceiverZero() throws {
        let setup = try DeviceAuthSetup()
        setup.authenticate()
        let challenge = try #require(
            setup.stacks.receiver.events.messages.first {
                $0.namespace == CastNamespace.deviceAuth.rawValue
            })
        #expect(challenge.destinationID == "receiver-0")
        #expect(challenge.payloadType == .binary)
        let decoded = try #require(DeviceAuthCoding.challenge(from: challenge))
        #expect(decoded.senderNonce.count == 16)
        #expect(decoded.hashAlgorithm == .sha256)
    }

    @Test func wrongRootFailsAsNotSignedByTrustedCAAndClosesChannel() throws {
        let setup = try DeviceAuthSetup(root: "other-root.pem")
        setup.authenticate()
        #expect(setup.failureName == "CERT_NOT_SIGNED_BY_TRUSTED_CA")
        #expect(setup.stacks.client.state == .closed)
        guard case .authentication? = setup.stacks.sender.events.closeReasons.first else {
            Issue.record("got \(setup.stacks.sender.events.closeReasons)")
            return
        }
    }

    @Test func tamperedSignatureFailsAsSignedBlobsMismatch() throws {
        let setup = try DeviceAuthSetup { signer, der in
            TamperingResponder(signer: signer, tlsDER: der) { signature in
                var copy = signature
                copy[0] ^= 0x01
                return copy
            }
        }
        setup.authenticate()
        #expect(setup.failureName == "SIGNED_BLOBS_MISMATCH")
    }

    @Test func signatureForAnotherTLSCertificateFails() throws {
        let setup = try DeviceAuthSetup { signer, der in
            DeviceAuthResponder(signer: signer, tlsCertificateDER: der + [0])
        }
        setup.authenticate()
        #expect(setup.failureName == "SIGNED_BLOBS_MISMATCH")
    }

    @Test func stringReplyFailsAsWrongPayloadType() throws {
        let setup = try DeviceAuthSetup { _, _ in StringReplier() }
        setup.authenticate()
        #expect(setup.failureName == "WRONG_PAYLOAD_TYPE")
    }

    @Test func garbageReplyFailsAsPayloadParsingFailed() throws {
        let setup = try DeviceAuthSetup { _, _ in BinaryReplier(payload: [0x0a, 0x7f, 0x01]) }
        setup.authenticate()
        #expect(setup.failureName == "PAYLOAD_PARSING_FAILED")
    }

    @Test func authErrorReplyFailsAsMessageError() throws {
        let setup = try DeviceAuthSetup { _, _ in
            BinaryReplier(payload: DeviceAuthCoding.encode(DeviceAuthReply.error(.signatureAlgorithmUnavailable)))
        }
        setup.authenticate()
        #expect(setup.failureName == "MESSAGE_ERROR")
    }

    @Test func silentReceiverTimesOutOnce() throws {
        let setup = try DeviceAuthSetup { signer, der in
            let responder = DeviceAuthResponder(signer: signer, tlsCertificateDER: der)
            responder.isEnabled = false
            return responder
        }
        setup.stacks.sender.heartbeat.detach(setup.stacks.client)  // keep the heartbeat out of this test
        setup.authenticate()
        #expect(setup.results.isEmpty)
        setup.stacks.clock.advance(by: .seconds(10))
        setup.stacks.clock.advance(by: .seconds(10))
        #expect(setup.results.count == 1)
        guard case .failure(let error)? = setup.results.first, case .timedOut = error.kind else {
            Issue.record("got \(setup.results)")
            return
        }
    }

    @Test func channelCloseFailsPendingChallengeOnce() throws {
        let setup = try DeviceAuthSetup { _, _ in EchoRecorder() }
        setup.authenticate()
        setup.handler.socketClosed(setup.stacks.client)
        setup.handler.socketClosed(setup.stacks.client)
        #expect(setup.failureName == "NO_RESPONSE")
        #expect(setup.results.count == 1)
    }
}

/// Answers any device-auth message with a STRING payload.
final class StringReplier: CastMessageHandler {
    func handle(_ message: CastMessage, from socket: CastSocket) {
        try? socket.send(
            CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID, namespace: message.namespace,
                json: "{}"))
    }
}

/// Answers any device-auth message with fixed binary bytes.
final class BinaryReplier: CastMessageHandler {
    let payload: [UInt8]
    init(payload: [UInt8]) { self.payload = payload }
    func handle(_ message: CastMessage, from socket: CastSocket) {
        try? socket.send(
            CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID, namespace: message.namespace,
                binary: payload))
    }
}
