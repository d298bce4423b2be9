import CastLog
import CastTLS
import CastWire
import Foundation
import CastTestKit
import Testing

@testable import CastInspect

/// The inspector checks the device-auth exchange it sees on a Cast connection, at the capture's time.
@Suite struct DeviceAuthFindingTests {
    static let deviceAuth = "urn:x-cast:com.google.cast.tp.deviceauth"
    static let captured = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    static let day: TimeInterval = 86_400

    /// root → ICA → device, with the ICA's name, end and policies as given.
    struct Chain {
        let root: IssuedCertificate
        let ica: IssuedCertificate
        let device: IssuedCertificate

        init(icaName: String = "Test ICA", icaNotAfter: Date = captured + 365 * day, policies: [String] = [])
            throws
        {
            root = try CertificateIssuer.issue(
                CertificateRequest(subject: [("CN", "Test Root")], serial: 1, notBefore: captured - 3650 * day,
                                   isCertificateAuthority: true),
                key: try TestKeys.rsa2048(named: "finding/root"))
            ica = try CertificateIssuer.issue(
                CertificateRequest(subject: [("CN", icaName)], serial: 2, notBefore: captured - 3650 * day,
                                   notAfter: icaNotAfter, isCertificateAuthority: true, pathLength: 0, policyOIDs: policies),
                key: try TestKeys.rsa2048(named: "finding/ica"), issuer: root)
            device = try CertificateIssuer.issue(
                CertificateRequest(subject: [("CN", "Test Device")], serial: 3, notBefore: captured - 3650 * day,
                                   isCertificateAuthority: false, policyOIDs: policies),
                key: try TestKeys.rsa2048(named: "finding/device"), issuer: ica)
        }

        func response(nonce: [UInt8], tlsDER: [UInt8], corrupt: Bool = false) throws -> AuthResponse {
            let signer = DeviceAuthSigner(
                deviceCertificate: device.certificate, privateKey: device.privateKey, intermediates: [ica.certificate])
            var signature = try signer.sign(nonce: nonce, peerCertificateDER: tlsDER)
            if corrupt { signature[0] ^= 0x01 }
            return AuthResponse(
                signature: signature, clientAuthCertificate: device.certificate.derBytes,
                intermediateCertificates: [ica.certificate.derBytes], signatureAlgorithm: .rsassaPKCS1v15,
                senderNonce: nonce, hashAlgorithm: .sha256)
        }
    }

    static func frame(_ message: DeviceAuthMessage, fromSender: Bool) throws -> [UInt8] {
        let (source, destination) = fromSender ? ("sender-0", "receiver-0") : ("receiver-0", "sender-0")
        return try CastFrameEncoder.encode(
            CastMessage(sourceID: source, destinationID: destination, namespace: deviceAuth, binary: message.protobufBytes()))
    }

    /// The finding codes of a plaintext Cast connection carrying the challenge and `response`, trusting `root`.
    static func codes(_ response: AuthResponse, trusting root: X509Certificate) throws -> [String] {
        try findings(response, trusting: root).map(\.code)
    }

    /// The `auth.` findings of a plaintext Cast connection carrying the challenge and `response`, trusting `root`.
    static func findings(_ response: AuthResponse, trusting root: X509Certificate, at time: Date = captured)
        throws -> [Finding]
    {
        let challenge = try frame(DeviceAuthMessage(challenge: AuthChallenge(senderNonce: response.senderNonce)), fromSender: true)
        let answer = try frame(DeviceAuthMessage(response: response), fromSender: false)
        var options = InspectOptions()
        options.deviceTrustStore = CastTrustStore(roots: [root])
        var events: [InspectEvent] = []
        let inspector = Inspector(options: options) { events.append($0) }
        let seconds = Int64(time.timeIntervalSince1970)
        let packets = [
            InspectorPacketTests.segment(fromClient: true, sequence: 999, flags: 0x02),
            InspectorPacketTests.segment(fromClient: false, sequence: 4999, flags: 0x12),
            InspectorPacketTests.segment(fromClient: true, sequence: 1000, payload: challenge),
            InspectorPacketTests.segment(fromClient: false, sequence: 5000, payload: answer),
        ]
        for (index, packet) in packets.enumerated() {
            inspector.process(CapturedPacket(number: index + 1, time: LogTimestamp(seconds: seconds, microseconds: 0),
                                             linkType: .ethernet, bytes: packet, originalLength: packet.count))
        }
        _ = inspector.finish()
        return events.compactMap { if case .finding(let finding) = $0, finding.code.hasPrefix("auth.") { finding } else { nil } }
    }

