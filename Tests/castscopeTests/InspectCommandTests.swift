import CastJSON
import CastTestSupport
import Foundation
import Testing

@Suite struct InspectCommandTests {
    static let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../captures").standardized.path

    @Test func jsonLinesEndWithTheSummaryAndExitZero() async throws {
        let name = "\(Self.captures)/cast-tls13-chacha"
        let result = try await CastscopeProcess.run(["inspect", "\(name).pcap", "--keylog", "\(name).keys", "--json"])
        #expect(result.exitCode == 0)
        let lines = try result.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        #expect(lines.last?["kind"] == "summary")
        #expect(lines.last?["castMessages"] == 14)
        let kinds = Set(lines.compactMap { $0["kind"]?.stringValue })
        #expect(kinds == ["tls", "cast", "finding", "summary"])
        let cast = try #require(lines.first { $0["kind"] == "cast" })
        #expect(cast["direction"] == "c2s")
        #expect(cast["message"]?["payload"]?["type"] == "CONNECT")
    }

    @Test func onlyMdnsShowsOnlyMdnsEvents() async throws {
        let result = try await CastscopeProcess.run(["inspect", "\(Self.captures)/mdns-zeroconf.pcap",
                                               "\(Self.captures)/cast-tls12-chacha.pcap", "--only", "mdns", "--json"])
        #expect(result.exitCode == 0)
        let kinds = Set(try result.standardOutput.split(separator: "\n").compactMap {
            try JSONValue(parsing: String($0))["kind"]?.stringValue
        })
        #expect(kinds == ["mdns", "finding", "summary"])
    }

    @Test func readableReportHasTranscriptDevicesConnectionsAndFindings() async throws {
        let name = "\(Self.captures)/cast-tls12-aes128"
        let result = try await CastscopeProcess.run(["inspect", "\(name).pcap", "--keylog", "\(name).keys",
                                               "\(Self.captures)/mdns-zeroconf.pcap"])
        #expect(result.exitCode == 0)
        let text = result.standardOutput
        #expect(text.contains("CAST 127.0.0.1:"))
        #expect(text.contains("(reply to LAUNCH after"))
        #expect(text.contains("Cast devices seen by mDNS (1):"))
        #expect(text.contains("Connections (1):"))
        #expect(text.contains("WARN tls.cert-lifetime"))
    }

    @Test func corruptFileExitsOneAfterPrintingWhatCameBefore() async throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(Self.captures)/mdns-zeroconf.pcap"))
        let path = NSTemporaryDirectory() + "castscope-cut-\(UUID().uuidString).pcap"
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", path, "--json"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains(#""kind":"mdns""#))
        #expect(result.standardError.contains("Error: \(path): packet "))
        #expect(result.standardError.contains("at byte offset"))
        let lax = try await CastscopeProcess.run(["inspect", path, "--lax", "--quiet"])
        #expect(lax.exitCode == 0)
        #expect(lax.standardOutput.contains("capture.corrupt"))
    }

    @Test func usageErrorsExitSixtyFour() async throws {
        #expect(try await CastscopeProcess.run(["inspect"]).exitCode == 64)
        #expect(try await CastscopeProcess.run(["inspect", "x.pcap", "--only", "http"]).exitCode == 64)
        #expect(try await CastscopeProcess.run(["inspect", "x.pcap", "--port", "0"]).exitCode == 64)
    }

    @Test func missingFileExitsOneWithTheErrorAloneAndNoEmptyReport() async throws {
        let result = try await CastscopeProcess.run(["inspect", "/nonexistent/capture.pcap"])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: /nonexistent/capture.pcap: no such file\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func exportStreamsOntoAFileIsAClearError() async throws {
        let file = NSTemporaryDirectory() + "castscope-export-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try await CastscopeProcess.run([
            "inspect", "\(Self.captures)/mdns-zeroconf.pcap", "--export-streams", file,
        ])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("is a file, not a directory"))
    }

    @Test func exportStreamsWritesBothDirections() async throws {
        let name = "\(Self.captures)/cast-tls13-aes256"
        let directory = NSTemporaryDirectory() + "castscope-export-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CastscopeProcess.run(["inspect", "\(name).pcap", "--keylog", "\(name).keys", "--quiet",
                                               "--export-streams", directory])
        #expect(result.exitCode == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files.count == 2)
        #expect(files.first?.hasPrefix("127.0.0.1_") == true)
        #expect(files.map { String($0.suffix(4)) } == [".c2s", ".s2c"])
    }
}
