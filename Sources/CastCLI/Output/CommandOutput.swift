/// One of the two standard text streams.
public enum StandardStream: Sendable, Equatable {
    /// Standard output: results, help, version.
    case output
    /// Standard error: errors, diagnostics, progress.
    case error
}

/// Where commands write their text; tests capture it, the real tool writes to file descriptors 1 and 2.
public protocol CommandOutput: Sendable {
    /// Writes the text as is (no newline added) to the stream.
    func write(_ text: String, to stream: StandardStream)
    /// Writes UTF-8 bytes as they are to the stream (output built as bytes, without a String).
    func write(bytes: [UInt8], to stream: StandardStream)
}

extension CommandOutput {
    /// By default, bytes are written as text.
    public func write(bytes: [UInt8], to stream: StandardStream) {
        write(String(decoding: bytes, as: UTF8.self), to: stream)
    }
}

extension CommandOutput {
    /// Writes a line to standard output.
    public func print(_ line: String) {
        write(line + "\n", to: .output)
    }

    /// Writes a line to standard error.
    public func printError(_ line: String) {
        write(line + "\n", to: .error)
    }
}
