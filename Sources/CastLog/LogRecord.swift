/// One structured log record: what every sink, formatter and the delegate receive.
public struct LogRecord: Sendable, Hashable {
    /// When the record was made (UTC, microsecond resolution).
    public var timestamp: LogTimestamp
    /// Severity.
    public var level: LogLevel
    /// The Cast SDK class name the record is logged under (`GCKCastChannel`).
    public var className: String
    /// The function that logged, as `#function` gives it (`sendMessage(_:)`).
    public var function: String
    /// The source file, as `#fileID` gives it (`CastChannel/CastSocket.swift`).
    public var file: String
    /// The source line.
    public var line: UInt
    /// The message text.
    public var message: String
    /// Ordered key/values.
    public var metadata: LogMetadata

    /// A record with every field given.
    public init(
        timestamp: LogTimestamp, level: LogLevel, className: String, function: String, file: String, line: UInt,
        message: String, metadata: LogMetadata = LogMetadata()
    ) {
        self.timestamp = timestamp
        self.level = level
        self.className = className
        self.function = function
        self.file = file
        self.line = line
        self.message = message
        self.metadata = metadata
    }

    /// The file's last path component (`CastSocket.swift`), as the text format shows it.
    public var fileName: String {
        guard let slash = file.lastIndex(of: "/") else { return file }
        return String(file[file.index(after: slash)...])
    }

    /// The function without its argument labels (`sendMessage`), as the text format shows it.
    public var functionBaseName: String { Self.baseName(of: function) }

    /// `name` without an argument list: `sendMessage(_:)` → `sendMessage`.
    static func baseName(of name: String) -> String {
        guard let paren = name.firstIndex(of: "(") else { return name }
        return String(name[..<paren])
    }

    /// `File.swift:88`, the location string the delegate receives.
    public var location: String { "\(fileName):\(line)" }
}
