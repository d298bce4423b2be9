import CastTLS
import Foundation
import Testing

/// Interoperability with an independent TLS implementation: the `openssl` command-line tool on loopback.
@Suite struct OpenSSLPeerTests {
    /// The openssl CLI, or nil (after recording an issue when peers are required) so the test can skip.
    static func openssl() -> String? {
        if let path = PeerProcess.opensslPath { return path }
        if TLSTestSupport.peersRequired {
            Issue.record("openssl CLI not found and CASTSCOPE_REQUIRE_PEERS=1")
        } else {
            print("skipping: openssl CLI not found (install the openssl package)")
        }
        return nil
    }

    /// Writes the certificate and key to a temporary directory for the CLI.
    static func writeCredentials(_ certificate: DeviceCertificate) throws -> (directory: URL, cert: String, key: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("castscope-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cert = directory.appendingPathComponent("cert.pem")
        let key = directory.appendingPathComponent("key.pem")
        try certificate.certificate.pemString.write(to: cert, atomically: true, encoding: .utf8)
        try certificate.privateKey.pemString.write(to: key, atomically: true, encoding: .utf8)
        return (directory, cert.path, key.path)
    }

    @Test(arguments: [TLSVersion.tls12, .tls13])
    func ourClientCompletesAHandshakeWithOpenSSLServer(version: TLSVersion) async throws {
        guard let openssl = Self.openssl() else { return }
        let certificate = try DeviceCertificate.generateSelfSigned(commonName: "s_server peer", keyType: .rsa2048)
        let files = try Self.writeCredentials(certificate)
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let flag = version == .tls12 ? "-tls1_2" : "-tls1_3"
        // -rev: the server answers every line with the line reversed; -naccept 1: exit after one connection.
        let serverKeyLog = files.directory.appendingPathComponent("server-keys.txt").path
        let server = try PeerProcess(
            openssl,
            [
                "s_server", "-accept", "127.0.0.1:0", "-cert", files.cert, "-key", files.key, "-naccept", "1", "-rev",
                "-keylogfile", serverKeyLog, flag,
            ])
        defer { server.stop() }
        let banner = await server.waitForOutput(seconds: 10) { $0.contains("ACCEPT 127.0.0.1:") && $0.hasSuffix("\n") }
        let portText = banner.split(separator: "\n").first { $0.hasPrefix("ACCEPT 127.0.0.1:") }?.split(separator: ":").last
        let port = try #require(portText.flatMap { UInt16($0) }, "no ACCEPT line in: \(banner)")

        let socket = try LoopbackSocket.connect(port: port)
        let keyLog = RecordingKeyLog()
        let client = try TLSConnection(context: TLSContext(configuration: .client(keyLog: keyLog)))
        try socket.handshake(client)
        #expect(client.negotiatedVersion == version)
        #expect(client.peerCertificate?.derBytes == certificate.certificate.derBytes)
        guard case .complete = client.write(Array("castscope\n".utf8)) else { Issue.record("write failed"); return }
        try socket.send(client.takeCiphertext())
        let reply = try socket.read(client, until: "\n")
        #expect(reply == String("castscope".reversed()) + "\n")
        _ = client.shutdown()
        try socket.send(client.takeCiphertext())
        // The independent implementation logged the same secrets for the same session.
        let serverLines = Set((try String(contentsOfFile: serverKeyLog, encoding: .utf8)).split(separator: "\n").map(String.init))
        #expect(!keyLog.lines.isEmpty)
        #expect(Set(keyLog.lines).isSubset(of: serverLines))
    }

    @Test(arguments: [TLSVersion.tls12, .tls13])
    func openSSLClientCompletesAHandshakeWithOurServer(version: TLSVersion) async throws {
        guard let openssl = Self.openssl() else { return }
        let certificate = try DeviceCertificate.generateSelfSigned(commonName: "castscope device", keyType: .ecP256)
        let (listener, port) = try LoopbackSocket.listen()
        let flag = version == .tls12 ? "-tls1_2" : "-tls1_3"
        let peer = try PeerProcess(openssl, ["s_client", "-connect", "127.0.0.1:\(port)", "-brief", flag])
        defer { peer.stop() }

        let socket = try listener.accept(timeout: 10_000)
        let server = try TLSConnection(context: TLSContext(configuration: .server(certificate: certificate)))
        try socket.handshake(server)
        #expect(server.negotiatedVersion == version)
        guard case .complete = server.write(Array("hello from castscope\n".utf8)) else { Issue.record("write failed"); return }
        try socket.send(server.takeCiphertext())
        peer.stdin.fileHandleForWriting.write(Data("ping from s_client\n".utf8))
        let received = try socket.read(server, until: "\n")
        #expect(received == "ping from s_client\n")
        let output = await peer.waitForOutput(seconds: 10) { $0.contains("hello from castscope") }
        #expect(output.contains("hello from castscope"))
        #expect(output.contains("Protocol version: \(version)"))
        _ = server.shutdown()
        try socket.send(server.takeCiphertext())
    }
}
