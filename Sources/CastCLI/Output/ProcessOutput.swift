#if canImport(Glibc)
internal import Glibc
#endif

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
        write(bytes: Array(text.utf8), to: stream)
    }

    /// Writes all of the bytes, as `write(_:to:)` writes text.
    public func write(bytes: [UInt8], to stream: StandardStream) {
        let descriptor = stream == .output ? outputDescriptor : errorDescriptor
        // Text printed with Swift's `print` sits in stdio's buffer: flush it first so the order on screen holds.
        fflush(nil)
        bytes.withUnsafeBytes { buffer in
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
