import CastTestSupport
import Foundation
import Testing

@Suite struct FiltersCommandTests {
    private var filtersDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../filters")
            .standardized.path
    }

    @Test func checkAcceptsEveryShippedFilter() async throws {
        let files = ["codelab", "discovery", "session", "media", "quiet", "everything"].map {
            "\(filtersDirectory)/\($0).filter"
        }
        let result = try await CastscopeProcess.run(["filters", "check"] + files)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.split(separator: "\n").count == 6)
    }

    @Test func checkReportsFileLineColumnAndExitsOne() async throws {
        let path = NSTemporaryDirectory() + "castscope-bad-\(UUID().uuidString).filter"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "minimum = warning\nGCKUI* = loud\n".write(toFile: path, atomically: false, encoding: .utf8)
        let result = try await CastscopeProcess.run(["filters", "check", path])
        #expect(result.exitCode == 1)
        #expect(result.standardError
            == "\(path):2:10: unknown level 'loud' (expected one of none, verbose, debug, info, warning, error, assert)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func checkReportsEveryErrorOfEveryFileAndOkForTheGoodOnes() async throws {
        let directories = TemporaryDirectories()
        let directory = directories.make("filters")
        let bad = directory + "/bad.filter", good = directory + "/good.filter"
        try "minimum = loud\nGCK[z-a] = debug\nminimun = warning\nGCKCastChannel = verbose\n"
            .write(toFile: bad, atomically: false, encoding: .utf8)
        try "minimum = warning\nexclusive = yes\nclass lowercase = debug\n".write(toFile: good, atomically: false, encoding: .utf8)
        let result = try await CastscopeProcess.run(["filters", "check", bad, good])
        #expect(result.exitCode == 1)
        let errors = result.standardError.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.first?.hasPrefix("\(bad):1:11: unknown level 'loud'") == true)
        #expect(errors.dropFirst().first?.hasPrefix("\(bad):2:5: reversed range 'z-a'") == true)
        #expect(errors.last?.hasPrefix("\(bad):3:1: unknown key 'minimun'") == true)
        #expect(result.standardOutput == "\(good): ok\n")
    }

    @Test func explainPrintsClassTabLevelWithNoneWhenNothingPasses() async throws {
        let result = try await CastscopeProcess.run([
            "filters", "explain", "\(filtersDirectory)/codelab.filter", "GCKCastChannel", "GCKSessionManager",
        ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "GCKCastChannel\tverbose\nGCKSessionManager\tnone\n")
    }

    @Test func explainWithFunctionUsesFunctionRules() async throws {
        let result = try await CastscopeProcess.run([
            "filters", "explain", "--function", "sessionManager(_:didStart:)", "\(filtersDirectory)/session.filter",
            "GCKSessionManager", "GCKRemoteMediaClient",
        ])
        #expect(result.standardOutput == "GCKSessionManager\tverbose\nGCKRemoteMediaClient\tverbose\n")
    }

    @Test func explainWithUnreadableFileExitsOne() async throws {
        let result = try await CastscopeProcess.run(["filters", "explain", "/nonexistent.filter", "GCKCastChannel"])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: /nonexistent.filter: no such filter file\n")
    }

    @Test func missingArgumentIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["filters", "explain"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("Usage: castscope filters explain"))
    }

    @Test func rootHelpListsSubcommands() async throws {
        let result = try await CastscopeProcess.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Find out why Google Cast does not work"))
        #expect(result.standardOutput.contains("SUBCOMMANDS:"))
        #expect(result.standardOutput.contains("  filters"))
    }

    @Test func versionPrintsTheVersion() async throws {
        let result = try await CastscopeProcess.run(["--version"])
        #expect(result.standardOutput == "0.1.0\n")
    }
}
