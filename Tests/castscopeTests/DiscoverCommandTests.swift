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

    /// No daemon behind the bus address: a clear error and exit 1 (the connection's cleanup freed avahi's poll
    /// twice here once, a segfault).
    @Test(arguments: [
        ["discover", "--via", "avahi", "--interface", "lo", "--timeout", "1s"],
        ["discover", "--via", "avahi", "--interface", "lo", "--timeout", "1s", "--json"],
        ["discover", "--advertise", "Nowhere TV", "--via", "avahi"],
    ])
    func unreachableAvahiDaemonIsAClearErrorNotACrash(arguments: [String]) async throws {
        let result = try await CastscopeProcess.run(
            arguments, environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/castscope-test-bus"])
        #expect(result.exitCode == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: avahi-daemon is not reachable on the system D-Bus"))
    }

    @Test func helpListsTheOptions() async throws {
        let result = try await CastscopeProcess.run(["discover", "--help"])
        #expect(result.exitCode == 0)
        for option in ["--timeout", "--via", "--interface", "--app", "--json", "--watch", "--diagnose", "--advertise"] {
            #expect(result.standardOutput.contains(option), "\(option)")
        }
    }
}
