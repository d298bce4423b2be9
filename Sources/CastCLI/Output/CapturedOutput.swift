internal import Synchronization

/// Collects everything written, for tests.
public final class CapturedOutput: CommandOutput {
    private let texts = Mutex<(output: String, error: String)>(("", ""))

    /// Creates an empty capture.
    public init() {}

    /// Appends the text to the captured stream.
    public func write(_ text: String, to stream: StandardStream) {
        texts.withLock { texts in
            switch stream {
            case .output: texts.output += text
            case .error: texts.error += text
            }
        }
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { texts.withLock { $0.output } }

    /// Everything written to standard error so far.
    public var standardError: String { texts.withLock { $0.error } }
}
