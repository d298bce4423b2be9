import Foundation
import Testing
@testable import CastLog

@Suite struct FilterFileTests {
    @Test func parsesEveryLineKind() throws {
        let text = """
            # a comment
            minimum = warning
            GCKUI*, GCK*Session = verbose   # trailing comment
            class GCKCastChannel = debug
            function sessionManager* = debug
            message ~ (?i)timeout|error # kept: part of the regex
            exclusive = true

            """
        let filter = try FilterFile.parse(text, fileName: "t.filter")
        #expect(filter.minimumLevel == .warning)
        #expect(filter.classRules.map(\.pattern.text) == ["GCKUI*", "GCK*Session", "GCKCastChannel"])
        #expect(filter.functionRules.map(\.pattern.text) == ["sessionManager*"])
        #expect(filter.messagePatterns.map(\.source) == ["(?i)timeout|error # kept: part of the regex"])
        #expect(filter.exclusive)
        #expect(filter.effectiveLevel(forClass: "GCKUICastSession") == .verbose)
    }

    @Test func unknownLevelNamesLineAndColumn() {
        #expect(throws: FilterFileError(file: "x.filter", line: 2, column: 18,
                                        message: "unknown level 'verbos' (expected one of \(LogLevel.nameList))")) {
            try FilterFile.parse("# header\nGCKCastChannel = verbos", fileName: "x.filter")
        }
    }

    @Test func unterminatedSetPointsAtTheBracket() {
        #expect(throws: FilterFileError(file: "x.filter", line: 1, column: 4,
                                        message: "unterminated '[' set in pattern 'GCK[UI'")) {
            try FilterFile.parse("GCK[UI = debug", fileName: "x.filter")
        }
    }

    @Test func lineWithoutOperatorIsRejected() {
        #expect(throws: FilterFileError.self) { try FilterFile.parse("  GCKCastChannel debug", fileName: "f") }
    }

    @Test func spaceInsidePatternIsRejected() throws {
        let error = try #require(throws: FilterFileError.self) { try FilterFile.parse("GCK Cast = debug", fileName: "f") }
        #expect(error.description == "f:1:4: unexpected space in pattern (separate patterns with ',')")
    }

    @Test func invalidRegexNamesItsColumn() throws {
        let error = try #require(throws: FilterFileError.self) { try FilterFile.parse("message ~ (x", fileName: "f") }
        #expect(error.line == 1 && error.column == 11)
    }

    @Test func environmentValueSetsMinimumAndRules() throws {
        let filter = try FilterFile.parseEnvironment("warning,GCKUI*=verbose,GCK*Session=debug,GCK[AB]x=info")
        #expect(filter.minimumLevel == .warning)
        #expect(filter.effectiveLevel(forClass: "GCKUICastSession") == .debug)
        #expect(filter.classRules.count == 3)
    }

    @Test func environmentErrorPointsIntoTheValue() {
        #expect(throws: FilterFileError(file: "CASTSCOPE_LOG", line: 1, column: 9,
                                        message: "unknown level 'loud' (expected one of \(LogLevel.nameList))")) {
            try FilterFile.parseEnvironment("warning,loud")
        }
    }

    @Test func unreadableFileIsReportedWithItsPathAndWhy() {
        #expect(throws: FilterFileError(file: "/nonexistent.filter", line: 0, column: 0,
                                        message: "no such filter file")) {
            try FilterFile.load(path: "/nonexistent.filter")
        }
        #expect(throws: FilterFileError(file: "/tmp", line: 0, column: 0, message: "a directory, not a filter file")) {
            try FilterFile.load(path: "/tmp")
        }
    }

    @Test func shippedFilterFilesAllParse() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../filters").standardized.path
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".filter") }
        #expect(Set(names).isSuperset(of: ["codelab.filter", "discovery.filter", "session.filter", "media.filter",
                                            "quiet.filter", "everything.filter"]))
        for name in names { _ = try FilterFile.load(path: directory + "/" + name) }
    }
}

@Suite struct FilterFileReviewTests {
    @Test func crlfLineEndingsAreAccepted() throws {
        let filter = try FilterFile.parse("minimum = warning\r\nGCKUI* = verbose\r\n", fileName: "x.filter")
        #expect(filter.minimumLevel == .warning)
        #expect(filter.classRules.map(\.pattern.text) == ["GCKUI*"])
    }

    @Test func literalFunctionRuleBeatsAGlobOnTheFullName() throws {
        let filter = try FilterFile.parse("function sendMessage = verbose\nfunction send* = warning", fileName: "f")
        #expect(filter.effectiveLevel(forClass: "X", function: "sendMessage(_:)") == .verbose)
    }
}
