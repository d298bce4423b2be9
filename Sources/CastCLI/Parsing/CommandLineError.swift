/// A usage error: the arguments do not fit the command. Reported as `Error:`/`Usage:`/`See` lines with exit 64.
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// An option or flag the command does not declare (`--foo`, `-x`).
        case unknownOption
        /// An option at the end of the arguments, or followed by another option, without its value.
        case missingValue
        /// A value given to a flag (`--follow=yes`).
        case unexpectedValue
        /// A value the option or argument does not accept (bad number, duration or choice).
        case invalidValue
        /// A required argument or option that was not given.
        case missingArgument
        /// More positional values than the command takes.
        case unexpectedArgument
        /// A word where a subcommand name was expected that names none.
        case unknownSubcommand
        /// A check made by the command itself failed.
        case validation
    }

    /// What went wrong.
    public var kind: Kind
    /// The text after `Error: `.
    public var message: String
    /// Names from the root to the command the error belongs to (`["castscope", "tail"]`); picks the usage line.
    public var commandPath: [String]
    /// Index into the argument list (program name excluded) of the offending word, when there is one.
    public var argumentIndex: Int?
    /// The `Help:` line text (`--lines <n>  Records to show.`) for errors about one option or argument.
    public var help: String?

    /// Creates an error; the command path may be left empty when the tool can fill it in from the invocation.
    public init(
        _ kind: Kind, _ message: String, commandPath: [String] = [], argumentIndex: Int? = nil, help: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.commandPath = commandPath
        self.argumentIndex = argumentIndex
        self.help = help
    }

    /// A failed check of the command's own, for handlers: `throw CommandLineError.validation("…")`.
    public static func validation(_ message: String) -> CommandLineError {
        CommandLineError(.validation, message)
    }

    /// The message, as shown after `Error: `.
    public var description: String { message }
}
