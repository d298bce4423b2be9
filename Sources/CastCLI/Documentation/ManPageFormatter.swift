/// Renders a command's man page (roff, section 1) from its spec, so pages cannot drift from `--help`.
public struct ManPageFormatter: Sendable {
    /// The date on the page's title line (`2026-12-02`).
    public var date: String
    /// The version on the page's title line.
    public var version: String

    /// A formatter stamping pages with `date` and `version`.
    public init(date: String, version: String) {
        self.date = date
        self.version = version
    }

    /// `castscope` for the root, `castscope-tail` for a subcommand path (as git and systemd name theirs).
    public static func pageName(for specs: [CommandSpec]) -> String {
        specs.map(\.name).joined(separator: "-")
    }

    /// Every page of the tree under `root`: (page name, roff text), the root first.
    public func pages(root: CommandSpec) -> [(name: String, text: String)] {
        var result: [(String, String)] = []
        func visit(_ path: [CommandSpec]) {
            result.append((Self.pageName(for: path), page(for: path)))
            for sub in path.last?.subcommands ?? [] { visit(path + [sub]) }
        }
        visit([root])
        return result
    }

    /// The page of the command at the end of `specs` (the root first).
    public func page(for specs: [CommandSpec]) -> String {
        guard let command = specs.last else { return "" }
        let name = Self.pageName(for: specs)
        var lines = [
            ".TH \(Self.escape(name.uppercased())) 1 \"\(date)\" \"\(Self.escape(specs[0].name)) \(version)\" \"User Commands\"",
            ".SH NAME",
            "\(Self.escape(name)) \\- \(Self.escape(command.abstract))",
            ".SH SYNOPSIS",
            ".B " + Self.escape(HelpFormatter(screenWidth: 1_000).usage(for: specs)),
        ]
        if !command.discussion.isEmpty {
            lines += [".SH DESCRIPTION", Self.escape(command.discussion)]
        }
        if !command.arguments.isEmpty {
            lines.append(".SH ARGUMENTS")
            for argument in command.arguments {
                lines += [".TP", ".I " + Self.escape(argument.name), Self.escape(argument.helpWithValues)]
            }
        }
        lines.append(".SH OPTIONS")
        for option in command.options {
            lines += [".TP", ".B " + Self.escape(option.helpLabel), Self.escape(option.helpText)]
        }
        lines += [".TP", ".B \\-h, \\-\\-help", "Show help information."]
        if !command.subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for sub in command.subcommands {
                lines += [".TP", ".B " + Self.escape(sub.name), Self.escape(sub.abstract)
                    + " See \\fB\(Self.escape(Self.pageName(for: specs + [sub])))\\fR(1)."]
            }
        }
        if command.run != nil {
            lines.append(".SH EXIT STATUS")
            for status in ExitStatusMeaning.merged(command.exitStatuses) {
                lines += [".TP", ".B \(status.code)", Self.escape(status.meaning)]
            }
        }
        if !specs[0].environment.isEmpty {
            lines.append(".SH ENVIRONMENT")
            for variable in specs[0].environment {
                lines += [".TP", ".B " + Self.escape(variable.name), Self.escape(variable.meaning)]
            }
        }
        if !command.examples.isEmpty {
            lines.append(".SH EXAMPLES")
            for example in command.examples {
                lines += [".PP", Self.escape(example.explanation), ".PP", ".RS 4", ".nf",
                          "\\fB" + Self.escape(example.command) + "\\fR", ".fi", ".RE"]
            }
        }
        // Page names are plain text: escape() turns their dashes into \- once (an escaped name escaped again
        // showed as a literal "\e\-").
        let related = specs.count > 1 ? [Self.pageName(for: Array(specs.dropLast()))] : []
        lines += [".SH SEE ALSO", (related.map { "\\fB\(Self.escape($0))\\fR(1)" }
            + ["\\fB\(Self.escape(specs[0].name + " --help"))\\fR"]).joined(separator: ", ")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes and dashes escaped, no line starting with a control character ('.', "'"),
    /// and every character outside ASCII written as a groff Unicode escape (`\[u2026]`), which renders with or
    /// without man's preconv.
    static func escape(_ text: String) -> String {
        var escaped = ""
        var atLineStart = true
        for scalar in text.unicodeScalars {
            if atLineStart, scalar == "." || scalar == "'" { escaped += "\\&" }
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: break
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
            atLineStart = scalar == "\n"
        }
        return escaped
    }
}