    static let nonce = [UInt8](repeating: 7, count: 16)
    static let tls: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01]

    @Test func trustedChainGivesNoAuthFinding() throws {
        let chain = try Chain()
        #expect(try Self.codes(chain.response(nonce: Self.nonce, tlsDER: Self.tls), trusting: chain.root.certificate) == [])
    }

    @Test func audioOnlyChainIsAnInfoFinding() throws {
        let chain = try Chain(policies: [DevicePolicy.audioOnlyPolicyOID])
        let codes = try Self.codes(chain.response(nonce: Self.nonce, tlsDER: Self.tls), trusting: chain.root.certificate)
        #expect(codes == ["auth.audio-only"])
    }

    @Test func expiredIntermediateAtCaptureTimeIsUntrustedAsDateInvalidNamingTheICA() throws {
        let chain = try Chain(icaNotAfter: Self.captured - Self.day)
        let findings = try Self.findings(
            chain.response(nonce: Self.nonce, tlsDER: Self.tls), trusting: chain.root.certificate)
        #expect(findings.map(\.code) == ["auth.untrusted"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.summary == "device chain untrusted (date-invalid) at certificate 1 (CN=Test ICA)")
        #expect(findings.first?.detail.contains("intermediate 1 (CN=Test ICA) is out of date") == true)
    }

    @Test func intermediateExpiredNowButValidAtCaptureTimeIsTrusted() throws {
        // The capture's time decides, not the clock of the machine reading it.
        let chain = try Chain(icaNotAfter: Self.captured - Self.day)
        let response = try chain.response(nonce: Self.nonce, tlsDER: Self.tls)
        #expect(try Self.findings(response, trusting: chain.root.certificate, at: Self.captured - 30 * Self.day) == [])
    }

    @Test func chromecastICA3ExpiredIn2025IsNamedAsSuch() throws {
        let expiry = Date(timeIntervalSince1970: 1_741_538_679)  // 2025-03-09T16:44:39Z
        let chain = try Chain(icaName: "Chromecast ICA 3", icaNotAfter: expiry)
        let codes = try Self.codes(chain.response(nonce: Self.nonce, tlsDER: Self.tls), trusting: chain.root.certificate)
        #expect(codes == ["auth.expired-ica-2025"])
        let finding = try Self.findings(
            chain.response(nonce: Self.nonce, tlsDER: Self.tls), trusting: chain.root.certificate).first
        #expect(finding?.severity == .error)
        #expect(finding?.summary.contains("at certificate 1 (CN=Chromecast ICA 3)") == true)
        #expect(finding?.detail.contains("firmware update") == true)
    }

    @Test func chainUnderTheBuiltInRootsOnlyIsUntrusted() throws {
        let chain = try Chain()
        let codes = try Self.codes(
            chain.response(nonce: Self.nonce, tlsDER: Self.tls),
            trusting: try X509Certificate(pem: CastRootCertificates.castRootCA))
        #expect(codes == ["auth.untrusted"])
    }

    @Test func signatureThatDoesNotCoverTheTLSCertificateIsBadSignature() throws {
        let chain = try Chain()
        var watch = DeviceAuthWatch()
        watch.trustStore = CastTrustStore(roots: [chain.root.certificate])
        watch.tlsCertificateDER = Self.tls
        var findings: [Finding] = []
        let time = LogTimestamp(seconds: Int64(Self.captured.timeIntervalSince1970), microseconds: 0)
        func record(_ message: DeviceAuthMessage, _ direction: FlowDirection) throws -> CastMessageRecord {
            let (source, destination) = direction == .c2s ? ("sender-0", "receiver-0") : ("receiver-0", "sender-0")
            return CastMessageRecord(
                time: time, flow: "f", direction: direction, offset: 0,
                message: CastMessage(sourceID: source, destinationID: destination, namespace: Self.deviceAuth,
                                     binary: message.protobufBytes()))
        }
        var challenge = try record(DeviceAuthMessage(challenge: AuthChallenge(senderNonce: Self.nonce)), .c2s)
        watch.note(&challenge, flow: "f", findings: &findings)
        var good = try record(DeviceAuthMessage(response: try chain.response(nonce: Self.nonce, tlsDER: Self.tls)), .s2c)
        watch.note(&good, flow: "f", findings: &findings)
        #expect(findings.map(\.code) == [])
        #expect(good.deviceAuth?.signature == .valid)
        let bad = try chain.response(nonce: Self.nonce, tlsDER: Self.tls, corrupt: true)
        var badRecord = try record(DeviceAuthMessage(response: bad), .s2c)
        watch.note(&badRecord, flow: "f", findings: &findings)
        #expect(findings.map(\.code) == ["auth.bad-signature"])
        #expect(badRecord.deviceAuth?.signature == .invalid)
    }
}
