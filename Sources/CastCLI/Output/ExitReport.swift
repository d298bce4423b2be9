/// Where a command line ends: the text to print, on which stream, and the exit code.
public struct ExitReport: Sendable, Equatable {
    /// The stream the text goes to.
    public var stream: StandardStream
    /// The full text, ending with a newline (empty for a silent exit).
    public var text: String
    /// The process exit status: 0 success/help/version, 1 runtime failure, 64 usage error, or the command's own.
    public var code: Int32

    /// Creates a report.
    public init(stream: StandardStream, text: String, code: Int32) {
        self.stream = stream
        self.text = text
        self.code = code
    }
}
