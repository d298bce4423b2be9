// CastCLI: a small argument parser with swift-argument-parser's user-facing conventions (style.md §6), written
// without property wrappers: a command is a plain `CommandSpec` value, parsing yields an `Invocation`, and one
// `CommandLineTool` maps every outcome to (stream, text, exit code).
//
// Usage:
//
//     let tail = CommandSpec(
//         name: "tail", abstract: "Print records from JSON-lines or text log files.",
//         arguments: [.init("file", help: "Log files to read ('-' for stdin).", repeating: true)],
//         options: [
//             .flag("follow", short: "f", help: "Keep reading as the files grow."),
//             .option("lines", short: "n", value: "n", help: "Records to show first.", default: "10"),
//             .option("class", value: "pattern=level", help: "Per-class level.", repeatable: true),
//             .option("output", value: "format", help: "Output format.", default: "text", values: ["text", "json"]),
//         ],
//         run: { invocation, io in
//             let lines = try invocation.integer("lines") ?? 10           // bad value → exit 64 with a Help: line
//             for file in invocation.arguments("file") { io.print("\(file): \(lines)") }
//             return 0                                                    // the exit code; a thrown error → exit 1
//         })
//     let root = CommandSpec(name: "castscope", abstract: "Debug Google Cast.", version: "0.1.0",
//                            subcommands: [tail])
//     await CommandLineTool(root).main()          // real process: argv, stdout/stderr, exit()
//
// Tests drive the same tool without a process: `await CommandLineTool(root, screenWidth: 80).run(args, output:
// captured)` returns the exit code and `CapturedOutput` holds the stdout/stderr text.

/// A command of the tool: its help texts, accepted arguments and options, subcommands and handler.
public struct CommandSpec: Sendable {
    /// The name users type; the root's name is the program name shown in usage lines.
    public var name: String
    /// One-line summary shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
    public var abstract: String
    /// Longer text shown in the help page after the abstract.
    public var discussion: String
    /// Other names that select this command (`multiply, mul`).
    public var aliases: [String]
    /// The version `--version` prints; only the root's is used.
    public var version: String?
    /// Positional arguments in the order they are matched.
    public var arguments: [ArgumentSpec]
    /// Options and flags in the order the help page lists them.
    public var options: [OptionSpec]
    /// Nested commands.
    public var subcommands: [CommandSpec]
    /// The subcommand run when the first argument names none (must be one of `subcommands`).
    public var defaultSubcommand: String?
    /// The code run for this command; a command without one prints its help page.
    public var run: CommandHandler?
    /// Command lines shown under `EXAMPLES:`.
    public var examples: [CommandExample] = []
    /// Exit statuses whose meaning differs from (or adds to) `ExitStatusMeaning.standard`.
    public var exitStatuses: [ExitStatusMeaning] = []
    /// The environment variables the tool reads (the root's list is shown on every man page).
    public var environment: [EnvironmentVariable] = []

    /// Creates a command description.
    public init(
        name: String, abstract: String = "", discussion: String = "", aliases: [String] = [],
        version: String? = nil, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil, run: CommandHandler? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.aliases = aliases
        self.version = version
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.run = run
    }

    /// The subcommand called `name` or having it as an alias.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The option or flag with this long name, also matching `no-NAME` for invertible flags.
    func option(long name: String) -> (spec: OptionSpec, inverted: Bool)? {
        if let spec = options.first(where: { $0.long == name }) { return (spec, false) }
        if name.hasPrefix("no-") {
            let base = String(name.dropFirst(3))
            if let spec = options.first(where: { $0.long == base && $0.isInvertible }) { return (spec, true) }
        }
        return nil
    }

    /// The option or flag with this short name.
    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// Why this tree of commands is inconsistent (duplicate names, unknown default subcommand…); empty when valid.
    public var problems: [String] {
        var found: [String] = []
        collectProblems(path: name, into: &found)
        return found
    }

    private func collectProblems(path: String, into found: inout [String]) {
        var longs: Set<String> = ["help"]
        var shorts: Set<Character> = ["h"]
        for option in options {
            if !longs.insert(option.long).inserted { found.append("\(path): duplicate option '--\(option.long)'") }
            if option.isInvertible, !longs.insert("no-" + option.long).inserted {
                found.append("\(path): duplicate option '--no-\(option.long)'")
            }
            if let short = option.short, !shorts.insert(short).inserted {
                found.append("\(path): duplicate short option '-\(short)'")
            }
            if option.long.isEmpty || option.long.hasPrefix("-") || option.long.contains("=") {
                found.append("\(path): invalid option name '\(option.long)'")
            }
        }
        var names: Set<String> = []
        for sub in subcommands {
            for alias in [sub.name] + sub.aliases where !names.insert(alias).inserted {
                found.append("\(path): duplicate subcommand name '\(alias)'")
            }
            sub.collectProblems(path: path + " " + sub.name, into: &found)
        }
        if let defaultSubcommand, subcommand(named: defaultSubcommand) == nil {
            found.append("\(path): default subcommand '\(defaultSubcommand)' is not a subcommand")
        }
        let repeating = arguments.filter(\.isRepeating).count
        if repeating > 1 { found.append("\(path): more than one repeating argument") }
    }
}
