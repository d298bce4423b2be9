import CastTestSupport
import Foundation
import Testing
@testable import CastWire

#if canImport(Glibc)
import Glibc
#endif

/// Cross-checks the packet slicer and the TLS parsers against tshark on real openssl handshakes.
@Suite struct TLSCaptureCrossCheckTests {
    static let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tls")
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Parses `name`.pcap in `directory` and returns every disagreement with `name`.tshark.json, plus our fields.
    static func compare(_ name: String, in directory: URL) throws
        -> (problems: [String], ours: [PacketCrossCheck.Fields])
    {
        let capture = try PacketCaptureFile(contentsOf: directory.appendingPathComponent("\(name).pcap"))
        let json = try Data(contentsOf: directory.appendingPathComponent("\(name).tshark.json"))
        var problems: [String] = []
        let ours = PacketCrossCheck.ourFields(capture, problems: &problems)
        problems += PacketCrossCheck.mismatches(ours: ours, tshark: try PacketCrossCheck.tsharkFields(json: json))
        return (problems, ours)
    }

    /// Checks that the handshake really carried what the test setup asked for, so an empty comparison cannot pass.
    static func expectHandshakeContent(_ ours: [PacketCrossCheck.Fields], name: String) {
        let tls13 = name.hasPrefix("tls13")
        let ipv6 = name.hasSuffix("-lo6")
        let linkKey = name.hasSuffix("-any") ? "sll.etype" : "eth.type"
        let all = ours.reduce(into: PacketCrossCheck.Fields()) { merged, frame in
            for (key, values) in frame { merged[key, default: []] += values }
        }
        #expect(all["tls.handshake.extensions_server_name"] == ["castscope.test"])
        #expect(all["tls.handshake.extensions_alpn_str"]?.first == "castv2")
        #expect(all["tls.handshake.type"]?.prefix(2) == ["1", "2"])
        #expect(all[linkKey] != nil)
        #expect(all[ipv6 ? "ipv6.src" : "ip.src"] != nil)
        #expect(all["tcp.options.mss_val"]?.isEmpty == false)
        if tls13 {
            #expect(all["tls.handshake.extensions.supported_version"]?.last == "0x0304")
            #expect(all["tls.handshake.extensions_key_share_group"]?.isEmpty == false)
        } else {
            #expect(all["tls.handshake.certificate_length"]?.count == 2)  // leaf + CA
        }
    }

    @Test(arguments: ["tls12-lo", "tls13-lo", "tls13-lo6"])
    func committedCaptureMatchesTshark(name: String) throws {
        let (problems, ours) = try Self.compare(name, in: Self.fixtureDirectory)
        #expect(problems == [])
        Self.expectHandshakeContent(ours, name: name)
    }

    @Test func comparisonReportsADifferingField() throws {
        let capture = try PacketCaptureFile(contentsOf: Self.fixtureDirectory.appendingPathComponent("tls12-lo.pcap"))
        var problems: [String] = []
        var ours = PacketCrossCheck.ourFields(capture, problems: &problems)
        ours[0]["tcp.flags"] = ["0x0012"]
        let json = try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent("tls12-lo.tshark.json"))
        let found = PacketCrossCheck.mismatches(ours: ours, tshark: try PacketCrossCheck.tsharkFields(json: json))
        #expect(found == ["frame 1 tcp.flags: ours [\"0x0012\"], tshark [\"0x0002\"]"])
    }

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        return dirs.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func liveHandshakesMatchTshark() async throws {
        let missing = ["tcpdump", "tshark", "openssl", "python3"].filter { Self.executable($0) == nil }
        let reason = !missing.isEmpty ? "missing \(missing.joined(separator: ", "))"
            : geteuid() != 0 ? "tcpdump needs root" : nil
        if let reason {
            if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
                Issue.record("live TLS cross-check cannot run: \(reason)")
            } else {
                print("skipping live TLS cross-check: \(reason)")
            }
            return
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("castscope-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["tls12-lo", "tls13-lo", "tls13-lo6", "tls13-any", "tls12-lo6"]
        guard await Self.record(names, into: directory) else { return }
        for name in names {
            var (problems, ours) = try Self.compare(name, in: directory)
            // On a busy machine the `any` device can miss or repeat loopback packets (tshark then reports lost
            // segments or retransmissions): such a capture is recorded again, twice at most, before it counts.
            var attempt = 0
            while name.hasSuffix("-any"), attempt < 2, !problems.isEmpty || !Self.hasBothHellos(ours) {
                attempt += 1
                let again = directory.appendingPathComponent("again-\(attempt)")
                guard await Self.record([name], into: again) else { return }
                (problems, ours) = try Self.compare(name, in: again)
            }
            #expect(problems == [], "\(name)")
            Self.expectHandshakeContent(ours, name: name)
        }
    }

    /// Whether the capture holds a ClientHello and a ServerHello (what a complete handshake capture starts with).
    static func hasBothHellos(_ ours: [PacketCrossCheck.Fields]) -> Bool {
        let types = ours.flatMap { $0["tls.handshake.type"] ?? [] }
        return types.contains("1") && types.contains("2")
    }

    /// Runs scripts/record-tls-fixture for `names` into `directory`; false (with the issue recorded) on failure.
    static func record(_ names: [String], into directory: URL) async -> Bool {
        let script = repositoryRoot.appendingPathComponent("scripts/record-tls-fixture").path
        let result = await SpawnedProcess.run(script, [directory.path] + names, timeout: 120)
        guard result.status == 0 else {
            let status = result.status.map(String.init) ?? "killed"
            Issue.record(Comment(rawValue: "record-tls-fixture \(names) failed (\(status)): \(result.errors.suffix(2000))"))
            return false
        }
        return true
    }
}
