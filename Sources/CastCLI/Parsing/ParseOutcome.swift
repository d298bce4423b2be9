/// What a command line asks for once parsed.
public enum ParseOutcome: Sendable {
    /// Run the selected command with these values.
    case run(Invocation)
    /// Print the help page of the command at this path (`-h`, `--help`, `help SUB…`, or a command without handler).
    case help(commandPath: [String])
    /// Print the root's version (`--version`).
    case version(String)
}
