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
        let related = specs.count > 1 ? [Self.pageName(for: Array(specs.dropLast()))] : []
        lines += [".SH SEE ALSO", (related + ["\(specs[0].name) \\-\\-help"]).map { "\\fB\(Self.escape($0))\\fR" }
            .joined(separator: ", ")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes and dashes escaped, no line starting with a control character ('.', "'").
    static func escape(_ text: String) -> String {
        var escaped = ""
        var atLineStart = true
        for character in text {
            if atLineStart, character == "." || character == "'" { escaped += "\\&" }
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            default: escaped.append(character)
            }
            atLineStart = character == "\n"
        }
        return escaped
    }
}
