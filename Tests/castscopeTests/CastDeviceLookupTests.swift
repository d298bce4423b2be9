import CastTestSupport
import Testing

/// `cast --device NAME` for a device the network does not have is a runtime failure that lists what was seen.
@Suite struct CastDeviceLookupTests {
    @Test func anUnknownDeviceNameExitsOneListingTheDevicesSeen() async throws {
        let result = try await CastscopeProcess.run(
            ["cast", "--device", "Kitchen", "status"],
            environment: ["CASTSCOPE_KNOWN_DEVICES": "Living Room=127.0.0.1:1;Bedroom=127.0.0.1:2"])
        #expect(result.exitCode == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: no device named \"Kitchen\" found; devices seen:"))
        #expect(result.standardError.contains("Living Room") && result.standardError.contains("Bedroom"))
        #expect(!result.standardError.contains("Usage:"))
    }
}
