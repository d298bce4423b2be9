/// The parser's working state: the command path so far, the values collected and the positional words pending.
struct ParseState {
    /// Commands from the root to the current one.
    var specs: [CommandSpec]
    /// Values collected so far (its spec list is filled in at the end).
    var invocation: Invocation
    /// Positional words of the current command, with their index in the argument list.
    var positionals: [(word: String, index: Int)] = []
    /// Whether `--` was seen.
    var optionsEnded = false

    init(root: CommandSpec) {
        specs = [root]
        invocation = Invocation(specs: [root])
    }

    /// The command being parsed.
    var current: CommandSpec { specs[specs.count - 1] }

    /// Names from the root to the current command.
    var path: [String] { specs.map(\.name) }

    /// Counts a flag (`--flag`, `-f`) or records its inversion (`--no-flag`); the last form given wins.
    mutating func recordFlag(_ spec: OptionSpec, inverted: Bool) {
        invocation.flagStates[spec.long] = !inverted
        if !inverted { invocation.flagCounts[spec.long, default: 0] += 1 }
    }

    /// Stores an option's value after checking it against the allowed values; a single option keeps the last.
    mutating func recordOption(
        _ spec: OptionSpec, value: String, label: String, at index: Int
    ) throws(CommandLineError) {
        if !spec.allowedValues.isEmpty, !spec.allowedValues.contains(value) {
            let names = spec.allowedValues.map { "'\($0)'" }.joined(separator: ", ")
            throw CommandLineError(
                .invalidValue, "The value '\(value)' is invalid for '\(label)': expected one of \(names)",
                commandPath: path, argumentIndex: index, help: spec.help.isEmpty ? nil : "\(label)  \(spec.help)")
        }
        invocation.optionValues[spec.long, default: []].append(value)
    }

    /// Hands the positional words to the current command's arguments in order; a repeating argument takes what the
    /// arguments after it do not need.
    mutating func assignPositionals() throws(CommandLineError) {
        let arguments = current.arguments
        var cursor = 0
        for (position, argument) in arguments.enumerated() {
            let laterMinimum = arguments[(position + 1)...].reduce(0) { $0 + $1.minimumCount }
            let remaining = positionals.count - cursor
            let spare = max(remaining - laterMinimum, 0)
            // A required argument takes a value even when later ones then go short, so the error names the first
            // argument that got nothing.
            let least = min(argument.minimumCount, remaining)
            let take = argument.isRepeating ? max(spare, least) : max(min(spare, 1), least)
            guard take >= argument.minimumCount else {
                let name = argument.isRepeating ? "<\(argument.name)> ..." : "<\(argument.name)>"
                throw CommandLineError(
                    .missingArgument, "Missing expected argument '\(name)'", commandPath: path,
                    help: argument.help.isEmpty ? nil : "<\(argument.name)>  \(argument.help)")
            }
            if take > 0 {
                let words = positionals[cursor..<(cursor + take)]
                if !argument.allowedValues.isEmpty,
                    let bad = words.first(where: { !argument.allowedValues.contains($0.word) })
                {
                    let names = argument.allowedValues.map { "'\($0)'" }.joined(separator: ", ")
                    throw CommandLineError(
                        .invalidValue,
                        "The value '\(bad.word)' is invalid for '<\(argument.name)>': expected one of \(names)",
                        commandPath: path, argumentIndex: bad.index,
                        help: argument.help.isEmpty ? nil : "<\(argument.name)>  \(argument.help)")
                }
                invocation.argumentValues[argument.name] = words.map(\.word)
            }
            cursor += take
        }
        guard cursor < positionals.count else { return }
        let extra = positionals[cursor...]
        let quoted = extra.prefix(5).map { "'\($0.word)'" }.joined(separator: ", ")
        let message = extra.count == 1 ? "Unexpected argument \(quoted)"
            : "Unexpected arguments \(quoted)" + (extra.count > 5 ? ", …" : "")
        throw CommandLineError(
            .unexpectedArgument, message, commandPath: path, argumentIndex: extra.first?.index)
    }

    /// The invocation with the final command path.
    func finishedInvocation() -> Invocation {
        var finished = Invocation(specs: specs)
        finished.optionValues = invocation.optionValues
        finished.flagCounts = invocation.flagCounts
        finished.flagStates = invocation.flagStates
        finished.argumentValues = invocation.argumentValues
        return finished
    }
}
