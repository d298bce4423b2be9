import CastTestSupport
import Foundation
import Testing

/// Man pages and bash, zsh and fish completion come from the command specs, and the real tools read them.
@Suite struct GenerateCommandTests {
    private let directories = TemporaryDirectories()

    /// Runs `executable` with `arguments` (and `input` on stdin) off the cooperative pool; its stdout and status.
    private func run(_ executable: String, _ arguments: [String], input: String? = nil,
                     environment: [String: String]? = nil) async throws -> (output: String, status: Int32) {
        try await BlockingWork.run { () throws -> (String, Int32) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let environment { process.environment = environment }
            let output = Pipe(), stdin = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = stdin
            try process.run()
            if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
            try stdin.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (String(decoding: data, as: UTF8.self), process.terminationStatus)
        }
    }

    @Test func manPagesExistForEveryCommandAndManRendersThemWithEveryOption() async throws {
        let directory = directories.make("man")
        let result = try await CastscopeProcess.run(["generate", "man", directory], environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        for expected in ["castscope.1", "castscope-inspect.1", "castscope-auth-verify.1", "castscope-cast-load.1"] {
            #expect(pages.contains(expected), "\(pages)")
        }
        let rendered = try await run(
            "/usr/bin/man", ["-l", "-P", "cat", directory + "/castscope-inspect.1"],
            environment: ["MANWIDTH": "200", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]).output
        #expect(rendered.contains("NAME") && rendered.contains("SYNOPSIS") && rendered.contains("OPTIONS"))
        let help = try await CastscopeProcess.run(["inspect", "--help"])
        for option in ReadmeUsageTests.options(ofHelp: help.standardOutput) {
            #expect(option.contains { rendered.contains($0) }, "man page lacks \(option)")
        }
        #expect(rendered.contains("1970-01-01"))
    }

    /// What bash completes after `castscope WORDS…` (the last word is the one being completed).
    private func complete(_ script: String, _ words: [String]) async throws -> [String] {
        let path = directories.make("completion") + "/castscope.bash"
        try script.write(toFile: path, atomically: false, encoding: .utf8)
        let line = (["castscope"] + words).map { "'\($0)'" }.joined(separator: " ")
        let command = "source \(path); COMP_WORDS=(\(line)); COMP_CWORD=\(words.count); _castscope; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\""
        return try await run("/bin/bash", ["--norc", "-c", command]).output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsAndChoiceValues() async throws {
        let script = try await CastscopeProcess.run(["generate", "completion", "bash"]).standardOutput
        #expect(script.contains("complete -F _castscope castscope"))
        #expect(try await complete(script, ["au"]) == ["auth"])
        #expect(Set(try await complete(script, ["auth", ""])).isSuperset(of: ["verify", "crl", "check"]))
        #expect(try await complete(script, ["inspect", "--keyl"]) == ["--keylog"])
        #expect(Set(try await complete(script, ["receiver", "--tls", ""])) == ["1.2", "1.3"])
        let registered = try await run(
            "/bin/bash", ["--norc", "-c", "source /dev/stdin; complete -p castscope"], input: script).status
        #expect(registered == 0)
    }

    /// What the generated zsh function offers for `castscope WORDS…`, with zsh's completion builtins replaced by
    /// printers (zsh completes only inside its line editor), after compinit has registered it.
    private func zshOffers(_ script: String, _ words: [String]) async throws -> String {
        let path = directories.make("completion") + "/_castscope"
        try script.write(toFile: path, atomically: false, encoding: .utf8)
        let line = (["castscope"] + words).map { "'\($0)'" }.joined(separator: " ")
        let command = "autoload -U compinit && compinit -u -D; source \(path); print -r -- \"comps=$_comps[castscope]\"; "
            + "compadd() { print -r -- \"values $*\" }; _describe() { print -r -- \"$3 ${(P)4}\" }; "
            + "_files() { print -r -- files }; words=(\(line)); CURRENT=\(words.count + 1); _castscope"
        return try await run("/usr/bin/zsh", ["-fc", command]).output
    }

    @Test func zshRegistersAndOffersSubcommandsOptionsAndChoiceValues() async throws {
        guard MissingPeer.installed("/usr/bin/zsh") else { return }
        let script = try await CastscopeProcess.run(["generate", "completion", "zsh"]).standardOutput
        #expect(script.hasPrefix("#compdef castscope\n"))
        let auth = try await zshOffers(script, ["auth", ""])
        #expect(auth.contains("comps=_castscope"))
        #expect(auth.contains("command verify:") && auth.contains("crl:") && auth.contains("check:"))
        #expect(try await zshOffers(script, ["receiver", "--tls", ""]).contains("values -- 1.2 1.3"))
        #expect(try await zshOffers(script, ["inspect", "--keylog", ""]).contains("files"))
        let options = try await zshOffers(script, ["cast", "--log-"])
        #expect(options.contains("option ") && options.contains("--log-to:Also send logs"))
    }

    /// What fish completes for `castscope LINE` (its own `complete -C`).
    private func fishCompletes(_ script: String, _ line: String) async throws -> [String] {
        let path = directories.make("completion") + "/castscope.fish"
        try script.write(toFile: path, atomically: false, encoding: .utf8)
        let output = try await run("/usr/bin/fish", ["--no-config", "-c", "source \(path); complete -C'castscope \(line)'"])
        return output.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test func fishCompletesSubcommandsOptionsAndChoiceValues() async throws {
        guard MissingPeer.installed("/usr/bin/fish") else { return }
        let script = try await CastscopeProcess.run(["generate", "completion", "fish"]).standardOutput
        #expect(try await fishCompletes(script, "au") == ["auth"])
        #expect(Set(try await fishCompletes(script, "auth ")).isSuperset(of: ["verify", "crl", "check"]))
        #expect(try await fishCompletes(script, "inspect --keyl") == ["--keylog"])
        #expect(Set(try await fishCompletes(script, "receiver --tls ")) == ["1.2", "1.3"])
        #expect(try await fishCompletes(script, "filters check --nosuch") == [])
    }

    @Test func anotherShellIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["generate", "completion", "tcsh"])
        #expect(result.exitCode == 64)
    }
}

/// Man pages and help pages carry the sections users look for: EXIT STATUS, ENVIRONMENT and EXAMPLES, generated
/// from the command specs, in roff that groff renders without a warning.
@Suite struct DocumentationSectionsTests {
    /// Every command path that runs something (leaves of the tree), from the help pages themselves.
    static func leafCommands(_ path: [String] = []) async throws -> [[String]] {
        let help = try await CastscopeProcess.run(path + ["--help"]).standardOutput
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [path] }
        var leaves: [[String]] = []
        for line in section.components(separatedBy: "\n\n")[0].split(separator: "\n") {
            guard line.hasPrefix("  "), !line.hasPrefix("   "),
                  let name = line.split(separator: " ").first.map({ String($0).trimmingCharacters(in: [","]) })
            else { continue }
            leaves += try await leafCommands(path + [name])
        }
        return leaves
    }

