import CastCLI
import Foundation

/// `castscope generate man DIR | completion bash|zsh|fish`: man pages and shell completion from the command specs, for
/// `make install` and packagers. Glue only: CastCLI renders.
enum GenerateCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "generate", abstract: "Write man pages or shell completion generated from the command specs.",
            subcommands: [
                CommandSpec(
                    name: "man", abstract: "Write castscope.1 and castscope-COMMAND.1 for every command into DIR.",
                    arguments: [ArgumentSpec("dir", help: "The directory (created when missing).")],
                    run: { invocation, io in
                        let directory = invocation.argument("dir") ?? "."
                        try OutputDirectory.create(directory)
                        let formatter = ManPageFormatter(date: today(), version: CastscopeCommand.version)
                        for page in formatter.pages(root: CastscopeCommand.root) {
                            let path = directory + "/" + page.name + ".1"
                            try OutputFile.write(page.text, to: path)
                        }
                        return 0
                    }),
                CommandSpec(
                    name: "completion", abstract: "Print the completion script for a shell.",
                    arguments: [ArgumentSpec("shell", values: ["bash", "zsh", "fish"])],
                    run: { invocation, io in
                        let root = CastscopeCommand.root
                        // The parser allowed only these three.
                        let script = switch invocation.argument("shell") {
                        case "zsh": CompletionScript.zsh(root: root)
                        case "fish": CompletionScript.fish(root: root)
                        default: CompletionScript.bash(root: root)
                        }
                        io.write(script, to: .output)
                        return 0
                    }),
            ])
    }

    /// `YYYY-MM-DD` in UTC, or SOURCE_DATE_EPOCH's day for reproducible builds.
    private static func today() -> String {
        let seconds = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
            ?? Date().timeIntervalSince1970
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
