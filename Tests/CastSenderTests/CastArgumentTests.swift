import CastTestSupport
import Testing

/// `castscope cast` rejects a mistyped argument as a usage error before it looks for a device: nothing listens on
/// the address given, so reaching the network would fail differently (exit 1).
@Suite struct CastArgumentTests {
    static let nowhere = ["cast", "--device", "127.0.0.1:9", "--insecure-skip-auth", "--timeout", "1s"]

    @Test(arguments: [
        (["seek", "abc"], "seek position must be a number"),
        (["seek", "-5"], ""),  // relative: valid, so it gets as far as connecting
        (["volume", "50%"], "volume level must be a number"),
        (["volume", "1.5"], "volume level must be 0…1"),
        (["volume", "-1"], "volume level must be 0…1"),
        (["rate", "0"], "rate must be above 0"),
        (["mute", "maybe"], "mute takes on or off"),
        (["repeat", "bogus"], "repeat takes off, all"),
        (["queue", "shuffle"], "queue takes load URL…, next or prev"),
        (["queue", "load"], "queue load needs URLs"),
        (["send", "notanamespace", "hi"], "is not a custom namespace"),
        (["send", "urn:x-cast:com.google.cast.media", "hi"], "is not a custom namespace"),
        (["load", "http://a.test/x.mp4", "--start", "soon"], "--start must be a number"),
    ])
    func badCommandArgumentsAreUsageErrorsBeforeConnecting(arguments: [String], message: String) async throws {
        let result = try await CastscopeProcess.run(Self.nowhere + arguments)
        if message.isEmpty {
            #expect(result.exitCode == 1, "\(result.standardError)")  // valid: it tried the (closed) port
        } else {
            #expect(result.exitCode == 64, "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test(arguments: ["127.0.0.1:99999", "127.0.0.1:", "[::1]:0x50"])
    func anAddressWithABadPortIsAUsageErrorNotAName(device: String) async throws {
        let result = try await CastscopeProcess.run(["cast", "--device", device, "status"])
        #expect(result.exitCode == 64, "\(result.standardError)")
        #expect(result.standardError.contains("the port must be a number from 1 to 65535"))
    }
}
