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
        let process = Process()
        process.executableURL = Self.repositoryRoot.appendingPathComponent("scripts/record-tls-fixture")
        process.arguments = [directory.path] + names
        try process.run()
        // Hang guard, not a timing assertion: the script normally takes a few seconds.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("record-tls-fixture did not finish within 120 s")
            return
        }
        try #require(process.terminationStatus == 0, "record-tls-fixture failed")
        for name in names {
            let (problems, ours) = try Self.compare(name, in: directory)
            #expect(problems == [], "\(name)")
            Self.expectHandshakeContent(ours, name: name)
        }
    }
}
