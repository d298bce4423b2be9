import CastTestSupport
import Foundation
import Testing

/// The README's usage block lists every option each command's `--help` has, so the two cannot drift apart.
@Suite struct ReadmeUsageTests {
    /// The usage block: each entry is a command path (`inspect`, `auth verify`) and the README's text for it.
    static func usageEntries() throws -> [(command: String, text: String)] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardized.path
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "## Usage").dropFirst().first?
            .components(separatedBy: "```").dropFirst().first)
        var entries: [(String, String)] = []
        for line in block.split(separator: "\n") {
            if line.hasPrefix("castscope ") {
                let words = line.split(separator: " ").dropFirst().prefix(2)
                    .prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && $0.uppercased() != $0 }
                entries.append((words.joined(separator: " "), String(line)))
            } else if let last = entries.indices.last {
                entries[last].1 += "\n" + line
            }
        }
        return entries
    }

    /// The options on a help page's OPTIONS section, each as its spellings (`["-f", "--follow"]`), without --help
    /// and --version.
    static func options(ofHelp help: String) -> [[String]] {
        guard let section = help.components(separatedBy: "OPTIONS:").last else { return [] }
        var options: [[String]] = []
        // Option rows start at the indent; a wrapped help line (deeper) may begin with an option it names.
        for line in section.split(separator: "\n") where line.hasPrefix("  -") {
            let names = line.drop { $0 == " " }.split(separator: " ").prefix(2)
                .map { String($0.prefix { $0 != "," && $0 != "=" }) }.filter { $0.hasPrefix("-") }
            if !names.isEmpty, !names.contains("--help"), !names.contains("--version") { options.append(names) }
        }
        return options
    }

    /// True when `text` has `option` as a whole word.
    static func mentions(_ text: String, _ option: String) -> Bool {
        [" ", "]", "=", "\n", "|", "…"].contains { text.contains(option + $0) }
    }

    @Test func everyCommandsOptionsAppearInTheReadmeUsage() async throws {
        let entries = try Self.usageEntries()
        #expect(entries.count >= 10)
        // One command may take several lines (discover and discover --diagnose): their text together counts.
        let grouped = Dictionary(grouping: entries, by: \.command).mapValues { $0.map(\.text).joined(separator: "\n") }
        var missing: [String] = []
        for (command, text) in grouped.sorted(by: { $0.key < $1.key }) {
            let help = try await CastscopeProcess.run(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.exitCode == 0, "castscope \(command) --help")
            for spellings in Self.options(ofHelp: help.standardOutput)
            where !spellings.contains(where: { Self.mentions(text, $0) }) {
                missing.append("castscope \(command) \(spellings.last ?? "")")
            }
        }
        #expect(missing.isEmpty, "README usage lacks: \(missing.joined(separator: ", "))")
    }
}
