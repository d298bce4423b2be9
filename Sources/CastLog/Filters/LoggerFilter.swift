import Foundation

/// What a logger lets through: a minimum level, per-class and per-function levels (literal names or globs), and
/// message patterns. A value type: changing a copy never changes a filter already installed on a logger.
///
/// Precedence (design.md "Logging contract"): a class's level is that of the most specific matching class rule — a
/// literal name beats any glob, among globs more literal characters win, a tie goes to the rule set last — or
/// `minimumLevel` when no rule matches. Function rules work the same way on the function name; when a class rule and
/// a function rule both match, the lower (more verbose) level wins. Then, when message patterns are set, only
/// records whose message matches one of them pass.
public struct LoggerFilter: Sendable, Equatable {
    /// A level given to the names a glob matches.
    public struct Rule: Sendable, Hashable {
        /// The class or function name pattern.
        public var pattern: GlobPattern
        /// The level the matched names get.
        public var level: LogLevel
    }

    /// The level for classes and functions no rule matches. Unless set explicitly it is `verbose` for a filter
    /// without class or function rules and `none` for one with rules — the SDK's inclusive filter: naming classes
    /// means "log these".
    public var minimumLevel: LogLevel {
        get { explicitMinimumLevel ?? (classRules.isEmpty && functionRules.isEmpty ? .verbose : .none) }
        set { explicitMinimumLevel = newValue }
    }
    /// The minimum level as set, or nil when the default applies.
    public private(set) var explicitMinimumLevel: LogLevel?
    /// Kept for source compatibility with `GCKLoggerFilter.exclusive`; ignored, as in the SDK.
    public var exclusive: Bool = false
    /// Class rules in the order they were set.
    public private(set) var classRules: [Rule] = []
    /// Function rules in the order they were set.
    public private(set) var functionRules: [Rule] = []
    /// Message patterns; a record passes when its message matches any of them (or when there are none).
    public private(set) var messagePatterns: [MessagePattern] = []

    /// An empty filter: everything passes.
    public init() {}

    /// Gives `level` to every class matching one of `patterns`; setting a pattern again replaces it and makes it
    /// the newest rule.
    public mutating func setLoggingLevel(_ level: LogLevel, forClasses patterns: [String]) {
        Self.set(level, patterns, in: &classRules)
    }

    /// Gives `level` to every function matching one of `patterns`.
    public mutating func setLoggingLevel(_ level: LogLevel, forFunctions patterns: [String]) {
        Self.set(level, patterns, in: &functionRules)
    }

    /// Adds regular expressions (ICU syntax; `(?i)` makes one case-insensitive) that messages are matched against.
    public mutating func addMessagePatterns(_ patterns: [String]) throws(LoggerFilterError) {
        for pattern in patterns {
            messagePatterns.append(try MessagePattern(pattern))
        }
    }

    /// Removes every rule and pattern and restores the defaults.
    public mutating func reset() {
        self = LoggerFilter()
    }

    private static func set(_ level: LogLevel, _ patterns: [String], in rules: inout [Rule]) {
        for pattern in patterns {
            rules.removeAll { $0.pattern.text == pattern }
            rules.append(Rule(pattern: GlobPattern(pattern), level: level))
        }
    }

    // MARK: Evaluation

    /// The most specific class rule matching `className`, or nil.
    public func classRule(for className: String) -> Rule? { Self.mostSpecific(classRules, matching: className) }

    /// The most specific function rule matching `function`, or nil.
    public func functionRule(for function: String) -> Rule? {
        let baseName = LogRecord.baseName(of: function)
        return Self.mostSpecific(functionRules) { $0.matches(function) || $0.matches(baseName) }
    }

    /// The effective level of a class, ignoring function rules.
    public func effectiveLevel(forClass className: String) -> LogLevel {
        classRule(for: className)?.level ?? minimumLevel
    }

    /// The effective level of a record from `function` in `className`.
    public func effectiveLevel(forClass className: String, function: String) -> LogLevel {
        let classLevel = classRule(for: className)?.level
        let functionLevel = functionRule(for: function)?.level
        switch (classLevel, functionLevel) {
        case (let c?, let f?): return Self.moreVerbose(c, f)
        case (let c?, nil): return c
        case (nil, let f?): return f
        case (nil, nil): return minimumLevel
        }
    }

    /// The lowest threshold any record of `className` could pass — what the per-class cache holds, so that the
    /// disabled path needs no function name.
    func lowestThreshold(forClass className: String) -> UInt8 {
        var threshold = effectiveLevel(forClass: className).threshold
        for rule in functionRules { threshold = min(threshold, rule.level.threshold) }
        return threshold
    }

    /// True when the record passes level, function and message checks.
    public func allows(level: LogLevel, className: String, function: String, message: String) -> Bool {
        guard level != .none, level.threshold >= effectiveLevel(forClass: className, function: function).threshold
        else { return false }
        return allowsMessage(message)
    }

    /// True when there are no message patterns or `message` matches one.
    public func allowsMessage(_ message: String) -> Bool {
        messagePatterns.isEmpty || messagePatterns.contains { $0.matches(message) }
    }

    /// `none` means "nothing passes", so it is the least verbose of all.
    private static func moreVerbose(_ a: LogLevel, _ b: LogLevel) -> LogLevel {
        a.threshold <= b.threshold ? a : b
    }

    private static func mostSpecific(_ rules: [Rule], matching name: String) -> Rule? {
        mostSpecific(rules) { $0.matches(name) }
    }

    private static func mostSpecific(_ rules: [Rule], where matches: (GlobPattern) -> Bool) -> Rule? {
        var best: Rule?
        for rule in rules where matches(rule.pattern) {
            // Later rules win ties, so `>=` against the best so far.
            guard let current = best else {
                best = rule
                continue
            }
            if rule.pattern.isLiteral != current.pattern.isLiteral {
                if rule.pattern.isLiteral { best = rule }
            } else if rule.pattern.literalCount >= current.pattern.literalCount {
                best = rule
            }
        }
        return best
    }
}

/// A compiled message pattern.
public struct MessagePattern: Sendable, Hashable {
    /// The regular expression as written.
    public let source: String
    private let regex: RegexBox

    /// Compiles `source`, or throws naming the pattern.
    public init(_ source: String) throws(LoggerFilterError) {
        self.source = source
        do {
            regex = RegexBox(try NSRegularExpression(pattern: source))
        } catch {
            throw LoggerFilterError(message: "invalid regular expression '\(source)'")
        }
    }

    /// True when the pattern matches anywhere in `message`.
    public func matches(_ message: String) -> Bool {
        let range = NSRange(message.startIndex..<message.endIndex, in: message)
        return regex.expression.firstMatch(in: message, range: range) != nil
    }

    public static func == (lhs: MessagePattern, rhs: MessagePattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// Holds a compiled expression; `NSRegularExpression` is immutable after creation, so sharing it is safe.
private final class RegexBox: @unchecked Sendable {
    let expression: NSRegularExpression
    init(_ expression: NSRegularExpression) { self.expression = expression }
}

/// A filter setting that cannot be applied.
public struct LoggerFilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    public var description: String { message }
}
