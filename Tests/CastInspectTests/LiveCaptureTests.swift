import CastTestSupport
import Foundation
import Testing

@testable import CastInspect

/// Records fresh captures with scripts/record-captures (tcpdump on loopback in a private network namespace:
/// openssl s_server/s_client Cast sessions over TLS 1.2 and 1.3 with key logs, castscope's sender against its
/// receiver emulator over TLS 1.2 and 1.3, python-zeroconf mDNS) and checks the
/// inspector against tshark on them. Needs root, tcpdump, tshark, openssl and the repo venv; fails instead of
/// skipping when CASTSCOPE_REQUIRE_PEERS=1.
@Suite struct LiveCaptureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func missingPrerequisite() -> String? {
        if getuid() != 0 { return "not root (tcpdump and unshare need it)" }
        for tool in ["tcpdump", "tshark", "editcap", "openssl", "unshare", "ip"] {
            let found = ["/usr/bin/", "/usr/sbin/", "/bin/", "/sbin/"].contains {
                FileManager.default.isExecutableFile(atPath: $0 + tool)
            }
            if !found { return "\(tool) not found" }
        }
        if !FileManager.default.isExecutableFile(atPath: root + "/.venv/bin/python") { return ".venv missing (scripts/setup)" }
        if !FileManager.default.isExecutableFile(atPath: root + "/.build/debug/castscope") {
            return ".build/debug/castscope not built (the emulator captures use it)"
        }
        return nil
    }

    @Test func freshCapturesDecryptAndDecodeLikeTshark() async throws {
        if let missing = Self.missingPrerequisite() {
            if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
                Issue.record("CASTSCOPE_REQUIRE_PEERS=1 but \(missing)")
            } else {
                print("LiveCaptureTests skipped: \(missing)")
            }
            return
        }
        let directory = NSTemporaryDirectory() + "castscope-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = Self.root + "/scripts/record-captures"
        let errorLog = directory + "/record-captures.err"
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        // Waited for on a thread of its own: the recording takes a while and must not hold a cooperative thread.
        let status = try await BlockingWork.run { () throws -> Int32 in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            process.arguments = [directory]
            // Only the reference captures: the scenario library (namespaces, avahi, ~2 min) is recorded by hand.
            process.environment = ProcessInfo.processInfo.environment.merging(["RECORD_CAPTURES_ONLY": "reference"]) {
                $1
            }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: errorLog) ?? FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        try #require(status == 0, "scripts/record-captures failed: \((try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "")")
        for name in CapturedSessionTests.sessions {
            let run = InspectHarness(files: ["\(directory)/\(name).pcap"], keyLogs: ["\(directory)/\(name).keys"])
            let c2sName = try #require(run.exported.keys.first { $0.hasSuffix(".c2s") }, "\(name)")
            let port = String(c2sName.dropLast(4).split(separator: "_").last ?? "")
            let tshark = InspectHarness.tsharkStreams(
                try String(contentsOfFile: "\(directory)/\(name).tshark-streams.txt", encoding: .utf8), serverPort: port)
            #expect(run.exported[c2sName] == tshark.c2s, "\(name) c2s")
            #expect(run.exported[String(c2sName.dropLast(4)) + ".s2c"] == tshark.s2c, "\(name) s2c")
            #expect(run.summary.castMessages == 14, "\(name)")
        }
        for (name, port) in CapturedSessionTests.emulatorSessions {
            let run = InspectHarness(files: ["\(directory)/\(name).pcap"], keyLogs: ["\(directory)/\(name).keys"])
            let tshark = InspectHarness.tsharkConnections(
                try String(contentsOfFile: "\(directory)/\(name).tshark-streams.txt", encoding: .utf8), serverPort: port)
            #expect(tshark.count == 2, "\(name)")
            for (client, streams) in tshark {
                #expect(run.exportedConnections[client]?.c2s == streams.c2s, "\(name) \(client) c2s")
                #expect(run.exportedConnections[client]?.s2c == streams.s2c, "\(name) \(client) s2c")
            }
        }
        let dsb = InspectHarness(files: ["\(directory)/cast-tls13-dsb.pcapng"])
        #expect(dsb.summary.castMessages == 14)
        let (mismatches, compared) = try MDNSTsharkTests.compare(pcap: "\(directory)/mdns-zeroconf.pcap",
                                                                  tshark: "\(directory)/mdns-zeroconf.tshark.json")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(compared > 50)
    }
}
