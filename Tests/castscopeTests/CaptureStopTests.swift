import CastTestSupport
import Foundation
import Testing

/// `capture -c COUNT` and `--duration D` end a capture by themselves, as tcpdump and tshark do; a key log that does
/// not exist yet gets a note. Run inside a private network namespace (unshare -n: only `lo`).
@Suite struct CaptureStopTests {
    @Test func countAndDurationEndTheCaptureOnTheirOwn() async throws {
        var missing: String? = getuid() != 0 ? "not root" : nil
        for name in ["unshare", "ip", "python3"] where CaptureCommandTests.tool(name) == nil {
            missing = missing ?? "\(name) not found"
        }
        if CaptureCommandTests.skip(missing, "countAndDurationEndTheCaptureOnTheirOwn") { return }
        let binary = try #require(CastscopeProcess.executablePath)
        let directory = NSTemporaryDirectory() + "castscope-capture-stop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
            set -u
            ip link set lo up
            C='\(binary)'; D='\(directory)'
            "$C" capture -i lo -c 3 --json udp port 18044 >"$D/count.out" 2>"$D/count.err" &
            CP=$!
            trap 'kill -KILL $CP 2>/dev/null' EXIT
            for i in $(seq 100); do grep -q 'capturing on' "$D/count.err" && break; sleep 0.1; done
            python3 -c 'import socket,time
            s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM)
            for i in range(10):
                s.sendto(b"x",("127.0.0.1",18044)); time.sleep(0.05)'
            for i in $(seq 100); do kill -0 $CP 2>/dev/null || break; sleep 0.1; done
            wait $CP
            echo $? >"$D/count.rc"
            "$C" capture -i lo --duration 1s --keylog "$D/not-yet.keys" udp port 18045 >"$D/duration.out" \
                2>"$D/duration.err"
            echo $? >"$D/duration.rc"
            """
        let result = await SpawnedProcess.run(try #require(CaptureCommandTests.tool("unshare")),
                                              ["-n", "sh", "-c", script], timeout: 60)
        #expect(result.status == 0, "\(result.errors)")
        func read(_ name: String) -> String {
            (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
        }
        #expect(read("count.rc") == "0\n", "\(read("count.err"))")
        #expect(read("count.err").contains("3 packets captured"), "\(read("count.err"))")
        #expect(read("duration.rc") == "0\n", "\(read("duration.err"))")
        #expect(read("duration.err").contains("0 packets captured"), "\(read("duration.err"))")
        #expect(read("duration.err").contains("key log \(directory)/not-yet.keys does not exist yet"))
    }

    @Test(arguments: [["-c", "0"], ["--duration", "0s"], ["-c", "x"]])
    func badStopValuesAreUsageErrors(arguments: [String]) async throws {
        let result = try await CastscopeProcess.run(["capture", "-i", "castscope-nosuch0"] + arguments)
        #expect(result.exitCode == 64, "\(result.standardError)")
    }
}
