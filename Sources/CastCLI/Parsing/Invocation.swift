/// The result of parsing: which command runs and the values given to it and to the commands above it.
///
/// Looking up a name no command on the path declares is a programmer error and stops the program.
public struct Invocation: Sendable {
    /// Names from the root to the selected command, e.g. `["castscope", "filters", "check"]`.
    public let commandPath: [String]
    /// The specs along `commandPath`, root first.
    let specs: [CommandSpec]
    /// Values of options, in the order given, by long name.
    var optionValues: [String: [String]] = [:]
    /// How often each flag was given in its positive form, by long name.
    var flagCounts: [String: Int] = [:]
    /// The last explicit `--flag`/`--no-flag` of each flag, by long name.
    var flagStates: [String: Bool] = [:]
    /// Positional values by argument name.
    var argumentValues: [String: [String]] = [:]

    init(specs: [CommandSpec]) {
        self.specs = specs
        self.commandPath = specs.map(\.name)
    }

    /// The selected command.
    public var command: CommandSpec {
        // The parser always builds an invocation with at least the root on the path.
        specs[specs.count - 1]
    }

    /// The option's last value, or its default when it was not given.
    public func option(_ name: String) -> String? {
        let spec = declaredOption(name)
        return optionValues[name]?.last ?? spec.defaultValue
    }

    /// Every value of a repeatable option, in the order given.
    public func options(_ name: String) -> [String] {
        _ = declaredOption(name)
        return optionValues[name] ?? []
    }

    /// Whether the option or flag appeared on the command line at all.
    public func isGiven(_ name: String) -> Bool {
        _ = declaredOption(name)
        return optionValues[name] != nil || flagStates[name] != nil
    }

    /// The flag's value: the last of `--flag`/`--no-flag` given, else its default.
    public func flag(_ name: String) -> Bool {
        let spec = declaredOption(name)
        return flagStates[name] ?? spec.defaultFlagValue
    }

    /// How many times the flag was given (`-vvv` is 3).
    public func count(_ name: String) -> Int {
        _ = declaredOption(name)
        return flagCounts[name] ?? 0
    }

    /// The positional argument's value (the first one for a repeating argument).
    public func argument(_ name: String) -> String? {
        _ = declaredArgument(name)
        return argumentValues[name]?.first
    }

    /// Every value of a repeating positional argument.
    public func arguments(_ name: String) -> [String] {
        _ = declaredArgument(name)
        return argumentValues[name] ?? []
    }

    /// The spec of an option declared on the path, nearest command first.
    func declaredOption(_ name: String) -> OptionSpec {
        for spec in specs.reversed() {
            if let option = spec.options.first(where: { $0.long == name }) { return option }
        }
        preconditionFailure("no command on \(commandPath) declares the option '--\(name)'")
    }

    /// The spec of a positional argument of the selected command.
    func declaredArgument(_ name: String) -> ArgumentSpec {
        guard let argument = command.arguments.first(where: { $0.name == name }) else {
            preconditionFailure("\(commandPath) declares no argument '\(name)'")
        }
        return argument
    }
}
