import CastJSON
import CastLog
import CastTLS
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// Device authentication on real TLS sessions: the signature is checked against the TLS certificate the inspector
/// reads from the handshake (plaintext in 1.2, decrypted in 1.3), and the verdict reaches text, JSON and HTML.
@Suite struct DeviceAuthTLSTests {
    typealias Chain = DeviceAuthFindingTests.Chain
    static let nonce = DeviceAuthFindingTests.nonce
    static let captured = DeviceAuthFindingTests.captured
    static let versions: [TLSVersion] = [.tls12, .tls13]

    /// A session of `version` carrying the challenge and `chain`'s response over the session's own TLS certificate,
    /// inspected with its key log and `chain`'s root trusted.
    static func run(_ version: TLSVersion, chain: Chain, corrupt: Bool = false) throws
        -> (events: [InspectEvent], connections: [ConnectionSummary])
    {
        let session = try TLSCastSession(version: version, now: captured)
        let tlsDER = session.tlsCertificate.certificate.derBytes
        let challenge = DeviceAuthMessage(challenge: AuthChallenge(senderNonce: nonce, hashAlgorithm: .sha256))
        session.send(try DeviceAuthFindingTests.frame(challenge, fromSender: true), fromClient: true)
        let response = try chain.response(nonce: nonce, tlsDER: tlsDER, corrupt: corrupt)
        session.send(try DeviceAuthFindingTests.frame(DeviceAuthMessage(response: response), fromSender: false),
                     fromClient: false)
        var options = InspectOptions()
        options.deviceTrustStore = CastTrustStore(roots: [chain.root.certificate])
        options.keyLog.add(text: session.keyLogText)
        return session.inspect(at: captured, options: options)
    }

    static func findings(_ events: [InspectEvent]) -> [Finding] {
        events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
    }

    static func authCodes(_ events: [InspectEvent]) -> [String] {
        findings(events).map(\.code).filter { $0.hasPrefix("auth.") }
    }

