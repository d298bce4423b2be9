import CastLog
import CastTLS
import CastTestKit
import CastWire
import Foundation
import Testing

@testable import CastInspect

@Suite struct ServerCertificateCacheTests {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func certificate(_ name: String, serial: UInt64 = 1) throws -> X509Certificate {
        try CertificateIssuer.issue(
            CertificateRequest(subject: [("CN", name)], serial: serial, notBefore: now - 3_600,
                               notAfter: now + 2 * 86_400, isCertificateAuthority: false),
            key: try TestKeys.rsa2048(named: "server-certificate-cache")).certificate
    }

    @Test func factsAreTheCertificatesOwnOnEverySighting() throws {
        let certificate = try Self.certificate("device-a")
        var cache = ServerCertificateCache()
        for _ in 0..<3 {
            let found = cache.facts(of: certificate.derBytes)
            let facts = try #require(found)
            #expect(facts.subject == "device-a")
            #expect(facts.issuer == "device-a")
            #expect(facts.notBefore == certificate.notBefore)
            #expect(facts.notAfter == certificate.notAfter)
            #expect(abs(facts.lifetimeDays - certificate.lifetime / 86_400) < 1e-9)
            #expect(facts.lifetimeDaysText == "2.04")
        }
        #expect(cache.count == 1)
    }

    @Test func anUnparseableCertificateHasNoFactsEveryTime() throws {
        var cache = ServerCertificateCache()
        let der = Array(try Self.certificate("device-b").derBytes.prefix(40))
        #expect(cache.facts(of: der) == nil)
        #expect(cache.facts(of: der) == nil)
        #expect(cache.count == 1)
    }

    @Test func aFullCacheStartsAgainAndStillAnswersRight() throws {
        var cache = ServerCertificateCache()
        let count = ServerCertificateCache.capacity + 3
        let certificates = try (0..<count).map { try Self.certificate("device-\($0)", serial: UInt64($0) + 1) }
        for (index, certificate) in certificates.enumerated() {
            #expect(cache.facts(of: certificate.derBytes)?.subject == "device-\(index)")
            #expect(cache.count <= ServerCertificateCache.capacity)
        }
        #expect(cache.count == count - ServerCertificateCache.capacity, "emptied when full, then refilled")
        #expect(cache.facts(of: certificates[0].derBytes)?.subject == "device-0")
    }

    /// The cache holds what a certificate says, not the verdicts: each connection is judged at its own time.
    @Test func aCertificateSeenAgainIsJudgedAtItsOwnConnectionsTime() throws {
        let device = try DeviceCertificate.generateSelfSigned(
            commonName: "tls-device", key: try TestKeys.rsa2048(named: "tls-device"), now: Self.now)
        let later = Self.now + 3 * 86_400  // past the 2-day certificate's notAfter
        let first = try TLSCastSession(version: .tls13, now: Self.now, clientPort: 40001, certificate: device)
        let second = try TLSCastSession(version: .tls13, now: Self.now, clientPort: 40002, certificate: device)
        var options = InspectOptions()
        options.keyLog.add(text: first.keyLogText)
        options.keyLog.add(text: second.keyLogText)
        var events: [InspectEvent] = []
        let inspector = Inspector(options: options) { events.append($0) }
        var number = 0
        for (session, time) in [(first, Self.now), (second, later)] {
            let stamp = LogTimestamp(seconds: Int64(time.timeIntervalSince1970), microseconds: 0)
            for packet in session.packets {
                number += 1
                inspector.process(CapturedPacket(number: number, time: stamp, linkType: .ethernet, bytes: packet,
                                                 originalLength: packet.count))
            }
        }
        _ = inspector.finish()
        let certificates = events.compactMap { event -> TLSReportEvent? in
            if case .tls(let tls) = event, tls.event == "certificate" { tls } else { nil }
        }
        #expect(certificates.count == 2)
        #expect(certificates.allSatisfy { $0.details.contains { $0 == ("subject", "tls-device") } })
        let expired = events.compactMap { event -> Finding? in
            if case .finding(let finding) = event, finding.code == "tls.cert-expired" { finding } else { nil }
        }
        #expect(expired.count == 1)
        #expect(expired.first?.flow?.contains(":40002") == true, "\(expired.map { $0.flow ?? "" })")
    }
}
