import CastCLI

/// A castscope-shaped command tree used by the tests: a root with a counting flag and a version, `tail` with every
/// option kind, and `filters` with a default subcommand, an alias and a nested `explain`.
enum SampleCommands {
    /// The failure a handler throws to prove runtime errors exit 1.
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot read '\(path)': No such file or directory" }
    }

    static let tail = CommandSpec(
        name: "tail",
        abstract: "Print records from JSON-lines or text log files, merged by time.",
        arguments: [.init("file", help: "Log files to read ('-' reads standard input).", repeating: true)],
        options: [
            .flag("follow", short: "f", help: "Keep reading as the files grow or rotate."),
            .option("lines", short: "n", value: "n", help: "Records to show before following.", default: "10"),
            .option("filter", value: "file", help: "A filter file to apply."),
            .option("class", value: "pattern=level", help: "Minimum level for classes matching a glob.",
                    repeatable: true),
            .option("level", value: "level", help: "Minimum level for every other class."),
            .option("grep", value: "re", help: "Only records whose message matches the regular expression."),
            .option("since", value: "time", help: "Only records newer than this (a duration like 4s or 2m)."),
            .option("output", value: "format", help: "How to print records.", default: "text",
                    values: ["text", "json"]),
            .flag("color", help: "Colour the output by level.", inversion: true, default: true),
        ],
        run: { invocation, io in
            for file in invocation.arguments("file") {
                if file == "missing.log" { throw Unreadable(path: file) }
            }
            let lines = try invocation.integer("lines", in: 0...1_000_000) ?? 10
            let since = try invocation.seconds("since")
            io.print("files=\(invocation.arguments("file")) lines=\(lines) follow=\(invocation.flag("follow"))"
                + " since=\(since.map { "\($0)" } ?? "-") output=\(invocation.option("output") ?? "-")")
            return 0
        })

    static let check = CommandSpec(
        name: "check", abstract: "Validate filter files.", aliases: ["validate"],
        arguments: [.init("file", help: "Filter files to check.", repeating: true)],
        run: { invocation, io in
            io.print("checked \(invocation.arguments("file").joined(separator: " "))")
            return invocation.arguments("file").contains("bad.filter") ? 1 : 0
        })

    static let explain = CommandSpec(
        name: "explain", abstract: "Show the effective level of classes under a filter file.",
        discussion: "Prints one line per class: the class, a tab, and the lowest level that passes.",
        arguments: [
            .init("file", help: "The filter file."),
            .init("class", help: "Class names to explain.", repeating: true),
        ],
        options: [.option("function", value: "name", help: "Explain the rule for this function instead.")],
        run: { invocation, io in
            if invocation.arguments("class").contains("GCKBad") {
                throw CommandLineError.validation("Class names must not start with 'GCKBad'")
            }
            return 0
        })

    static let filters = CommandSpec(
        name: "filters", abstract: "Check and explain filter files.",
        subcommands: [check, explain], defaultSubcommand: "check")

    static let root = CommandSpec(
        name: "castscope", abstract: "Find out why Google Cast does not work.", version: "0.1.0",
        options: [.flag("verbose", short: "v", help: "Log more detail to standard error.", counting: true)],
        subcommands: [tail, filters])

    static let tool = CommandLineTool(root, screenWidth: 80)

    /// Runs the sample tool on the arguments and returns (exit code, stdout, stderr).
    static func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let output = CapturedOutput()
        let code = await tool.run(arguments, output: output)
        return (code, output.standardOutput, output.standardError)
    }

    /// Parses the arguments, expecting a command to run.
    static func invocation(_ arguments: [String]) throws -> Invocation? {
        guard case .run(let invocation) = try tool.parse(arguments) else { return nil }
        return invocation
    }
}
