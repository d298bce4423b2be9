import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `castscope cast` rejects a mistyped argument as a usage error before it looks for a device: nothing listens on
/// the address given, so reaching the network would fail differently (exit 1).
@Suite struct CastArgumentTests {
    static let nowhere = ["cast", "--device", "127.0.0.1:9", "--insecure-skip-auth", "--timeout", "1s"]

    @Test(arguments: [
        (["seek", "abc"], "seek position must be a number"),
        (["seek", "-5"], ""),  // relative: valid, so it gets as far as connecting
        (["seek", "-.5"], ""),
        (["volume", "50%"], "volume level must be a number"),
        (["volume", "1.5"], "volume level must be 0…1"),
        (["volume", "-1"], "volume level must be 0…1"),
        (["rate", "0"], "rate must be above 0"),
        (["mute", "maybe"], "The value 'maybe' is invalid for '<state>': expected one of 'on', 'off'"),
        (["repeat", "bogus"], "expected one of 'off', 'all', 'single', 'all-and-shuffle'"),
        (["queue", "shuffle"], "The value 'shuffle' is invalid for '<action>': expected one of 'load', 'next', 'prev'"),
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

    @Test(arguments: ["127.0.0.1:99999", "127.0.0.1:", "[::1]:0x50", "127.0.0.1:0"])
    func anAddressWithABadPortIsAUsageErrorNotAName(device: String) async throws {
        let result = try await CastscopeProcess.run(["cast", "--device", device, "status"])
        #expect(result.exitCode == 64, "\(result.standardError)")
        #expect(result.standardError.contains("the port must be a number from 1 to 65535"))
    }

    /// In a namespace whose only interface is `lo`: the device is found by name with `--interface lo`, and without
    /// it the error says how to get further (there is no other interface to look on).
    @Test func aDeviceIsFoundByNameOnTheInterfaceGiven() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            let binary = CastscopeProcess.executablePath
        else {
            #expect(ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] != "1", "needs root and unshare")
            return
        }
        let script = """
            ip link set lo up; ip link set lo multicast on; ip route add 224.0.0.0/4 dev lo
            C='\(binary)'
            "$C" receiver --host 127.0.0.1 --port 18043 --name 'Loop TV' --id 0123456789abcdef0123456789abcdef \\
                --advertise --interface lo >/dev/null 2>&1 &
            RP=$!
            trap 'kill $RP' EXIT
            for i in $(seq 50); do "$C" discover --interface lo --timeout 0.3s | grep -q 'Loop TV' && break; done
            "$C" cast --insecure-skip-auth --interface lo --device 'Loop TV' --timeout 3s status
            echo "with=$?"
            "$C" cast --insecure-skip-auth --device 'Loop TV' --timeout 1s status
            echo "without=$?"
            """
        let result = await SpawnedProcess.run("/usr/bin/unshare", ["-n", "sh", "-c", script], timeout: 60)
        #expect(result.output.contains("app: Backdrop"), "\(result.output)\n\(result.errors)")
        #expect(result.output.contains("with=0"))
        #expect(result.output.contains("without=1"))
        #expect(result.errors.contains("cannot look for Cast devices with mDNS"))
        #expect(result.errors.contains("--interface"))
    }
}
