import Foundation
import Testing
@testable import CastCLI

/// Replays the fuzz seeds and any saved crash inputs of `Fuzz/FuzzArguments`, plus hand-picked odd arguments.
@Suite struct FuzzRegressionTests {
    /// The repository root, found from this file's path.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Does what the fuzz target does: first byte is the width, the rest NUL-separated arguments.
    private func replay(_ bytes: [UInt8]) -> String {
        let width = max(Int(bytes.first ?? 80), 1)
        let arguments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).prefix(256).map {
            String(decoding: $0, as: UTF8.self)
        }
        return render(arguments, width: width)
    }

    private func render(_ arguments: [String], width: Int = 80) -> String {
        let tool = CommandLineTool(SampleCommands.root, screenWidth: width)
        do throws(CommandLineError) {
            switch try tool.parse(arguments) {
            case .help(let path): return tool.helpText(for: path)
            case .version(let version): return version
            case .run(let invocation):
                if invocation.commandPath.last == "tail" {
                    _ = try invocation.integer("lines")
                    _ = try invocation.duration("since")
                }
                return invocation.commandPath.joined(separator: " ")
            }
        } catch {
            return tool.report(for: error).text
        }
    }

    @Test func savedInputsReplayWithoutCrashing() throws {
        var replayed = 0
        for folder in ["Fuzz/Seeds/FuzzArguments", "Fuzz/FailCases/FuzzArguments"] {
            let directory = Self.repository.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
                #expect(!replay(bytes).isEmpty, "\(folder)/\(name)")
                replayed += 1
            }
        }
        #expect(replayed >= 5, "seeds missing under \(Self.repository.path)")
    }

    @Test func oddWordsAreUsageErrorsNotCrashes() {
        #expect(render(["--=x"]).hasPrefix("Error: Unknown option '--'\n"))
        #expect(render(["tail", "---", "a"]).hasPrefix("Error: Unknown option '---'\n"))
        #expect(render(["tail", "-f\u{301}", "a"]).hasPrefix("Error: Unknown option '-f\u{301}'\n"))
        #expect(render(["tail", "--no-", "a"]).hasPrefix("Error: Unknown option '--no-'\n"))
        #expect(render(["", ""]).hasPrefix("Error: Unknown subcommand ''\n"))
        #expect(render(["tail", "", "--lines="]).hasPrefix("Error: The value '' is invalid for '--lines <n>'"))
    }

    @Test func tinyScreenWidthStillRendersEveryWord() {
        for arguments in [["tail", "--help"], ["--help"], ["help", "filters", "explain"]] {
            let narrow = render(arguments, width: 1).split(whereSeparator: { $0 == " " || $0 == "\n" })
            let wide = render(arguments, width: 80).split(whereSeparator: { $0 == " " || $0 == "\n" })
            #expect(narrow == wide, "for \(arguments)")
        }
    }

    @Test func manyArgumentsParseInOnePass() {
        let files = (0..<10_000).map { "file\($0).log" }
        #expect(render(["tail"] + files + ["-vf"]).hasPrefix("Error: Unknown option '-v'"))
        #expect(render(["tail"] + files) == "castscope tail")
    }
}
