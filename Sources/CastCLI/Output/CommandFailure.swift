/// A command that ran and failed (exit 1): `CommandLineTool` prints each message as an `Error:` line on stderr,
/// then the hint as a `Hint:` line. Commands throw it instead of printing and returning 1 themselves, so every
/// runtime failure reaches the user the same way.
public struct CommandFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, one line each (several inputs can fail at once).
    public var messages: [String]
    /// What to try next, when there is something to say.
    public var hint: String?

    /// One failure, with an optional hint.
    public init(_ message: String, hint: String? = nil) {
        self.messages = [message]
        self.hint = hint
    }

    /// Several failures reported together.
    public init(messages: [String], hint: String? = nil) {
        self.messages = messages
        self.hint = hint
    }

    public var description: String { messages.joined(separator: "; ") }

    /// The stderr text: `Error: …` lines and the `Hint: …` line.
    var report: String {
        messages.map { "Error: \($0)\n" }.joined() + (hint.map { "Hint: \($0)\n" } ?? "")
    }
}
