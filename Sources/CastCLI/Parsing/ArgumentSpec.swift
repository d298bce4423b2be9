/// A positional argument of a command, shown as `<name>` in usage and help.
public struct ArgumentSpec: Sendable, Equatable {
    /// The name used to look the value up and shown between angle brackets.
    public var name: String
    /// One-line help shown in the `ARGUMENTS:` section.
    public var help: String
    /// Whether the argument may be left out.
    public var isOptional: Bool
    /// Whether the argument takes all remaining positional values (`<file> ...`).
    public var isRepeating: Bool
    /// The only values accepted (a choice such as `on`/`off`), checked by the parser, shown in help and offered by
    /// the completions; empty accepts anything.
    public var allowedValues: [String]

    /// Creates a positional argument; a repeating one that is not optional needs at least one value.
    public init(_ name: String, help: String = "", optional: Bool = false, repeating: Bool = false,
                values allowedValues: [String] = []) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
        self.allowedValues = allowedValues
    }

    /// The help text with the `(values: …)` suffix, as options show it.
    var helpWithValues: String {
        guard !allowedValues.isEmpty else { return help }
        let suffix = "(values: " + allowedValues.joined(separator: ", ") + ")"
        return help.isEmpty ? suffix : help + " " + suffix
    }

    /// How the argument appears in a usage line: `<file>`, `[<file>]`, `<file> ...`, `[<file> ...]`.
    var usage: String {
        let core = isRepeating ? "<\(name)> ..." : "<\(name)>"
        return isOptional ? "[\(core)]" : core
    }

    /// The fewest values the argument accepts.
    var minimumCount: Int { isOptional ? 0 : 1 }
}
