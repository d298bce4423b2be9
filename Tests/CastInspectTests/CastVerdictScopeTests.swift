import CastLog
import CastTLS
import CastWire
import Foundation
import CastTestKit
import Testing

@testable import CastInspect

/// Cast verdicts only on Cast connections; mDNS only where RFC 6762 says; silence on a Cast port is a finding.
@Suite struct CastVerdictScopeTests {
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    static func codes(_ events: [InspectEvent]) -> [String] { InspectorPacketTests.codes(events) }

    @Test func dnsIsMDNSOnlyToOrFrom5353AsRFC6762Says() {
        #expect(Inspector.isMDNS(sourcePort: 5353, destinationPort: 5353))
        #expect(Inspector.isMDNS(sourcePort: 40000, destinationPort: 5353))  // legacy unicast query (§6.7)
        #expect(Inspector.isMDNS(sourcePort: 5353, destinationPort: 40000))  // its answer
        #expect(!Inspector.isMDNS(sourcePort: 5353, destinationPort: 53))  // a unicast DNS query from 5353
        #expect(!Inspector.isMDNS(sourcePort: 40000, destinationPort: 53))
    }

    /// A year-long server certificate, as HTTPS servers have.
    static func longLivedCertificate() throws -> DeviceCertificate {
        let issued = try CertificateIssuer.issue(
            CertificateRequest(subject: [("CN", "www.example.test")], serial: 7, notBefore: now - 86_400,
                               notAfter: now + 365 * 86_400, isCertificateAuthority: false),
            key: try TestKeys.rsa2048(named: "www.example.test"))
        return DeviceCertificate(certificate: issued.certificate, privateKey: issued.privateKey)
    }

    @Test func decryptedHTTPSOn443GetsNoCastVerdicts() throws {
        let session = try TLSCastSession(
            version: .tls13, now: Self.now, serverPort: 443, certificate: Self.longLivedCertificate())
        session.send(Array("GET / HTTP/1.1\r\nHost: www.example.test\r\n\r\n".utf8), fromClient: true)
        session.send(Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8), fromClient: false)
        var options = InspectOptions()
        options.keyLog.add(text: session.keyLogText)
        let run = session.inspect(at: Self.now, options: options)
        let codes = Self.codes(run.events)
        #expect(!codes.contains { $0.hasPrefix("cast.") }, "\(codes)")
        #expect(!codes.contains("tls.cert-lifetime"), "\(codes)")
        #expect(run.connections.first?.castMessages == 0)
    }

    @Test func theSameLongLivedCertificateOnTheCastPortIsJudged() throws {
        let session = try TLSCastSession(version: .tls13, now: Self.now, certificate: Self.longLivedCertificate())
        var options = InspectOptions()
        options.keyLog.add(text: session.keyLogText)
        #expect(Self.codes(session.inspect(at: Self.now, options: options).events).contains("tls.cert-lifetime"))
    }

    @Test func undecryptableTLSOffTheCastPortDoesNotSpeakOfCastMessages() throws {
        let session = try TLSCastSession(version: .tls12, now: Self.now, serverPort: 443)
        let run = session.inspect(at: Self.now, options: InspectOptions())
        let noKey = run.events.compactMap { event -> Finding? in
            if case .finding(let finding) = event, finding.code == "tls.no-key" { finding } else { nil }
        }
        #expect(!noKey.isEmpty)
        #expect(noKey.allSatisfy { !$0.summary.contains("Cast messages") && $0.summary.contains("--port 443") }, "\(noKey.map(\.summary))")
    }

    static func syn(at seconds: Int64, port: UInt16) -> (Int64, [UInt8]) {
        (seconds, InspectorPacketTests.segment(fromClient: true, sequence: 999, flags: 0x02, serverPort: port))
    }

    @Test func unansweredSYNsToTheCastPortAreTcpNoAnswerWithCountAndSpan() throws {
        let run = InspectorPacketTests.inspect([Self.syn(at: 10, port: 8009), Self.syn(at: 11, port: 8009),
                                                Self.syn(at: 13, port: 8009)])
        let finding = try #require(run.events.compactMap { event -> Finding? in
            if case .finding(let finding) = event, finding.code == "tcp.no-answer" { finding } else { nil }
        }.first)
        #expect(finding.summary.contains("3 SYNs") && finding.summary.contains("10.0.0.2:8009"), "\(finding.summary)")
        #expect(finding.summary.contains("3.000 s"), "\(finding.summary)")
        #expect(finding.severity == .error)
    }

    @Test func unansweredSYNsElsewhereOrAnsweredOnesAreNoFinding() {
        let elsewhere = InspectorPacketTests.inspect([Self.syn(at: 1, port: 80), Self.syn(at: 2, port: 80)])
        #expect(!Self.codes(elsewhere.events).contains("tcp.no-answer"))
        let answered = InspectorPacketTests.inspect([
            Self.syn(at: 1, port: 8009),
            (1, InspectorPacketTests.segment(fromClient: false, sequence: 4999, flags: 0x12)),
        ])
        #expect(!Self.codes(answered.events).contains("tcp.no-answer"))
    }

    @Test func ajpOn8009IsRecognisedAsNotCastWithAFindingAndNoTLSNoise() {
        let forwardRequest: [UInt8] = [0x12, 0x34, 0x00, 0x0A, 0x02, 0x02, 0x00, 0x08, 0x48, 0x54, 0x54, 0x50]
        let run = InspectorPacketTests.inspect([
            (1, InspectorPacketTests.segment(fromClient: true, sequence: 999, flags: 0x02)),
            (1, InspectorPacketTests.segment(fromClient: false, sequence: 4999, flags: 0x12)),
            (2, InspectorPacketTests.segment(fromClient: true, sequence: 1000, payload: forwardRequest)),
        ])
        let codes = Self.codes(run.events)
        #expect(codes.contains("tcp.not-cast"), "\(codes)")
        #expect(!codes.contains { $0.hasPrefix("tls.") || $0.hasPrefix("cast.") }, "\(codes)")
        #expect(Inspector.otherProtocol(Array("GET / HTTP/1.1".utf8)) == "HTTP")
        #expect(Inspector.otherProtocol([0x16, 0x03, 0x01]) == nil)
    }
}
