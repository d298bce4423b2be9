import CastFetch
import CastMedia
import CastTestSupport
import Foundation
import Glibc
import Testing

/// The failures below HTTP: TLS chains judged against a CA bundle (not trusted, trusted, another host's), a
/// refused connection, a server that never answers.
@Suite struct MediaCheckTransportTests {
    private func codes(_ report: MediaCheckReport) -> Set<String> { Set(report.reasons.map(\.code.rawValue)) }

    @Test func aSelfSignedCertificateIsUntrustedUnlessItsBundleIsGiven() async throws {
        let directories = TemporaryDirectories()
        guard let pair = await MediaFixtures.selfSigned("IP:127.0.0.1", in: directories.make("tls")),
              let media = await MediaFixtures.make(["media.mp4"], certificate: pair),
              let secure = media.server.secureBaseURL else { return }
        let url = secure + "/media.mp4"
        let publicBundle = try MediaChecker().check(url)
        let untrusted = try #require(publicBundle.reasons.first { $0.code == .tlsUntrusted })
        #expect(untrusted.severity == .error && untrusted.message.contains("self-signed"), "\(untrusted.message)")
        #expect(publicBundle.http?.tls == "untrusted")
        // Judged, not refused: the media behind the untrusted chain is still read.
        #expect(publicBundle.codecs == ["avc1.64001F", "mp4a.40.2"])

        let own = try MediaChecker(options: MediaCheckOptions(trustBundlePath: pair.cert)).check(url)
        #expect(own.http?.tls == "trusted")
        #expect(codes(own) == ["loopback-url"], "\(own.reasons)")
        // https redirecting to plain http: mixed content, a warning.
        let downgrade = try MediaChecker(options: MediaCheckOptions(trustBundlePath: pair.cert))
            .check(secure + "/downgrade.mp4")
        #expect(downgrade.reasons.contains { $0.code == .mixedContent && $0.severity == .warning }, "\(downgrade.reasons)")
        #expect(downgrade.finalURL == media.server.baseURL + "/media.mp4")
    }

    @Test func aCertificateFromATestCAIsTrustedOnlyWithThatCA() async throws {
        let directories = TemporaryDirectories()
        guard let pki = await MediaFixtures.caSigned("IP:127.0.0.1", in: directories.make("pki")),
              let media = await MediaFixtures.make(["media.mp4"], certificate: (pki.cert, pki.key)),
              let secure = media.server.secureBaseURL else { return }
        let url = secure + "/media.mp4"
        let publicBundle = try MediaChecker().check(url)
        let untrusted = try #require(publicBundle.reasons.first { $0.code == .tlsUntrusted })
        #expect(untrusted.message.contains("local issuer"), "\(untrusted.message)")
        let withCA = try MediaChecker(options: MediaCheckOptions(trustBundlePath: pki.ca)).check(url)
        #expect(withCA.http?.tls == "trusted")
        #expect(codes(withCA) == ["loopback-url"], "\(withCA.reasons)")
    }

    @Test func aCertificateForAnotherHostIsAHostnameMismatch() async throws {
        let directories = TemporaryDirectories()
        guard let pair = await MediaFixtures.selfSigned("DNS:media.example.com", in: directories.make("tls")),
              let media = await MediaFixtures.make(["media.mp4"], certificate: pair),
              let secure = media.server.secureBaseURL else { return }
        let report = try MediaChecker(options: MediaCheckOptions(trustBundlePath: pair.cert)).check(secure + "/media.mp4")
        let mismatch = try #require(report.reasons.first { $0.code == .tlsHostname })
        #expect(mismatch.message.contains("127.0.0.1"))
        #expect(!codes(report).contains("tls-untrusted"))
    }

    @Test func aRefusedConnectionAndASilentServerAreNamed() throws {
        // A listening socket nobody accepts from: the connection completes, no answer ever comes.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let silent = try MediaChecker(options: MediaCheckOptions(timeout: 0.5)).check("http://127.0.0.1:\(port)/a.mp4")
        #expect(codes(silent).contains("timeout"), "\(silent.reasons)")
        #expect(silent.verdict == .notPlayable)

        close(listener)
        let refused = try MediaChecker().check("http://127.0.0.1:\(port)/a.mp4")
        #expect(codes(refused).contains("connect-failed"), "\(refused.reasons)")
        let bad = try MediaChecker().check("ftp://127.0.0.1/a.mp4")
        #expect(codes(bad) == ["bad-url"])
        #expect(bad.fetches.isEmpty)
    }
}