    @Test(arguments: versions)
    func signatureOverTheHandshakesTLSCertificateVerifies(version: TLSVersion) throws {
        let run = try Self.run(version, chain: try Chain())
        #expect(Self.findings(run.events).map(\.code) == [])
        let connection = try #require(run.connections.first)
        #expect(connection.castMessages == 2)
        #expect(connection.deviceAuth == DeviceAuthSummary(
            commonName: "Test Device", policy: "unrestricted", verdict: "trusted", reason: nil, signature: .valid))
    }

    @Test(arguments: versions)
    func alteredSignatureOnADecryptedConnectionIsBadSignature(version: TLSVersion) throws {
        let run = try Self.run(version, chain: try Chain(), corrupt: true)
        #expect(Self.authCodes(run.events) == ["auth.bad-signature"])
        #expect(Self.findings(run.events).first { $0.code == "auth.bad-signature" }?.severity == .error)
        #expect(run.connections.first?.deviceAuth?.signature == .invalid)
        #expect(run.connections.first?.deviceAuth?.verdict == "trusted")
    }

    @Test func tlsConnectionWhoseCertificateWasNotSeenLeavesTheSignatureUncheckedAndSaysSo() throws {
        // (TLS 1.3 keys without the handshake secrets: the inspector then decrypts no Cast message at all, so the
        // watch is driven directly here.)
        let chain = try Chain()
        var watch = DeviceAuthWatch()
        watch.trustStore = CastTrustStore(roots: [chain.root.certificate])
        watch.isTLS = true
        let time = LogTimestamp(seconds: Int64(Self.captured.timeIntervalSince1970), microseconds: 0)
        var findings: [Finding] = []
        for (message, direction) in [
            (DeviceAuthMessage(challenge: AuthChallenge(senderNonce: Self.nonce)), FlowDirection.c2s),
            (DeviceAuthMessage(response: try chain.response(nonce: Self.nonce, tlsDER: [1], corrupt: true)), .s2c),
        ] {
            let (source, destination) = direction == .c2s ? ("sender-0", "receiver-0") : ("receiver-0", "sender-0")
            var record = CastMessageRecord(
                time: time, flow: "f", direction: direction, offset: 0,
                message: CastMessage(sourceID: source, destinationID: destination,
                                     namespace: DeviceAuthFindingTests.deviceAuth, binary: message.protobufBytes()))
            watch.note(&record, flow: "f", findings: &findings)
        }
        #expect(findings.isEmpty)
        let summary = try #require(watch.summary)
        #expect(summary.signature == .unchecked)
        #expect(summary.note?.contains("Certificate was not seen") == true)
        #expect(summary.verdict == "trusted")
    }

    @Test func plaintextConnectionLeavesTheSignatureUncheckedAndSaysSo() throws {
        let chain = try Chain()
        let response = try chain.response(nonce: Self.nonce, tlsDER: DeviceAuthFindingTests.tls, corrupt: true)
        let packets: [(Int64, [UInt8])] = try [
            (1, InspectorPacketTests.segment(fromClient: true, sequence: 999, flags: 0x02)),
            (1, InspectorPacketTests.segment(fromClient: false, sequence: 4999, flags: 0x12)),
            (2, InspectorPacketTests.segment(fromClient: true, sequence: 1000, payload: DeviceAuthFindingTests.frame(
                DeviceAuthMessage(challenge: AuthChallenge(senderNonce: Self.nonce)), fromSender: true))),
            (2, InspectorPacketTests.segment(fromClient: false, sequence: 5000, payload: DeviceAuthFindingTests.frame(
                DeviceAuthMessage(response: response), fromSender: false))),
        ]
        let events = InspectorPacketTests.inspect(packets).events
        let summary = try #require(events.compactMap { if case .cast(let record) = $0 { record.deviceAuth } else { nil } }.first)
        #expect(summary.signature == .unchecked)
        #expect(summary.note?.contains("plaintext") == true)
        // Under the built-in roots the generated chain is not trusted, and its policy is not reported.
        #expect(summary.verdict == "untrusted")
        #expect(summary.reason == "untrusted-root")
        #expect(summary.policy == nil)
        #expect(!InspectorPacketTests.codes(events).contains("auth.bad-signature"))
    }

    @Test func verdictIsOnTheResponsesJSONLineTheTextReportAndTheHTMLReport() throws {
        let run = try Self.run(.tls13, chain: try Chain(policies: [DevicePolicy.audioOnlyPolicyOID]))
        #expect(Self.authCodes(run.events) == ["auth.audio-only"])
        let lines = run.events.map { InspectJSON.json(for: $0) }
        let response = try #require(lines.first { $0["deviceAuth"] != nil })
        #expect(response["kind"]?.stringValue == "cast")
        #expect(response["direction"]?.stringValue == "s2c")
        let auth = try #require(response["deviceAuth"])
        #expect(auth["commonName"]?.stringValue == "Test Device")
        #expect(auth["policy"]?.stringValue == "audio-only")
        #expect(auth["verdict"]?.stringValue == "trusted")
        #expect(auth["reason"] == .null)
        #expect(auth["signature"]?.stringValue == "valid")
        #expect(auth["note"] == nil)

        let expected = #""Test Device", audio-only, trusted, signature valid"#
        var text = ""
        let report = InspectReport(json: false, quiet: false, only: []) { text += $0 }
        run.events.forEach(report.handle)
        #expect(text.contains("<\(Self.responseSize(run.events)) binary bytes>  (device auth: \(expected))"))

        let collector = ReportCollector()
        run.events.forEach(collector.handle)
        collector.finish(summary: InspectSummary())
        var bytes: [UInt8] = []
        _ = HTMLReportWriter.render(collector, title: "t") { bytes += $0 }
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.contains("device auth: &quot;Test Device&quot;, audio-only, trusted, signature valid"))
    }

    /// The binary payload size of the device's AuthResponse.
    static func responseSize(_ events: [InspectEvent]) -> Int {
        events.compactMap { if case .cast(let record) = $0, record.deviceAuth != nil { record.message.payloadBinary?.count } else { nil } }
            .first ?? -1
    }
}
