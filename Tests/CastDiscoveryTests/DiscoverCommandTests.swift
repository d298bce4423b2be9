import CastTestSupport
import Testing

@Suite struct DiscoverCommandTests {
    @Test func unknownInterfaceIsARuntimeError() async throws {
        let result = try await CastscopeProcess.run(["discover", "--interface", "nosuch0", "--timeout", "0"])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: interface nosuch0: no such interface\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func unknownBackendIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["discover", "--via", "bonjour"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("Error: "))
    }

    @Test func helpListsTheOptions() async throws {
        let result = try await CastscopeProcess.run(["discover", "--help"])
        #expect(result.exitCode == 0)
        for option in ["--timeout", "--via", "--interface", "--app", "--json", "--watch", "--diagnose", "--advertise"] {
            #expect(result.standardOutput.contains(option), "\(option)")
        }
    }
}
