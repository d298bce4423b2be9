/// A named option (`--lines <n>`) or flag (`--follow`) of a command.
///
/// Build them with `.option(...)` and `.flag(...)`; listing both in one array keeps the help page in the order given.
public struct OptionSpec: Sendable, Equatable {
    /// Whether the name takes a value or stands alone.
    public enum Kind: Sendable, Equatable {
        /// `--name <value>` or `--name=value`.
        case option
        /// `--name`, counted when repeated.
        case flag
    }

    /// Option or flag.
    public var kind: Kind
    /// The long name without dashes (`lines` for `--lines`); values are looked up by it.
    public var long: String
    /// The single-character name (`n` for `-n`).
    public var short: Character?
    /// One-line help shown in the `OPTIONS:` section.
    public var help: String
    /// The placeholder shown as `<valueName>` (options only).
    public var valueName: String
    /// Whether the option may be given several times, collecting every value.
    public var isRepeatable: Bool
    /// Whether the option must be given.
    public var isRequired: Bool
    /// The value used when the option is absent, shown as `(default: …)`.
    public var defaultValue: String?
    /// The only values accepted, shown as `(values: …)`; empty accepts anything.
    public var allowedValues: [String]
    /// Whether a flag also has a `--no-NAME` form that turns it off.
    public var isInvertible: Bool
    /// The value of an invertible flag when neither form is given.
    public var defaultFlagValue: Bool
    /// Whether the usage line shows the flag as repeatable (`[--verbose ...]`, `-vvv`).
    public var isCounting: Bool

    /// An option taking a value: `--long <value>`, `--long=value`, `-s value`, `-svalue`.
    public static func option(
        _ long: String, short: Character? = nil, value: String? = nil, help: String = "",
        repeatable: Bool = false, required: Bool = false, default defaultValue: String? = nil,
        values allowedValues: [String] = []
    ) -> OptionSpec {
        OptionSpec(
            kind: .option, long: long, short: short, help: help, valueName: value ?? long,
            isRepeatable: repeatable, isRequired: required, defaultValue: defaultValue,
            allowedValues: allowedValues, isInvertible: false, defaultFlagValue: false, isCounting: false)
    }

    /// A flag: `--long`, `-s`, combinable as `-fv`; `inversion` adds `--no-long`, `counting` shows it as repeatable.
    public static func flag(
        _ long: String, short: Character? = nil, help: String = "", inversion: Bool = false,
        default defaultValue: Bool = false, counting: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            kind: .flag, long: long, short: short, help: help, valueName: "", isRepeatable: true,
            isRequired: false, defaultValue: nil, allowedValues: [], isInvertible: inversion,
            defaultFlagValue: defaultValue, isCounting: counting)
    }

    /// Whether this is a flag (takes no value).
    var isFlag: Bool { kind == .flag }

    /// The option as named in messages: `--lines <n>`, `-n <n>` or `--follow`, using the spelling the user typed.
    func displayName(short useShort: Bool = false) -> String {
        let name = useShort ? short.map { "-\($0)" } ?? "--\(long)" : "--\(long)"
        return isFlag ? name : "\(name) <\(valueName)>"
    }

    /// How the option appears in a usage line: `[--lines <n>]`, `--name <name>`, `[--class <c> ...]`.
    var usage: String {
        if isFlag {
            let core = isInvertible ? "--\(long)|--no-\(long)" : "--\(long)"
            return isCounting ? "[\(core) ...]" : "[\(core)]"
        }
        let core = isRepeatable ? "--\(long) <\(valueName)> ..." : "--\(long) <\(valueName)>"
        return isRequired ? core : "[\(core)]"
    }

    /// The label in the `OPTIONS:` section: `-n, --lines <n>` or `-f, --follow/--no-follow`.
    var helpLabel: String {
        var label = short.map { "-\($0), " } ?? ""
        label += "--\(long)"
        if isFlag {
            if isInvertible { label += "/--no-\(long)" }
        } else {
            label += " <\(valueName)>"
        }
        return label
    }

    /// The help text with the `(values: …; default: …)` suffix swift-argument-parser prints.
    var helpText: String {
        var notes: [String] = []
        if !allowedValues.isEmpty { notes.append("values: " + allowedValues.joined(separator: ", ")) }
        if let defaultValue { notes.append("default: \(defaultValue)") }
        if isInvertible { notes.append("default: --\(defaultFlagValue ? "" : "no-")\(long)") }
        if isRepeatable, !isFlag { notes.append("repeatable") }
        guard !notes.isEmpty else { return help }
        let suffix = "(" + notes.joined(separator: "; ") + ")"
        return help.isEmpty ? suffix : help + " " + suffix
    }
}
