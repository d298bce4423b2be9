import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope inspect --html FILE`: written beside the usual output, with key logs, and after a corrupt file.
@Suite struct InspectHTMLCommandTests {
    static let captures = InspectCommandTests.captures

    static func temporaryPath() -> String { NSTemporaryDirectory() + "castscope-html-\(UUID().uuidString).html" }

    @Test func htmlReportIsWrittenBesideTheJSONLines() async throws {
        let name = "\(Self.captures)/emulator-tls13"
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", "\(name).pcap", "--keylog", "\(name).keys", "--json",
                                               "\(Self.captures)/mdns-zeroconf.pcap", "--html", path])
        #expect(result.exitCode == 0)
        let lines = try result.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        #expect(lines.last?["castMessages"] == 22)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>castscope report — emulator-tls13.pcap, mdns-zeroconf.pcap</title>"))
        #expect(html.contains("<svg class=\"diagram timeline\""))
        #expect(html.contains("<svg class=\"diagram sequence\""))
        #expect(html.contains("media.load-failed"))
        // Self-contained: nothing is fetched from anywhere.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("@import"))
    }

    @Test func htmlWorksWithTheReadableReportAndOnly() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", "\(Self.captures)/mdns-zeroconf.pcap", "--only", "mdns",
                                               "--html", path])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("Cast devices seen by mDNS (1):"))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("Küche Lautsprecher"))
        #expect(html.contains("No Cast connections in the capture."))
    }

    @Test func aGroupsLeaderMoveIsShownWithItsDiscovery() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let name = "\(Self.captures)/group-leader-moved"
        let result = try await CastscopeProcess.run(["inspect", "\(name).pcapng", "--keylog", "\(name).keys",
                                                     "--html", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Speaker groups (1):"))
        #expect(result.standardOutput.contains("group.leader-moved"))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<h3>Speaker groups</h3>"))
        #expect(html.contains(", leader Kitchen</li>") && html.contains(", leader Office</li>"))
        #expect(html.contains("<li>members: Kitchen, Office</li>"))
    }

    @Test func corruptCaptureStillWritesTheReportOfWhatCameBefore() async throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(Self.captures)/mdns-zeroconf.pcap"))
        let capture = NSTemporaryDirectory() + "castscope-cut-\(UUID().uuidString).pcap"
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: capture))
        let path = Self.temporaryPath()
        defer {
            try? FileManager.default.removeItem(atPath: capture)
            try? FileManager.default.removeItem(atPath: path)
        }
        let result = try await CastscopeProcess.run(["inspect", capture, "--quiet", "--html", path])
        #expect(result.exitCode == 1)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<svg class=\"diagram timeline\""))
    }

    @Test func reportOverACaptureIsAUsageError() async throws {
        let capture = "\(Self.captures)/mdns-zeroconf.pcap"
        let result = try await CastscopeProcess.run(["inspect", capture,
                                               "--html", "\(Self.captures)/../captures/mdns-zeroconf.pcap"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("would overwrite a capture"))
    }

    @Test func reportRefusesToOverwriteTheKeyLogOrALog() async throws {
        let keys = NSTemporaryDirectory() + "castscope-keys-\(UUID().uuidString).keys"
        let original = try String(contentsOfFile: "\(Self.captures)/session-tls13.keys", encoding: .utf8)
        try original.write(toFile: keys, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: keys) }
        let result = try await CastscopeProcess.run(["inspect", "\(Self.captures)/session-tls13.pcapng", "--keylog", keys,
                                                     "--quiet", "--html", keys])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("would overwrite one of the inputs"))
        #expect(try String(contentsOfFile: keys, encoding: .utf8) == original)
    }

    @Test func onlyMDNSStillGivesTheReportItsCastConnections() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run([
            "inspect", "\(Self.captures)/session-tls13.pcapng", "--keylog", "\(Self.captures)/session-tls13.keys",
            "--only", "mdns", "--html", path,
        ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let page = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!page.contains("No Cast connections in the capture"))
        #expect(page.contains("Connection 1"))
    }

    /// Said before the analysis, so a long run does not end with a report that has nowhere to go.
    @Test func unwritableReportPathExitsOneWithTheReasonBeforeAnalysing() async throws {
        let result = try await CastscopeProcess.run(["inspect", "\(Self.captures)/mdns-zeroconf.pcap", "--quiet",
                                               "--html", "/nonexistent/dir/report.html"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains(
            "Error: cannot write the HTML report /nonexistent/dir/report.html: no directory /nonexistent/dir"))
        #expect(result.standardOutput.isEmpty)
    }
}
