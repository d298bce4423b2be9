/// Severity of a log record, numbered as the Cast iOS SDK's `GCKLoggerLevel`.
///
/// As a filter threshold a level lets through records at that level and above; `none` lets nothing through.
public enum LogLevel: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case none = 0
    case verbose = 1
    case debug = 2
    case info = 3
    case warning = 4
    case error = 5
    case assert = 6

    /// The lower-case name used in filter files, JSON lines and the CLI (`verbose`, `warning`…).
    public var name: String { staticName.description }

    /// `name` as a literal, which formatters append without allocating.
    var staticName: StaticString {
        switch self {
        case .none: return "none"
        case .verbose: return "verbose"
        case .debug: return "debug"
        case .info: return "info"
        case .warning: return "warning"
        case .error: return "error"
        case .assert: return "assert"
        }
    }

    /// The upper-case label of the text format, padded to seven characters so columns line up.
    var paddedLabel: StaticString {
        switch self {
        case .none: return "NONE   "
        case .verbose: return "VERBOSE"
        case .debug: return "DEBUG  "
        case .info: return "INFO   "
        case .warning: return "WARNING"
        case .error: return "ERROR  "
        case .assert: return "ASSERT "
        }
    }

    /// Parses a level name case-insensitively (`warn`, `err` and `trace` are accepted as aliases) or its integer.
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "none", "off", "0": self = .none
        case "verbose", "trace", "1": self = .verbose
        case "debug", "2": self = .debug
        case "info", "3": self = .info
        case "warning", "warn", "4": self = .warning
        case "error", "err", "5": self = .error
        case "assert", "fatal", "6": self = .assert
        default: return nil
        }
    }

    /// The threshold a record's level must reach to pass; `none` maps above every level.
    @inlinable var threshold: UInt8 { self == .none ? LogLevel.offThreshold : UInt8(rawValue) }

    /// The threshold value no record reaches.
    @usableFromInline static let offThreshold: UInt8 = 7

    /// The level a threshold stands for (`none` for "nothing passes").
    static func fromThreshold(_ threshold: UInt8) -> LogLevel {
        threshold >= offThreshold ? .none : LogLevel(rawValue: Int(threshold)) ?? .none
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { name }

    /// The level names in order, for error messages and help.
    public static let nameList = "none, verbose, debug, info, warning, error, assert"
}
