import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope tail` reads the logs other Cast software writes — logcat, Python logging, Chromium — as records, so the
/// GCK-style class filters apply to their tags, loggers and source files.
@Suite struct TailAppFormatsTests {
    static let lines = [
        "12-06 10:41:07.123  1234  5678 D CastContext: session started",
        "12-06 10:41:07.200  1234  5678 W MediaRouter: route lost",
        "2026-12-06 10:41:08.001 DEBUG (MainThread) [pychromecast.socket_client] Connecting to 192.168.1.20:8009",
        "[1234:5678:1206/104109.123456:ERROR:components/cast_channel/cast_socket.cc(291)] Failed to connect",
        "DEBUG:pychromecast.controllers:Receiver status",
        "not a record of any format",
    ]

    private func file() throws -> String {
        let path = NSTemporaryDirectory() + "castscope-app-\(UUID().uuidString).log"
        try (Self.lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func classFiltersApplyToTagsLoggersAndSourceFiles() async throws {
        let path = try file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(
            ["tail", "--year", "2026", "--tz", "UTC", "--level", "none", "--class", "CastContext=debug",
             "--class", "pychromecast.*=debug", "--class", "cast_socket*=error", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let shown = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(shown.count == 5, "\(result.standardOutput)")
        #expect(shown[0] == "2026-12-06T10:41:07.123000Z DEBUG   CastContext session started format=logcat pid=1234 tid=5678")
        #expect(shown.contains { $0.contains("pychromecast.socket_client Connecting") })
        #expect(shown.contains { $0.contains("ERROR   cast_socket.cc cast_socket.cc:291 Failed to connect") })
        #expect(!shown.contains { $0.contains("MediaRouter") })
        // Never silently dropped: the line no format reads is shown as it is.
        #expect(shown.last == "not a record of any format")
    }

    @Test func jsonNamesEachRecordsFormat() async throws {
        let path = try file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CastscopeProcess.run(["tail", "--tz", "+01:00", "--year", "2026", "--output", "json", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let objects = try result.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        #expect(objects.compactMap { $0["format"]?.stringValue }
            == ["logcat", "logcat", "python", "chromium", "python", "python"])
        #expect(objects.first?["ts"] == "2026-12-06T09:41:07.123000Z")
        #expect(objects.first?["class"] == "CastContext")
        // The line no format reads continues the record before it (a Python record here).
        #expect(objects.last?["msg"] == "not a record of any format")
        #expect(objects.last?["continuation"] == .bool(true))
    }

    @Test func aMediaErrorCodeInAnAppsLogIsExplained() async throws {
        let path = NSTemporaryDirectory() + "castscope-app-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (#"12-06 10:41:07.123  1234  5678 E RemoteMediaClient: {"type":"LOAD_FAILED","detailedErrorCode":104}"#
             + "\n12-06 10:41:08.000  1234  5678 I CastContext: fine\n").write(toFile: path, atomically: true, encoding: .utf8)
        let text = try await CastscopeProcess.run(["tail", "--year", "2026", "--tz", "UTC", path])
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(text.standardOutput)")
        #expect(lines[1].hasPrefix("  ↳ 104 MEDIA_SRC_NOT_SUPPORTED: the device refused the source"))
        #expect(lines[2].contains("CastContext fine"))
        // JSON lines stay one record each.
        let json = try await CastscopeProcess.run(["tail", "--year", "2026", "--tz", "UTC", "--output", "json", path])
        #expect(json.standardOutput.split(separator: "\n").count == 2)
    }

    @Test func formatReadsEveryLineAsThatFormatOnly() async throws {
        let path = try file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let logcat = try await CastscopeProcess.run(["tail", "--format", "logcat", "--output", "json", path])
        #expect(logcat.exitCode == 0, "\(logcat.standardError)")
        let objects = try logcat.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        // Lines of other formats are not records of this one: they continue the logcat record before them.
        #expect(objects.filter { $0["continuation"] == nil }.map { $0["class"]?.stringValue ?? "" }
            == ["CastContext", "MediaRouter"])
        #expect(objects.filter { $0["continuation"] != nil }.count == 4)
        let python = try await CastscopeProcess.run(["tail", "--format", "python", "--output", "json", path])
        let pythonObjects = try python.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        #expect(pythonObjects.filter { $0["continuation"] == nil }.count == 2)
    }

    @Test func aFilterFilesClassLinesApplyToTagsAndLoggerNames() async throws {
        let path = try file()
        let filterPath = path + ".filter"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: filterPath)
        }
        try "level = error\nCastContext = debug\npychromecast.* = debug\n"
            .write(toFile: filterPath, atomically: true, encoding: .utf8)
        let result = try await CastscopeProcess.run(
            ["tail", "--year", "2026", "--tz", "UTC", "--filter", filterPath, path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("DEBUG   CastContext session started"))
        #expect(result.standardOutput.contains("pychromecast.socket_client Connecting"))
        #expect(!result.standardOutput.contains("MediaRouter"))
        let explain = try await CastscopeProcess.run(["filters", "explain", filterPath, "CastContext", "MediaRouter",
                                                      "pychromecast.socket_client"])
        #expect(explain.standardOutput
            == "CastContext\tdebug\nMediaRouter\terror\npychromecast.socket_client\tdebug\n")
    }

    @Test func strictExitsOneAndCountsTheLinesNoFormatReads() async throws {
        let path = try file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let strict = try await CastscopeProcess.run(["tail", "--strict", "--year", "2026", "--tz", "UTC", path])
        #expect(strict.exitCode == 1)
        #expect(strict.standardError.contains(
            "castscope: --strict: 1 line was not a record of any format (1 continued the record before it)"),
            "\(strict.standardError)")
        // Every line shown all the same; without --strict the same run ends with 0.
        #expect(strict.standardOutput.contains("not a record of any format"))
        let plain = try await CastscopeProcess.run(["tail", "--year", "2026", "--tz", "UTC", path])
        #expect(plain.exitCode == 0)
        #expect(plain.standardOutput == strict.standardOutput)
        let clean = try await CastscopeProcess.run(["tail", "--strict", "--format", "logcat", "--level", "none",
                                                    "--class", "CastContext=debug", path])
        #expect(clean.exitCode == 1, "lines of other formats are not records of the forced one")
    }

    @Test func aBadYearOrZoneIsAUsageError() async throws {
        for arguments in [["--year", "12"], ["--tz", "Mars/Olympus"], ["--format", "syslog"]] {
            let result = try await CastscopeProcess.run(["tail"] + arguments + ["/no/such.log"])
            #expect(result.exitCode == 64, "\(arguments): \(result.standardError)")
        }
    }
}
