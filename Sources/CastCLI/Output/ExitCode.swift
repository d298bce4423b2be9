/// Thrown by a handler to end with this exit code and print nothing more.
public struct ExitCode: Error, Sendable, Equatable {
    /// The process exit status.
    public var code: Int32

    /// Creates an exit with this status.
    public init(_ code: Int32) { self.code = code }

    /// Exit 0.
    public static let success = ExitCode(0)
    /// Exit 1 (EXIT_FAILURE), a runtime failure.
    public static let failure = ExitCode(1)
    /// Exit 64 (EX_USAGE), a usage or validation error.
    public static let usage = ExitCode(64)
}
