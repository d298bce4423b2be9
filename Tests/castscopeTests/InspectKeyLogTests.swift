import CastTestSupport
import Foundation
import Testing

/// Key logs as users have them: CRLF line ends and comments decrypt like the plain file; a file with no key line
/// at all is said at once.
@Suite struct InspectKeyLogTests {
    static let captures = InspectCommandTests.captures
    private let directories = TemporaryDirectories()

    @Test func crlfKeyLogWithCommentsAndBlankLinesDecryptsLikeThePlainOne() async throws {
        let plain = try String(contentsOfFile: "\(Self.captures)/cast-tls12-aes128.keys", encoding: .utf8)
        let windows = "# written by a browser\r\n\r\n" + plain.replacingOccurrences(of: "\n", with: "\r\n")
        let path = directories.make("keylog") + "/keys.txt"
        try windows.write(toFile: path, atomically: false, encoding: .utf8)
        let capture = "\(Self.captures)/cast-tls12-aes128.pcap"
        let expected = try await CastscopeProcess.run(
            ["inspect", capture, "--json", "--keylog", "\(Self.captures)/cast-tls12-aes128.keys"])
        let result = try await CastscopeProcess.run(["inspect", capture, "--json", "--keylog", path])
        #expect(result.standardOutput == expected.standardOutput)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test(arguments: ["/dev/null", "cast-tls12-aes128.pcap"])
    func aKeyLogWithoutKeyLinesIsAWarningNamingTheFile(keyLog: String) async throws {
        let path = keyLog.hasPrefix("/") ? keyLog : "\(Self.captures)/\(keyLog)"
        let result = try await CastscopeProcess.run(
            ["inspect", "\(Self.captures)/cast-tls12-aes128.pcap", "--quiet", "--keylog", path])
        #expect(result.exitCode == 0)
        #expect(result.standardError.contains("warning: key log \(path) holds no key line"), "\(result.standardError)")
    }

    @Test func anUnreadableKeyLogIsAnErrorNamingTheFileAndCause() async throws {
        let result = try await CastscopeProcess.run(
            ["inspect", "\(Self.captures)/cast-tls12-aes128.pcap", "--keylog", "/nonexistent/keys"])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: key log: cannot read /nonexistent/keys: no such file\n")
    }
}
