import CastTestSupport
import Foundation
import Testing

/// Devices and pipes are inputs like files everywhere: `/dev/null` is empty, `/dev/stdin` (a pipe here, as `<(…)`
/// gives) is read once as it comes; never "permission denied" or "unknown file format".
@Suite struct StreamInputTests {
    static let captures = InspectCommandTests.captures

    @Test func devNullIsAnEmptyInputForFiltersDecodeAndTail() async throws {
        let filters = try await CastscopeProcess.run(["filters", "check", "/dev/null"])
        #expect(filters.exitCode == 0, "\(filters.standardError)")
        #expect(filters.standardOutput == "/dev/null: ok\n")
        let decode = try await CastscopeProcess.run(["decode", "frames", "/dev/null"])
        #expect(decode.exitCode == 0 && decode.standardError.isEmpty, "\(decode.standardError)")
        let tail = try await CastscopeProcess.run(["tail", "/dev/null"])
        #expect(tail.exitCode == 0, "\(tail.standardError)")
        for result in [filters, decode, tail] { #expect(!result.standardError.contains("permission denied")) }
    }

    @Test func aPipeGivenByPathIsReadByFiltersAuthAndInspect() async throws {
        let filter = try await CastscopeProcess.run(
            ["filters", "check", "/dev/stdin"], input: Array("minimum = warning\nGCK* = debug\n".utf8))
        #expect(filter.standardOutput == "/dev/stdin: ok\n", "\(filter.standardError)")
        let chain = try String(contentsOfFile: Self.captures + "/../Tests/CastTLSTests/Fixtures/cast-pki/chains/fugu.pem",
                               encoding: .utf8)
        let auth = try await CastscopeProcess.run(
            ["auth", "verify", "/dev/stdin", "--at", "2016-04-01"], input: Array(chain.utf8))
        #expect(auth.exitCode == 0, "\(auth.standardError)")
        let capture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.captures + "/mdns-zeroconf.pcap")))
        let piped = try await CastscopeProcess.run(["inspect", "/dev/stdin", "--json"], input: capture)
        let file = try await CastscopeProcess.run(["inspect", Self.captures + "/mdns-zeroconf.pcap", "--json"])
        #expect(piped.exitCode == 0, "\(piped.standardError)")
        #expect(!piped.standardError.contains("unknown file format"))
        #expect(piped.standardOutput == file.standardOutput)
    }
}

/// Output directories that cannot be made are said with the path and the system's reason, never Foundation's text.
@Suite struct OutputDirectoryErrorTests {
    @Test func demoAndExportStreamsNameTheDirectoryAndTheReason() async throws {
        let demo = try await CastscopeProcess.run(["demo", "--dir", "/proc/castscope-nope/x"])
        #expect(demo.exitCode == 1)
        #expect(demo.standardError.hasPrefix("Error: cannot create /proc/castscope-nope/x: "), "\(demo.standardError)")
        let export = try await CastscopeProcess.run([
            "inspect", InspectCommandTests.captures + "/mdns-zeroconf.pcap", "--export-streams", "/proc/castscope-nope",
        ])
        #expect(export.exitCode == 1)
        for result in [demo, export] {
            #expect(!result.standardError.contains("NSCocoaErrorDomain") && !result.standardError.contains("operation could"))
        }
    }
}
