import Foundation
import Testing
@testable import CastWire

/// The main proof for the DNS codec: real mDNS traffic from avahi-daemon and python-zeroconf, decoded by us and by
/// tshark, compared field by field.
@Suite struct DNSPeerCrossCheckTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mdns")
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func assertAgreement(_ comparison: DNSTsharkComparison) {
        print("DNS cross-check: \(comparison.packets) mDNS packets, \(comparison.fieldsCompared) fields compared, "
              + "\(comparison.mismatches.count) mismatches")
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.prefix(20).joined(separator: "\n"))")
        #expect(comparison.packets >= 20)
        #expect(comparison.fieldsCompared >= 1_000)
        for type in [DNSType.ptr, .srv, .txt, .a, .aaaa, .nsec] {
            #expect(comparison.recordTypes.contains(type), "capture has no \(type) record")
        }
        #expect(comparison.sawCacheFlush && comparison.sawUnicastQuestion && comparison.sawGoodbye
                && comparison.sawCastTXT)
    }

    @Test func recordedAvahiAndZeroconfCaptureMatchesTshark() throws {
        let pcap = try Data(contentsOf: Self.fixtures.appendingPathComponent("mdns.pcap"))
        let json = try Data(contentsOf: Self.fixtures.appendingPathComponent("mdns.tshark.json"))
        assertAgreement(try DNSTsharkComparison(pcap: Array(pcap), tsharkJSON: Array(json)))
    }

    @Test func comparisonDetectsOneChangedTXTByte() throws {
        var pcap = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("mdns.pcap")))
        let json = try Data(contentsOf: Self.fixtures.appendingPathComponent("mdns.tshark.json"))
        let needle = Array("fn=Living Room TV".utf8)
        let at = try #require((0...(pcap.count - needle.count)).first { Array(pcap[$0..<$0 + needle.count]) == needle })
        pcap[at + 3] = UInt8(ascii: "l")
        let comparison = try DNSTsharkComparison(pcap: pcap, tsharkJSON: Array(json))
        #expect(comparison.mismatches.count == 1)
        #expect(comparison.mismatches.first?.contains("fn=living Room TV") == true)
    }

    @Test func liveAvahiAndZeroconfTrafficMatchesTshark() async throws {
        let required = ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1"
        let tools = ["ip", "unshare", "dbus-daemon", "avahi-daemon", "avahi-publish-service", "avahi-browse",
                     "tcpdump", "tshark"]
        var missing = tools.filter { tool in
            !["/usr/bin", "/usr/sbin", "/bin", "/sbin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        if !FileManager.default.isExecutableFile(atPath: Self.repository.appendingPathComponent(".venv/bin/python").path) {
            missing.append(".venv/bin/python (scripts/setup)")
        }
        if geteuid() != 0 { missing.append("root (network namespaces)") }
        if !missing.isEmpty {
            if required {
                Issue.record("CASTSCOPE_REQUIRE_PEERS=1 but missing: \(missing.joined(separator: ", "))")
            } else {
                print("DNSPeerCrossCheckTests: skipping live capture, missing: \(missing.joined(separator: ", "))")
            }
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("castscope-mdns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        // The script owns setup and teardown: its EXIT trap stops every daemon by PID and deletes both namespaces,
        // whatever happens here afterwards; a stuck run is stopped after 90 s, which also runs the trap.
        let logPath = output.appendingPathComponent("record.log").path
        let status = await DNSTestProcess.run(Self.repository.appendingPathComponent("scripts/record-mdns-fixture").path,
                                        [output.path], logPath: logPath, timeout: 90)
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        try #require(status == 0, "record-mdns-fixture failed (status \(status.map(String.init) ?? "timeout")):\n\(log)")
        let pcap = try Data(contentsOf: output.appendingPathComponent("mdns.pcap"))
        let json = try Data(contentsOf: output.appendingPathComponent("mdns.tshark.json"))
        assertAgreement(try DNSTsharkComparison(pcap: Array(pcap), tsharkJSON: Array(json)))
    }
}
