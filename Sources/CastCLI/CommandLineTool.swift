#if canImport(Glibc)
internal import Glibc
#endif

/// The one entry point: parses arguments against a command tree, runs the handler, and maps every outcome to
/// (stream, text, exit code) the way swift-argument-parser does.
public struct CommandLineTool: Sendable {
    /// Exit status of a usage error (`EX_USAGE`).
    public static let usageErrorCode: Int32 = 64
    /// Exit status of a runtime failure (`EXIT_FAILURE`).
    public static let failureCode: Int32 = 1

    /// The command tree.
    public let root: CommandSpec
    /// Columns help pages wrap to.
    public let screenWidth: Int

    /// Creates the tool; `screenWidth` nil means `COLUMNS` or the terminal's width. An inconsistent tree (see
    /// `CommandSpec.problems`) is a programmer error.
    public init(_ root: CommandSpec, screenWidth: Int? = nil) {
        let problems = root.problems
        precondition(problems.isEmpty, "invalid command tree: \(problems.joined(separator: "; "))")
        self.root = root
        self.screenWidth = screenWidth ?? Terminal.width()
    }

    /// Parses the arguments (program name excluded) without running anything.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> ParseOutcome {
        try CommandParser(root: root).parse(arguments)
    }

    /// Parses, prints help or version, or runs the selected handler; writes every message and returns the exit code.
    public func run(_ arguments: [String], output: any CommandOutput) async -> Int32 {
        let outcome: ParseOutcome
        do throws(CommandLineError) {
            outcome = try parse(arguments)
        } catch {
            return emit(report(for: error), to: output)
        }
        switch outcome {
        case .help(let path):
            return emit(ExitReport(stream: .output, text: helpText(for: path), code: 0), to: output)
        case .version(let version):
            return emit(ExitReport(stream: .output, text: version + "\n", code: 0), to: output)
        case .run(let invocation):
            guard let handler = invocation.command.run else {
                return emit(ExitReport(stream: .output, text: helpText(for: invocation.commandPath), code: 0),
                            to: output)
            }
            do {
                return try await handler(invocation, output)
            } catch var error as CommandLineError {
                if error.commandPath.isEmpty { error.commandPath = invocation.commandPath }
                return emit(report(for: error), to: output)
            } catch {
                return emit(report(for: error), to: output)
            }
        }
    }

    /// Maps an error to what swift-argument-parser prints: usage errors get the `Error:`/`Help:`/`Usage:`/`See`
    /// lines and 64, `ExitCode` exits silently with its code, anything else is `Error: <description>` and 1.
    public func report(for error: any Error) -> ExitReport {
        if let exit = error as? ExitCode { return ExitReport(stream: .error, text: "", code: exit.code) }
        if let failure = error as? CommandFailure {
            return ExitReport(stream: .error, text: failure.report, code: Self.failureCode)
        }
        guard let usageError = error as? CommandLineError else {
            return ExitReport(stream: .error, text: "Error: \(String(describing: error))\n", code: Self.failureCode)
        }
        let path = usageError.commandPath.isEmpty ? [root.name] : usageError.commandPath
        var text = "Error: \(usageError.message)\n"
        if let help = usageError.help { text += "Help:  \(help)\n" }
        text += "Usage: \(usageLine(for: path))\n"
        text += "  See '\(resolve(path).map(\.name).joined(separator: " ")) --help' for more information.\n"
        return ExitReport(stream: .error, text: text, code: Self.usageErrorCode)
    }

    /// The help page of the command at this path (names from the root; unknown names are ignored).
    public func helpText(for commandPath: [String]) -> String {
        HelpFormatter(screenWidth: screenWidth).helpPage(for: resolve(commandPath))
    }

    /// The usage line of the command at this path, without the `Usage: ` prefix and unwrapped.
    public func usageLine(for commandPath: [String]) -> String {
        HelpFormatter(screenWidth: screenWidth).usage(for: resolve(commandPath))
    }

    /// Writes the report for this error to the real streams and exits with its code.
    public func exit(with error: any Error) -> Never {
        let report = report(for: error)
        ProcessOutput().write(report.text, to: report.stream)
        Glibc.exit(report.code)
    }

    /// Runs with the process's arguments, writing through `output` (the real streams unless told otherwise), then
    /// exits with the resulting code.
    public func main(output: any CommandOutput = ProcessOutput()) async -> Never {
        let code = await run(Array(CommandLine.arguments.dropFirst()), output: output)
        Glibc.exit(code)
    }

    /// The specs along a path of names; the first name is the root's and stops at the first name that is unknown.
    private func resolve(_ commandPath: [String]) -> [CommandSpec] {
        var specs = [root]
        for name in commandPath.dropFirst() {
            guard let sub = specs[specs.count - 1].subcommand(named: name) else { break }
            specs.append(sub)
        }
        return specs
    }

    private func emit(_ report: ExitReport, to output: any CommandOutput) -> Int32 {
        if !report.text.isEmpty { output.write(report.text, to: report.stream) }
        return report.code
    }
}
