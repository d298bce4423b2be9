import CastJSON
import CastTestSupport
import Foundation
import Testing

@Suite struct DemoCommandTests {
    @Test func demoLogsFiltersRedactsAndTailsBack() throws {
        let directory = NSTemporaryDirectory() + "castscope-demo-test-\(UUID().uuidString)"
        let result = try CastscopeProcess.run(["demo", "--dir", directory])
        #expect(result.exitCode == 0)
        let output = result.standardOutput
        #expect(output.contains("== 1."))
        #expect(output.contains("GCKCastChannel -[run]"))
        #expect(!output.contains("GCKHeartbeatChannel -[run]"))  // not in the codelab filter
        #expect(!output.contains("user-42-secret"))
        #expect(output.contains(#""credentials":"<redacted>""#))
        let file = try String(contentsOfFile: directory + "/castscope.log", encoding: .utf8)
        #expect(!file.contains("user-42-secret") && !file.contains("abc123"))
        let lines = file.split(separator: "\n")
        #expect(lines.count == 15)
        for line in lines { _ = try JSONValue(parsing: String(line)) }
        let tailed = try #require(output.components(separatedBy: "== 3.").last)
        #expect(tailed.contains("send LOAD"))
        #expect(tailed.contains("recv INVALID_REQUEST"))
        #expect(!tailed.contains("MEDIA_STATUS"))
    }

    @Test func embeddedCodelabFilterMatchesTheShippedFile() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../filters/codelab.filter").standardized.path
        let result = try CastscopeProcess.run(["filters", "explain", shipped, "GCKCastChannel", "GCKSessionManager"])
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
