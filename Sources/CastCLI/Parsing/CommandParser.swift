/// Turns an argument list (program name excluded) into a `ParseOutcome` for a command tree.
///
/// Words are read left to right: a subcommand name descends before any positional value of the current command,
/// `--` ends option parsing, `-` alone is a positional value (stdin), and a word the root does not understand goes
/// to the default subcommand. Every word is looked at a bounded number of times, so any input parses in linear time.
public struct CommandParser: Sendable {
    /// The root command (its name is the program name).
    public let root: CommandSpec

    /// Creates a parser for this command tree.
    public init(root: CommandSpec) {
        self.root = root
    }

    /// Parses the arguments; a `-h`/`--help` anywhere before `--` turns an error about a value (a missing argument,
    /// a bad number) into that command's help page, but an unknown subcommand or option stays a usage error: help
    /// for a command that does not exist would hide the typo.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> ParseOutcome {
        do throws(CommandLineError) {
            return try parseStrictly(arguments)
        } catch {
            if error.kind == .unknownOption || error.kind == .unknownSubcommand { throw error }
            let options = arguments.prefix { $0 != "--" }
            guard options.contains(where: { $0 == "-h" || $0 == "--help" }) else { throw error }
            return .help(commandPath: error.commandPath.isEmpty ? [root.name] : error.commandPath)
        }
    }

    private func parseStrictly(_ words: [String]) throws(CommandLineError) -> ParseOutcome {
        var state = ParseState(root: root)
        var index = 0
        while index < words.count {
            let word = words[index]
            let current = state.current
            if word == "--", !state.optionsEnded {
                state.optionsEnded = true
                index += 1
            } else if state.optionsEnded || isPositional(word, for: current) {
                if state.positionals.isEmpty, !current.subcommands.isEmpty {
                    if !state.optionsEnded, let sub = current.subcommand(named: word) {
                        state.specs.append(sub)
                        index += 1
                        continue
                    }
                    if !state.optionsEnded, word == "help" {
                        return .help(commandPath: try helpPath(words, from: index + 1, state: state))
                    }
                    if let fallback = defaultSubcommand(of: current) {
                        state.specs.append(fallback)
                        continue
                    }
                    if current.arguments.isEmpty {
                        throw CommandLineError(
                            .unknownSubcommand, "Unknown subcommand '\(word)'", commandPath: state.path,
                            argumentIndex: index)
                    }
                }
                state.positionals.append((word, index))
                index += 1
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline: String? = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                if name == "help", inline == nil { return .help(commandPath: state.path) }
                if name == "version", inline == nil, state.specs.count == 1, let version = root.version {
                    guard words.count == 1 else {
                        throw CommandLineError(
                            .unexpectedArgument, "'--version' takes no other arguments", commandPath: state.path,
                            argumentIndex: index == 0 ? 1 : 0)
                    }
                    return .version(version)
                }
                guard let (spec, inverted) = current.option(long: name) else {
                    if state.positionals.isEmpty, let fallback = defaultSubcommand(of: current) {
                        state.specs.append(fallback)
                        continue
                    }
                    throw CommandLineError(
                        .unknownOption, "Unknown option '--\(name)'", commandPath: state.path, argumentIndex: index)
                }
                if spec.isFlag {
                    if let inline {
                        throw CommandLineError(
                            .unexpectedValue, "The flag '--\(name)' does not take a value ('\(inline)')",
                            commandPath: state.path, argumentIndex: index)
                    }
                    state.recordFlag(spec, inverted: inverted)
                    index += 1
                } else if let inline {
                    try state.recordOption(spec, value: inline, label: spec.displayName(), at: index)
                    index += 1
                } else {
                    let value = try valueAfter(words, index, for: spec, label: spec.displayName(), state: state)
                    try state.recordOption(spec, value: value, label: spec.displayName(), at: index + 1)
                    index += 2
                }
            } else {
                let letters = Array(word.dropFirst())
                if state.positionals.isEmpty, let fallback = defaultSubcommand(of: current), let first = letters.first,
                   first != "h", current.option(short: first) == nil {
                    state.specs.append(fallback)
                    continue
                }
                guard let next = try parseShortCluster(letters, words, index, state: &state) else {
                    return .help(commandPath: state.path)
                }
                index = next
            }
        }
        return try finish(&state)
    }

    /// Reads `-fv`, `-n5`, `-n 5`; returns the index of the next unread word, or nil for `-h`.
    private func parseShortCluster(
        _ letters: [Character], _ words: [String], _ index: Int, state: inout ParseState
    ) throws(CommandLineError) -> Int? {
        let current = state.current
        for position in letters.indices {
            let letter = letters[position]
            guard let spec = current.option(short: letter) else {
                if letter == "h" { return nil }
                throw CommandLineError(
                    .unknownOption, "Unknown option '-\(letter)'", commandPath: state.path, argumentIndex: index)
            }
            if spec.isFlag {
                state.recordFlag(spec, inverted: false)
                continue
            }
            let label = spec.displayName(short: true)
            let attached = String(letters[(position + 1)...])
            if !attached.isEmpty {
                try state.recordOption(spec, value: attached, label: label, at: index)
                return index + 1
            }
            let value = try valueAfter(words, index, for: spec, label: label, state: state)
            try state.recordOption(spec, value: value, label: label, at: index + 1)
            return index + 2
        }
        return index + 1
    }

    /// Checks what the loop cannot: the default subcommand, positional counts, required options, a missing handler.
    private func finish(_ state: inout ParseState) throws(CommandLineError) -> ParseOutcome {
        while state.positionals.isEmpty, !state.current.subcommands.isEmpty, state.current.run == nil,
              let fallback = defaultSubcommand(of: state.current) {
            state.specs.append(fallback)
        }
        try state.assignPositionals()
        for spec in state.specs {
            for option in spec.options where option.isRequired && state.invocation.optionValues[option.long] == nil {
                throw CommandLineError(
                    .missingArgument, "Missing expected argument '\(option.displayName())'", commandPath: state.path,
                    help: option.help.isEmpty ? nil : "\(option.displayName())  \(option.help)")
            }
        }
        guard state.current.run != nil else { return .help(commandPath: state.path) }
        return .run(state.finishedInvocation())
    }

    /// The value word after an option, which must exist and must not look like another option.
    private func valueAfter(
        _ words: [String], _ index: Int, for spec: OptionSpec, label: String, state: ParseState
    ) throws(CommandLineError) -> String {
        let next = index + 1
        guard next < words.count, isPositional(words[next], for: state.current) else {
            throw CommandLineError(
                .missingValue, "Missing value for '\(label)'", commandPath: state.path, argumentIndex: index,
                help: spec.help.isEmpty ? nil : "\(label)  \(spec.help)")
        }
        return words[next]
    }

    /// Resolves `help SUB SUB…` to a command path, ignoring option-like words.
    private func helpPath(_ words: [String], from start: Int, state: ParseState) throws(CommandLineError) -> [String] {
        var specs = state.specs
        for index in words.indices.dropFirst(start) where !words[index].hasPrefix("-") {
            guard let sub = specs[specs.count - 1].subcommand(named: words[index]) else {
                throw CommandLineError(
                    .unknownSubcommand, "Unknown subcommand '\(words[index])'", commandPath: specs.map(\.name),
                    argumentIndex: index)
            }
            specs.append(sub)
        }
        return specs.map(\.name)
    }

    /// Whether a word is a value rather than an option: no leading dash, `-` alone, or a negative number (`-5`,
    /// `-.5`) when the command has no digit short options.
    private func isPositional(_ word: String, for command: CommandSpec) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return true }
        let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let rest = Array(word.utf8.dropFirst().prefix(2))
        let startsWithDot = rest.first == UInt8(ascii: ".")
        let looksNumeric = rest.first.map(isDigit) == true || (startsWithDot && rest.dropFirst().first.map(isDigit) == true)
        return looksNumeric && !command.options.contains { $0.short?.isNumber ?? false }
    }

    private func defaultSubcommand(of command: CommandSpec) -> CommandSpec? {
        command.defaultSubcommand.flatMap(command.subcommand(named:))
    }
}
