import CastTLS
import CastLog
import CastTestSupport
import Foundation
import Testing

@Suite struct KeyLogFileTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("castscope-keylog-\(UUID().uuidString).txt").path
    }

    static func handshake(version: TLSVersion, keyLog: any KeyLogSink) throws -> TLSConnection {
        let certificate = try DeviceCertificate.generateSelfSigned(commonName: "keylog", keyType: .ecP256)
        let (client, server) = try TLSTestSupport.pair(
            client: .client(minimumVersion: version, maximumVersion: version, keyLog: keyLog),
            server: .server(certificate: certificate))
        let steps = TLSTestSupport.handshake(client: client, server: server)
        #expect(steps.client.isComplete && steps.server.isComplete)
        return client
    }

    @Test func tls12WritesOneClientRandomLineKeyedByTheClientRandom() throws {
        let log = RecordingKeyLog()
        let client = try Self.handshake(version: .tls12, keyLog: log)
        #expect(log.lines.count == 1)
        let fields = try #require(log.lines.first).split(separator: " ").map(String.init)
        #expect(fields.count == 3)
        #expect(fields[0] == "CLIENT_RANDOM")
        #expect(fields[1] == TLSTestSupport.hex(client.clientRandom))
        #expect(fields[2].count == 96)  // 48-byte master secret in hex
    }

    @Test func tls13WritesTheFourTrafficSecretLines() throws {
        let log = RecordingKeyLog()
        let client = try Self.handshake(version: .tls13, keyLog: log)
        let labels = Set(log.lines.compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(
            labels == [
                "CLIENT_HANDSHAKE_TRAFFIC_SECRET", "SERVER_HANDSHAKE_TRAFFIC_SECRET", "CLIENT_TRAFFIC_SECRET_0",
                "SERVER_TRAFFIC_SECRET_0", "EXPORTER_SECRET",
            ])
        // Secrets are as long as the suite's hash: 48 bytes for *_SHA384 suites, 32 otherwise.
        let secretHexLength = client.negotiatedCipherSuite?.hasSuffix("SHA384") == true ? 96 : 64
        for line in log.lines {
            let fields = line.split(separator: " ")
            #expect(fields.count == 3)
            #expect(String(fields[1]) == TLSTestSupport.hex(client.clientRandom))
            #expect(fields[2].count == secretHexLength)
        }
    }

    @Test func fileIsCreatedWithMode0600AndAppendedTo() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try KeyLogFile(path: path)
        _ = try Self.handshake(version: .tls12, keyLog: file)
        _ = try Self.handshake(version: .tls13, keyLog: file)
        file.close()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first?.hasPrefix("CLIENT_RANDOM ") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains("_SECRET") })
        // A second opener appends rather than truncating.
        let again = try KeyLogFile(path: path)
        try again.append("CLIENT_RANDOM 00 11")
        again.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 7)
    }

    @Test func openingLogsADecryptabilityWarning() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = RecordingLogDelegate()
        let logger = Logger()  // not Logger.shared: other suites in this process may watch that one
        logger.delegate = recorder
        _ = try KeyLogFile(path: path, logger: logger)
        let warning = recorder.recorded.first { $0.level == .warning && $0.message.contains(path) }
        #expect(warning?.message.contains("decrypt") == true)
    }

    @Test func environmentVariableIsHonouredOnlyWhenSet() throws {
        #expect(try KeyLogFile.fromEnvironment([:]) == nil)
        #expect(try KeyLogFile.fromEnvironment(["SSLKEYLOGFILE": ""]) == nil)
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(try KeyLogFile.fromEnvironment(["SSLKEYLOGFILE": path]))
        #expect(file.path == path)
    }

    @Test func unwritableDirectoryReportsErrno() {
        do {
            _ = try KeyLogFile(path: "/nonexistent-castscope-dir/keys.txt")
            Issue.record("expected failure")
        } catch {
            #expect(error.errno == ENOENT)
            #expect(error.description.contains("No such file"))
        }
    }

    @Test func noKeyLogMeansNoLines() throws {
        let certificate = try DeviceCertificate.generateSelfSigned(commonName: "nolog", keyType: .ecP256)
        let (client, server) = try TLSTestSupport.pair(client: .client(), server: .server(certificate: certificate))
        #expect(TLSTestSupport.handshake(client: client, server: server).client.isComplete)
        #expect(client.context.configuration.keyLog == nil)
    }
}
