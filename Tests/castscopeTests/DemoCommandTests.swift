import CastJSON
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct DemoCommandTests {
    @Test func demoRunsAFullSessionWithReconnectionAdExchangeAndRedactedLogs() async throws {
        let directory = NSTemporaryDirectory() + "castscope-demo-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CastscopeProcess.run(["demo", "--dir", directory])
        #expect(result.exitCode == 0, "stderr: \(result.standardError)")
        let output = result.standardOutput
        // Session started and ended.
        #expect(output.contains("[callback] didStart session"))
        #expect(output.contains("[callback] didEnd"))
        #expect(output.contains("ended: yes"))
        // Every scripted request completed.
        for name in ["LOAD", "PLAY", "PAUSE", "SEEK", "SET_VOLUME", "STOP"] {
            #expect(output.split(separator: "\n").contains {
                $0.hasPrefix("   \(name)") && $0.hasSuffix("→ completed")
            }, "\(name) did not complete")
        }
        // The heartbeat loss was followed by an automatic reconnection to the same session.
        #expect(output.contains("[callback] didSuspend NetworkError"))
        #expect(output.contains("[callback] didResume session"))
        let summary = try #require(output.components(separatedBy: "== 5. Summary ==").last)
        let sessionLine = try #require(summary.split(separator: "\n").first { $0.hasPrefix("   session: ") })
        let sessionID = sessionLine.dropFirst("   session: ".count)
        #expect(summary.contains("resumed session \(sessionID)"))
        // The seed-001 ad exchange.
        #expect(output.contains("[callback] ad channel received onContentPauseRequested"))
        #expect(output.contains("[callback] ad channel received onContentResumeRequested"))
        // Logs: text on stderr through the codelab filter, JSON lines in the file, secrets redacted everywhere.
        #expect(result.standardError.contains("GCKCastChannel"))
        #expect(!result.standardError.contains("GCKSessionManager"))  // not in the codelab filter
        // Only the sender's side: the in-process device logs under CastReceiver* classes, which the filter leaves
        // out, so no GCKCastChannel line is the device's (it would send from receiver-0 or receive from sender-0).
        let channelLines = result.standardError.split(separator: "\n").filter { $0.contains(" GCKCastChannel ") }
        #expect(!channelLines.isEmpty)
        #expect(!channelLines.contains { $0.contains("sent receiver-0") || $0.contains("received sender-0") })
        #expect(!result.standardError.contains("CastReceiverChannel"))
        for text in [output, result.standardError] {
            #expect(!text.contains("user-42-secret") && !text.contains("abc123"))
        }
        let file = try String(contentsOfFile: directory + "/castscope.log", encoding: .utf8)
        #expect(!file.contains("user-42-secret") && !file.contains("abc123"))
        let lines = file.split(separator: "\n")
        #expect(lines.count > 20)
        for line in lines { _ = try JSONValue(parsing: String(line)) }
        #expect(FileManager.default.fileExists(atPath: directory + "/keylog.txt"))
        // The read-back step shows the redacted LOAD and the ad protocol.
        let readBack = try #require(output.components(separatedBy: "== 6.").last)
        #expect(readBack.contains(#""type":"LOAD""#))
        #expect(readBack.contains("<redacted>"))
        #expect(readBack.contains("requestAd"))
        #expect(!readBack.contains("MEDIA_STATUS"))
    }

    @Test func demoAuditsItsOwnCaptureWhenRootWithTcpdump() async throws {
        let canCapture = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/tcpdump")
        let requirePeers = ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1"
        let directory = NSTemporaryDirectory() + "castscope-demo-capture-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CastscopeProcess.run(["demo", "--dir", directory])
        #expect(result.exitCode == 0, "stderr: \(result.standardError)")
        let audit = try #require(result.standardOutput.components(separatedBy: "== 4.").last)
        guard canCapture else {
            #expect(!requirePeers, "tcpdump (and root) are needed for the capture audit")
            #expect(audit.contains("skipped"))
            print("skipping the capture audit check: not root or no /usr/bin/tcpdump")
            return
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/demo.pcap"))
        #expect(audit.contains("2 TCP flows"))  // the first connection and the reconnection
        #expect(audit.contains(" 0 not,"))  // every TLS record decrypted with the key log
        #expect(!audit.contains("user-42-secret") && !audit.contains("abc123"))
        #expect(audit.contains("HTML report (timeline, sequence diagrams, every message, unredacted): "
            + directory + "/demo.html"))
        let html = try String(contentsOfFile: directory + "/demo.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<svg class=\"diagram sequence\"").count == 3)
        // Its tcpdump ended with it (one started with a blocked SIGINT/SIGTERM would still be writing demo.pcap).
        #expect(Self.processes(mentioning: directory).isEmpty, "\(Self.processes(mentioning: directory))")
    }

    /// Command lines of running processes that contain `text`.
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
                return nil
            }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    @Test func embeddedCodelabFilterMatchesTheShippedFile() async throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../filters/codelab.filter").standardized.path
        let result = try await CastscopeProcess.run(["filters", "explain", shipped, "GCKCastChannel", "GCKSessionManager"])
        #expect(result.standardOutput == "GCKCastChannel\tverbose\nGCKSessionManager\tnone\n")
        let embedded = try String(contentsOfFile: shipped, encoding: .utf8)
        let source = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/castscope/DemoCommand.swift").standardized.path,
            encoding: .utf8)
        for line in embedded.split(separator: "\n") {
            #expect(source.contains("        " + line), "embedded filter lacks: \(line)")
        }
    }
}
