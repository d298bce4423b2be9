/// Renders help pages and usage lines in swift-argument-parser's layout (indent 2, label column 26).
struct HelpFormatter {
    /// Spaces before each label.
    static let indent = 2
    /// The column where help texts start.
    static let labelColumn = 26

    /// Columns to wrap to.
    let screenWidth: Int

    /// The usage line without the `USAGE: ` prefix: `castscope tail [--follow] [--lines <n>] <file> ...`.
    func usage(for specs: [CommandSpec]) -> String {
        usageParts(for: specs).joined(separator: " ")
    }

    /// The usage line's groups, each kept on one line when wrapping.
    private func usageParts(for specs: [CommandSpec]) -> [String] {
        guard let command = specs.last else { return [] }
        var parts = specs.map(\.name)
        parts += command.options.map(\.usage)
        parts += command.arguments.map(\.usage)
        if !command.subcommands.isEmpty { parts.append("<subcommand>") }
        return parts
    }

    /// The whole help page, ending with a newline.
    func helpPage(for specs: [CommandSpec]) -> String {
        guard let command = specs.last else { return "" }
        var sections: [String] = []
        if !command.abstract.isEmpty || !command.discussion.isEmpty {
            var overview = TextWrapper.wrap("OVERVIEW: " + command.abstract, width: screenWidth)
            if !command.discussion.isEmpty {
                overview += "\n\n" + TextWrapper.wrap(command.discussion, width: screenWidth)
            }
            sections.append(overview)
        }
        let usageLines = TextWrapper.wrap(
            words: ["USAGE:"] + usageParts(for: specs), width: screenWidth, indent: 0, hangingIndent: 7)
        sections.append(usageLines.joined(separator: "\n"))
        if !command.arguments.isEmpty {
            sections.append(section("ARGUMENTS:", command.arguments.map { ("<\($0.name)>", $0.helpWithValues) }))
        }
        var options = command.options.map { ($0.helpLabel, $0.helpText) }
        if specs.count == 1, command.version != nil { options.append(("--version", "Show the version.")) }
        options.append(("-h, --help", "Show help information."))
        sections.append(section("OPTIONS:", options))
        if !command.subcommands.isEmpty {
            sections.append(section("SUBCOMMANDS:", command.subcommands.map { sub in
                var label = ([sub.name] + sub.aliases).joined(separator: ", ")
                if sub.name == command.defaultSubcommand { label += " (default)" }
                return (label, sub.abstract)
            }))
            let prefix = ([specs[0].name, "help"] + specs.dropFirst().map(\.name)).joined(separator: " ")
            sections.append(
                TextWrapper.wrap("See '\(prefix) <subcommand>' for detailed help.", width: screenWidth,
                                 indent: Self.indent))
        }
        if !command.examples.isEmpty {
            sections.append((["EXAMPLES:"] + command.examples.map { example in
                String(repeating: " ", count: Self.indent) + example.command + "\n"
                    + TextWrapper.wrap(example.explanation, width: screenWidth, indent: Self.indent * 3)
            }).joined(separator: "\n"))
        }
        if command.run != nil {
            sections.append(section("EXIT STATUS:", ExitStatusMeaning.merged(command.exitStatuses).map {
                ("\($0.code)", $0.meaning)
            }))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// A titled list of label/help rows.
    private func section(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        ([title] + rows.map { row(label: $0.label, help: $0.help) }).joined(separator: "\n")
    }

    /// One row: the label at the indent, the help from the label column (on the next line if the label is long).
    private func row(label: String, help: String) -> String {
        let padded = String(repeating: " ", count: Self.indent) + label
        guard !help.isEmpty else { return padded }
        let wrapped = TextWrapper.wrap(help, width: screenWidth, indent: Self.labelColumn)
        if padded.count < Self.labelColumn {
            return padded + String(wrapped.dropFirst(padded.count))
        }
        return padded + "\n" + wrapped
    }
}
