import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `inspect --log` and `tail --capture` on the committed emulator capture (two connections whose request ids both
/// start at 1) with a hand-written sender log.
@Suite struct InspectLogTests {
    static let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../captures").standardized.path
    static let capture = "\(captures)/emulator-tls13.pcap"
    static let keys = "\(captures)/emulator-tls13.keys"
    static let transport = "57b13a0b-948a-40aa-8000-000000000002"

    /// A sender log: LOAD requested (id 4), a bad line, the listener after LOAD_FAILED, GET_STATUS 3 of the second
    /// connection; `shift` hours are added to every time (a log on another clock).
    static func log(shift: Int = 0) -> String {
        func ts(_ time: String) -> String { "2026-11-30T\(String(format: "%02d", 8 + shift)):00:\(time)Z" }
        let lines = [
            "{\"ts\":\"\(ts("15.376000"))\",\"level\":\"debug\",\"class\":\"GCKRemoteMediaClient\","
                + "\"function\":\"load\",\"file\":\"R.swift\",\"line\":1,\"msg\":\"LOAD requested\","
                + "\"cast.transport\":\"\(transport)\","
                + "\"cast.request_id\":4,\"cast.ns\":\"urn:x-cast:com.google.cast.media\"}",
            "this is not a record",
            "{\"ts\":\"\(ts("15.376500"))\",\"level\":\"info\",\"class\":\"GCKSessionManager\",\"function\":\"x\","
                + "\"file\":\"S.swift\",\"line\":2,\"msg\":\"listener fired\",\"cast.transport\":\"\(transport)\"}",
            "{\"ts\":\"\(ts("15.445600"))\",\"level\":\"debug\",\"class\":\"GCKRequest\",\"function\":\"finish\","
                + "\"file\":\"Q.swift\",\"line\":3,\"msg\":\"GET_STATUS completed\",\"cast.request_id\":3}",
        ]
        let path = NSTemporaryDirectory() + "castscope-inspectlog-\(UUID().uuidString).jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        return path
    }

    static func json(_ output: String) -> [JSONValue] {
        output.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
    }

    static func linkTypes(_ line: JSONValue) -> [String] {
        (line["links"]?.arrayValue ?? []).compactMap { $0["type"]?.stringValue }
    }

    @Test func logRecordsAppearInTheHTMLReportsMessageTable() async throws {
        let path = Self.log()
        let html = NSTemporaryDirectory() + "castscope-log-\(UUID().uuidString).html"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: html)
        }
        let result = try await CastscopeProcess.run(
            ["inspect", Self.capture, "--keylog", Self.keys, "--log", path, "--quiet", "--html", html])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("LOAD requested"))
        #expect(page.contains("GCKRemoteMediaClient"))
    }

    @Test func logRecordsAreMergedLinkedAndCountedInJSON() async throws {
        let path = Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", Self.capture, "--keylog", Self.keys, "--log", path, "--json"])
        #expect(result.exitCode == 0)
        #expect(result.standardError.contains("\(path):2: does not start with an RFC 3339 time"))
        let lines = Self.json(result.standardOutput)
        let logs = lines.filter { $0["kind"] == "log" }
        #expect(logs.map(Self.linkTypes) == [["LOAD", "LOAD_FAILED"], ["LOAD_FAILED"], ["GET_STATUS", "MEDIA_STATUS"]])
        // The second connection's id 3, not the first's.
        #expect(logs.last?["links"]?.arrayValue?.first?["flow"] == "127.0.0.1:36718-127.0.0.1:18022")
        // Time order: the LOAD record comes right before the LOAD frame.
        let kinds = lines.map { $0["kind"]?.stringValue ?? "" }
        let loadRecord = try #require(kinds.firstIndex(of: "log"))
        #expect(lines[loadRecord + 1]["message"]?["payload"]?["type"] == "LOAD")
        let summary = try #require(lines.last)
        #expect(summary["logRecords"] == 3)
        #expect(summary["linkedLogRecords"] == 3)
        #expect(summary["badLogLines"] == 1)
    }

    /// The capture split into two pcap files at packet `at` (the global header repeated).
    static func split(at: Int) throws -> (first: String, second: String) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: capture)))
        func le32(_ offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        var offset = 24, count = 0
        while count < at, offset + 16 <= bytes.count {
            offset += 16 + le32(offset + 8)
            count += 1
        }
        let stem = NSTemporaryDirectory() + "castscope-split-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: stem + "-1.pcap", contents: Data(bytes[..<offset]))
        _ = FileManager.default.createFile(atPath: stem + "-2.pcap", contents: Data(bytes[..<24] + bytes[offset...]))
        return (stem + "-1.pcap", stem + "-2.pcap")
    }

    @Test func capturesGivenOutOfTimeOrderAreReadInTimeOrderWithTheLog() async throws {
        let path = Self.log()
        let halves = try Self.split(at: 20)
        defer { for file in [path, halves.first, halves.second] { try? FileManager.default.removeItem(atPath: file) } }
        let result = try await CastscopeProcess.run(
            ["inspect", halves.second, halves.first, "--keylog", Self.keys, "--log", path, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError.contains("reading the captures in time order: \(halves.first), \(halves.second)"))
        let logs = Self.json(result.standardOutput).filter { $0["kind"] == "log" }
        #expect(logs.map(Self.linkTypes) == [["LOAD", "LOAD_FAILED"], ["LOAD_FAILED"], ["GET_STATUS", "MEDIA_STATUS"]])
        let inOrder = try await CastscopeProcess.run(
            ["inspect", halves.first, halves.second, "--keylog", Self.keys, "--log", path, "--json"])
        #expect(inOrder.standardOutput == result.standardOutput)
        #expect(!inOrder.standardError.contains("time order"))
    }

    @Test func readableReportMarksLogLinesAndTheirLinks() async throws {
        let path = Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["inspect", Self.capture, "--keylog", Self.keys, "--log", path])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains(
            "2026-11-30T08:00:15.376000Z LOG  DEBUG GCKRemoteMediaClient -[load] LOAD requested"))
        #expect(result.standardOutput.contains("→ req 4: LOAD → +0 ms, LOAD_FAILED ← +0 ms"))
        #expect(result.standardOutput.contains("Logs: 3 records from 1 file, 3 linked to Cast messages, 1 lines"))
    }

    @Test func logOffsetPutsALogOnAnotherClockOnTheCaptureTimeline() async throws {
        let path = Self.log(shift: 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let off = try await CastscopeProcess.run(["inspect", Self.capture, "--keylog", Self.keys, "--log", path, "--json"])
        #expect(Self.json(off.standardOutput).last?["linkedLogRecords"] == 0)
        let on = try await CastscopeProcess.run(["inspect", Self.capture, "--keylog", Self.keys, "--log", path,
                                           "--log-offset", "-3600", "--json"])
        let lines = Self.json(on.standardOutput)
        #expect(lines.last?["linkedLogRecords"] == 3)
        let first = try #require(lines.first { $0["kind"] == "log" })
        #expect(first["time"] == "2026-11-30T08:00:15.376000Z")
        #expect(first["record"]?["ts"] == "2026-11-30T09:00:15.376000Z")
    }

    @Test func logOptionErrors() async throws {
        let missing = try await CastscopeProcess.run(["inspect", Self.capture, "--log", "/nonexistent/castscope.jsonl"])
        #expect(missing.exitCode == 1)
        #expect(missing.standardError.contains("Error: cannot read log /nonexistent/castscope.jsonl"))
        let offset = try await CastscopeProcess.run(["inspect", Self.capture, "--log-offset", "5"])
        #expect(offset.exitCode == 64)
        #expect(offset.standardError.contains("--log-offset needs --log"))
        let bad = try await CastscopeProcess.run(["inspect", Self.capture, "--log", Self.keys, "--log-offset", "soon"])
        #expect(bad.exitCode == 64)
    }

    @Test func tailWithCaptureInterleavesCastMessagesAndLinkedRecords() async throws {
        let path = Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try await CastscopeProcess.run(["tail", "-n", "100", "--capture", Self.capture, "--keylog", Self.keys,
                                             path])
        #expect(text.exitCode == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let load = try #require(lines.firstIndex { $0.contains("LOAD requested") })
        #expect(lines[load].hasSuffix("→ req 4: LOAD → +0 ms, LOAD_FAILED ← +0 ms"))
        // A raw line stays after the record before it; then the LOAD frame.
        #expect(lines[load + 1] == "this is not a record")
        #expect(lines[load + 2].contains(" CAST ") && lines[load + 2].contains("\"LOAD\""))
        #expect(lines.filter { $0.contains(" CAST ") }.count == 22)
        let json = try await CastscopeProcess.run(["tail", "-n", "4", "--output", "json", "--capture", Self.capture,
                                             "--keylog", Self.keys, path])
        let objects = Self.json(json.standardOutput)
        #expect(objects.count == 4)
        // The one shape of a log record among other events, as `inspect --json` prints it.
        #expect(objects.first?["kind"] == "log")
        #expect(objects.first?["record"]?["msg"] == "GET_STATUS completed")
        #expect(objects.first?["file"]?.stringValue == path)
        #expect(objects.first.map(Self.linkTypes) == ["GET_STATUS", "MEDIA_STATUS"])
        #expect(objects.last?["kind"] == "cast")
    }
}
