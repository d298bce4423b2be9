import Testing
@testable import CastLog

@Suite struct LoggerFilterTests {
    /// The precedence table of design.md: (rules in the order set, class, expected level).
    static let precedenceCases: [([(String, LogLevel)], String, LogLevel)] = [
        ([("GCKUI*", .verbose), ("GCK*Session", .debug)], "GCKUICastSession", .debug),  // 10 literals beat 5
        ([("GCK*Session", .debug), ("GCKUI*", .verbose)], "GCKUICastSession", .debug),  // order does not matter
        ([("GCK*", .error), ("GCKCastChannel", .verbose)], "GCKCastChannel", .verbose),  // literal beats glob
        ([("GCKCastChannel", .verbose), ("GCKCast*nnel", .error)], "GCKCastChannel", .verbose),
        ([("GCK*nel", .info), ("GCKCas*", .warning)], "GCKCastChannel", .warning),  // tie (6 each): last set wins
        ([("GCKCas*", .warning), ("GCK*nel", .info)], "GCKCastChannel", .info),
        ([("GCK????Channel", .error), ("GCK*", .debug)], "GCKCastChannel", .error),  // 10 literals beat 3
        ([("GCK[CD]*", .info), ("GCK*", .debug)], "GCKCastChannel", .debug),  // a set counts as no literal: tie, last
        ([("GCKUI*", .verbose)], "GCKCastChannel", .none),  // named classes only (inclusive filter)
    ]

    @Test(arguments: 0..<precedenceCases.count)
    func effectiveLevelFollowsPrecedenceTable(_ index: Int) {
        let (rules, className, expected) = Self.precedenceCases[index]
        var filter = LoggerFilter()
        for (pattern, level) in rules { filter.setLoggingLevel(level, forClasses: [pattern]) }
        #expect(filter.effectiveLevel(forClass: className) == expected)
    }

    @Test func settingAPatternAgainMakesItTheNewestRule() {
        var filter = LoggerFilter()
        filter.setLoggingLevel(.info, forClasses: ["GCK*Channel"])
        filter.setLoggingLevel(.warning, forClasses: ["GCKCast*"])
        filter.setLoggingLevel(.error, forClasses: ["GCK*Channel"])
        #expect(filter.classRules.count == 2)
        #expect(filter.effectiveLevel(forClass: "GCKCastChannel") == .error)
    }

    @Test func emptyFilterLetsEverythingThroughAndExplicitMinimumWins() {
        var filter = LoggerFilter()
        #expect(filter.minimumLevel == .verbose)
        filter.setLoggingLevel(.debug, forClasses: ["GCKSessionManager"])
        #expect(filter.minimumLevel == .none)
        filter.minimumLevel = .warning
        #expect(filter.effectiveLevel(forClass: "GCKCastChannel") == .warning)
        #expect(filter.effectiveLevel(forClass: "GCKSessionManager") == .debug)
    }

    @Test func functionRuleAndClassRuleTakeTheMoreVerbose() {
        var filter = LoggerFilter()
        filter.minimumLevel = .warning
        filter.setLoggingLevel(.info, forClasses: ["GCKSessionManager"])
        filter.setLoggingLevel(.verbose, forFunctions: ["sessionManager*"])
        #expect(filter.effectiveLevel(forClass: "GCKSessionManager", function: "sessionManager(_:didStart:)") == .verbose)
        #expect(filter.effectiveLevel(forClass: "GCKSessionManager", function: "endSession()") == .info)
        #expect(filter.effectiveLevel(forClass: "GCKOther", function: "sessionManagerX") == .verbose)
        #expect(filter.effectiveLevel(forClass: "GCKOther", function: "other") == .warning)
    }

    @Test func functionRulesMatchNameWithoutArgumentLabels() {
        var filter = LoggerFilter()
        filter.setLoggingLevel(.debug, forFunctions: ["startSession"])
        #expect(filter.functionRule(for: "startSession(with:)")?.level == .debug)
    }

    @Test func messagePatternsKeepOnlyMatchingMessages() throws {
        var filter = LoggerFilter()
        try filter.addMessagePatterns(["(?i)timeout", "^LOAD_FAILED"])
        #expect(filter.allows(level: .info, className: "X", function: "f", message: "Heartbeat TIMEOUT after 10 s"))
        #expect(filter.allows(level: .info, className: "X", function: "f", message: "LOAD_FAILED: 104"))
        #expect(!filter.allows(level: .info, className: "X", function: "f", message: "got LOAD_FAILED"))
    }

    @Test func invalidMessagePatternThrowsNamingIt() {
        var filter = LoggerFilter()
        #expect(throws: LoggerFilterError(message: "invalid regular expression '(unclosed'")) {
            try filter.addMessagePatterns(["(unclosed"])
        }
    }

    @Test func noneLevelSilencesAClass() {
        var filter = LoggerFilter()
        filter.minimumLevel = .verbose
        filter.setLoggingLevel(.none, forClasses: ["GCKHeartbeatChannel"])
        #expect(!filter.allows(level: .assert, className: "GCKHeartbeatChannel", function: "f", message: "m"))
        #expect(filter.allows(level: .verbose, className: "GCKCastChannel", function: "f", message: "m"))
    }

    @Test func resetRemovesEveryCriterion() throws {
        var filter = LoggerFilter()
        filter.minimumLevel = .error
        filter.setLoggingLevel(.debug, forClasses: ["A"])
        try filter.addMessagePatterns(["x"])
        filter.reset()
        #expect(filter == LoggerFilter())
    }

    /// The integrate guide's snippet: `filter.minimumLevel = .verbose` lets every class through at verbose.
    @Test func integrateGuideMinimumLevelSnippetPassesEverything() {
        var filter = LoggerFilter()
        filter.minimumLevel = .verbose
        #expect(filter.allows(level: .verbose, className: "GCKSessionManager", function: "f", message: "m"))
    }

    /// The integrate guide's per-class snippet.
    @Test func integrateGuidePerClassSnippetLogsThoseClassesAtVerbose() {
        var filter = LoggerFilter()
        filter.setLoggingLevel(.verbose, forClasses: ["GCKUICastButton", "GCKUIImageCache", "NSMutableDictionary"])
        #expect(filter.allows(level: .verbose, className: "GCKUIImageCache", function: "f", message: "m"))
        #expect(!filter.allows(level: .error, className: "GCKCastChannel", function: "f", message: "m"))
    }
}