    @Test func everyCommandsHelpHasExamplesAndExitStatus() async throws {
        let leaves = try await Self.leafCommands()
        #expect(leaves.count >= 30)
        for path in leaves {
            let help = try await CastscopeProcess.run(path + ["--help"]).standardOutput
            #expect(help.contains("\nEXAMPLES:\n  castscope ") || help.contains("\nEXAMPLES:\n  tcpdump"),
                    "\(path.joined(separator: " ")) has no examples")
            #expect(help.contains("\nEXIT STATUS:\n  0 "), "\(path.joined(separator: " ")) has no exit status")
        }
    }

    @Test func manPagesHaveTheSectionsAndRenderWithoutWarnings() async throws {
        let directory = NSTemporaryDirectory() + "castscope-man-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CastscopeProcess.run(["generate", "man", directory])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory)
        for page in pages {
            let text = try String(contentsOfFile: directory + "/" + page, encoding: .utf8)
            #expect(!text.contains(#"\e\-"#), "\(page) shows a literal backslash-dash")
            #expect(text.contains(".SH ENVIRONMENT\n") && text.contains("CASTSCOPE_LOG"), "\(page)")
            if page.hasPrefix("castscope-cast-load") || page == "castscope-tail.1" || page == "castscope-inspect.1" {
                #expect(text.contains(".SH EXIT STATUS\n") && text.contains(".SH EXAMPLES\n"), "\(page)")
            }
            let groff = await SpawnedProcess.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", directory + "/" + page])
            #expect(groff.status == 0 && groff.errors.isEmpty, "\(page): \(groff.errors)")
        }
        let load = try String(contentsOfFile: directory + "/castscope-cast-load.1", encoding: .utf8)
        #expect(load.contains(#"\fBcastscope\-cast\fR(1), \fBcastscope \-\-help\fR"#), "\(load.suffix(200))")
    }
}

/// Every relative link in the README and `Docs/` points at a file that exists.
@Suite struct DocumentationLinkTests {
    @Test func everyRelativeLinkResolves() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 } + ["README.md"]
        var broken: [String] = []
        for doc in docs {
            let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
            let base = root.appendingPathComponent(doc).deletingLastPathComponent()
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close])
                rest = rest[close...]
                if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") || target.isEmpty {
                    continue
                }
                let path = String(target.split(separator: "#", maxSplits: 1)[0])
                if !FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path) {
                    broken.append("\(doc): \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }
}
