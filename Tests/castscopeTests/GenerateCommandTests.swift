import CastTestSupport
import Foundation
import Testing

/// Man pages and bash completion come from the command specs, and the real tools read them.
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

    @Test func anotherShellIsAUsageError() async throws {
        let result = try await CastscopeProcess.run(["generate", "completion", "tcsh"])
        #expect(result.exitCode == 64)
    }
}
