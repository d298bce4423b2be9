import CastTLS
import Foundation
import Testing

/// The device side of device auth (what the emulator answers).
@Suite struct DeviceAuthSignerTests {
    let fixture: DeviceAuthFixture
    init() throws { fixture = try DeviceAuthFixture() }

    @Test func signerAnswersUnusableRequestsWithAnAuthError() throws {
        let unknownHash = DeviceAuthChallenge(senderNonce: [1], hashAlgorithm: CastHashAlgorithm(rawValue: 5))
        #expect(fixture.signer.respond(to: unknownHash, tlsCertificateDER: [1]) == .error(.signatureAlgorithmUnavailable))
        let challenge = try DeviceAuthChallenge.generate()
        #expect(fixture.signer.respond(to: challenge, tlsCertificateDER: []) == .error(.noTLS))
    }
}
