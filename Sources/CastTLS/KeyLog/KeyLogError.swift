import Glibc

/// The key-log file could not be opened or written.
public struct KeyLogError: Error, Sendable, CustomStringConvertible {
    /// The path involved.
    public var path: String
    /// The `errno` captured at the failing call.
    public var errno: Int32
    /// The call that failed ("open", "write").
    public var operation: String

    /// Builds an error from an errno captured at the call.
    public init(path: String, errno: Int32, operation: String) {
        self.path = path
        self.errno = errno
        self.operation = operation
    }

    /// One line a person can act on.
    public var description: String {
        "cannot \(operation) TLS key log \(path): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
