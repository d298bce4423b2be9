/// The code behind a command: gets the parsed invocation and the output streams, returns the exit code.
///
/// Throwing a `CommandLineError` reports a usage error (exit 64 with the usage lines); any other error is a runtime
/// failure (`Error: <description>` on stderr, exit 1); `ExitCode` exits with its code silently.
public typealias CommandHandler = @Sendable (Invocation, any CommandOutput) async throws -> Int32
