#if canImport(Glibc)
internal import Glibc
#endif
internal import Synchronization

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

/// Writes to the process's file descriptors (1 and 2 unless told otherwise).
public struct ProcessOutput: CommandOutput {
    /// The descriptor standard output text goes to.
    public let outputDescriptor: Int32
    /// The descriptor standard error text goes to.
    public let errorDescriptor: Int32

    /// Creates a writer for these descriptors; the caller keeps them open while it is used.
    public init(outputDescriptor: Int32 = 1, errorDescriptor: Int32 = 2) {
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
    }

    /// Writes all of the text, retrying short writes and `EINTR`; a closed pipe drops the rest.
    public func write(_ text: String, to stream: StandardStream) {
        let descriptor = stream == .output ? outputDescriptor : errorDescriptor
        // Text printed with Swift's `print` sits in stdio's buffer: flush it first so the order on screen holds.
        fflush(nil)
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                // SAFETY: offset < buffer.count, so the pointer and the remaining length stay inside the buffer.
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
