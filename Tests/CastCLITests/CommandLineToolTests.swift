import Testing
@testable import CastCLI

/// Exit codes, streams and the exact error lines for every way a command line can end.
@Suite struct CommandLineToolTests {
    private static let tailUsage = "castscope tail [--follow] [--lines <n>] [--filter <file>] "
        + "[--class <pattern=level> ...] [--level <level>] [--grep <re>] [--since <time>] [--output <format>] "
        + "[--color|--no-color] <file> ..."

    @Test func successRunsHandlerAndPrintsToStandardOutput() async {
        let result = await SampleCommands.run(["tail", "-fn5", "--since=500ms", "a.log", "b.log"])
        #expect(result.code == 0)
        #expect(result.out == "files=[\"a.log\", \"b.log\"] lines=5 follow=true since=0.5 output=text\n")
        #expect(result.err.isEmpty)
    }

    @Test func handlerChoosesItsOwnExitCode() async {
        let result = await SampleCommands.run(["filters", "bad.filter"])
        #expect(result.code == 1)
        #expect(result.out == "checked bad.filter\n")
        #expect(result.err.isEmpty)
    }

    @Test func unknownOptionPrintsExactlyThreeLinesAndExits64() async {
        let result = await SampleCommands.run(["tail", "--foo", "a.log"])
        #expect(result.code == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == """
            Error: Unknown option '--foo'
            Usage: \(Self.tailUsage)
              See 'castscope tail --help' for more information.

            """)
    }

    @Test func unknownOptionAtRootWithoutDefaultUsesRootUsage() async {
        let result = await SampleCommands.run(["--foo"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Unknown option '--foo'
            Usage: castscope [--verbose ...] <subcommand>
              See 'castscope --help' for more information.

            """)
    }

    @Test func unknownOptionGoesToTheDefaultSubcommandsUsage() async {
        let result = await SampleCommands.run(["filters", "--foo"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Unknown option '--foo'
            Usage: castscope filters check <file> ...
              See 'castscope filters check --help' for more information.

            """)
    }

    @Test func unknownSubcommandExits64() async {
        let result = await SampleCommands.run(["tial", "a.log"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Unknown subcommand 'tial'
            Usage: castscope [--verbose ...] <subcommand>
              See 'castscope --help' for more information.

            """)
    }

    @Test func missingValueAddsAHelpLine() async {
        let result = await SampleCommands.run(["tail", "a.log", "--lines"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Missing value for '--lines <n>'
            Help:  --lines <n>  Records to show before following.
            Usage: \(Self.tailUsage)
              See 'castscope tail --help' for more information.

            """)
    }

    @Test func missingArgumentExits64() async {
        let result = await SampleCommands.run(["filters", "check"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Missing expected argument '<file> ...'
            Help:  <file>  Filter files to check.
            Usage: castscope filters check <file> ...
              See 'castscope filters check --help' for more information.

            """)
    }

    @Test func extraArgumentExits64() async {
        let spec = CommandSpec(name: "one", arguments: [.init("file")], run: { _, _ in 0 })
        let output = CapturedOutput()
        let code = await CommandLineTool(spec, screenWidth: 80).run(["a", "b"], output: output)
        #expect(code == 64)
        #expect(output.standardError == """
            Error: Unexpected argument 'b'
            Usage: one <file>
              See 'one --help' for more information.

            """)
    }

    @Test func valueOutsideTheAllowedValuesExits64() async {
        let result = await SampleCommands.run(["tail", "--output=xml", "a.log"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: The value 'xml' is invalid for '--output <format>': expected one of 'text', 'json'
            Help:  --output <format>  How to print records.
            Usage: \(Self.tailUsage)
              See 'castscope tail --help' for more information.

            """)
    }

    @Test func badTypedValueInHandlerExits64WithHelpLine() async {
        let result = await SampleCommands.run(["tail", "-n", "many", "a.log"])
        #expect(result.code == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == """
            Error: The value 'many' is invalid for '--lines <n>': expected an integer from 0 to 1000000
            Help:  --lines <n>  Records to show before following.
            Usage: \(Self.tailUsage)
              See 'castscope tail --help' for more information.

            """)
    }

    @Test func badDurationExits64() async {
        let result = await SampleCommands.run(["tail", "--since", "5x", "a.log"])
        #expect(result.code == 64)
        #expect(result.err.hasPrefix("""
            Error: The value '5x' is invalid for '--since <time>': expected a duration like 500ms, 4s, 2m or \
            seconds (4, 0.5)

            """))
    }

    @Test func validationErrorFromHandlerUsesTheCommandsUsage() async {
        let result = await SampleCommands.run(["filters", "explain", "f.filter", "GCKBad"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Class names must not start with 'GCKBad'
            Usage: castscope filters explain [--function <name>] <file> <class> ...
              See 'castscope filters explain --help' for more information.

            """)
    }

    @Test func runtimeFailureIsOneErrorLineAndExits1() async {
        let result = await SampleCommands.run(["tail", "missing.log"])
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err == "Error: cannot read 'missing.log': No such file or directory\n")
    }

    @Test func aCommandFailureIsItsErrorLinesThenTheHintAndExits1() async {
        let spec = CommandSpec(name: "load", run: { _, _ in
            throw CommandFailure(messages: ["cannot read a.log", "cannot read b.log"], hint: "check the paths")
        })
        let output = CapturedOutput()
        #expect(await CommandLineTool(spec, screenWidth: 80).run([], output: output) == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "Error: cannot read a.log\nError: cannot read b.log\nHint: check the paths\n")
    }

    @Test func thrownExitCodeExitsSilently() async {
        let spec = CommandSpec(name: "quit", run: { _, _ in throw ExitCode(3) })
        let output = CapturedOutput()
        #expect(await CommandLineTool(spec, screenWidth: 80).run([], output: output) == 3)
        #expect(output.standardOutput.isEmpty && output.standardError.isEmpty)
    }

    @Test func versionPrintsToStandardOutput() async {
        let result = await SampleCommands.run(["--version"])
        #expect(result.code == 0)
        #expect(result.out == "0.1.0\n")
        #expect(result.err.isEmpty)
    }

    @Test func reportMapsEveryOutcomeToStreamTextAndCode() {
        let tool = SampleCommands.tool
        #expect(tool.report(for: ExitCode.success) == ExitReport(stream: .error, text: "", code: 0))
        #expect(tool.report(for: SampleCommands.Unreadable(path: "x")) == ExitReport(
            stream: .error, text: "Error: cannot read 'x': No such file or directory\n", code: 1))
        #expect(tool.report(for: CommandLineError.validation("Nope")) == ExitReport(
            stream: .error,
            text: "Error: Nope\nUsage: castscope [--verbose ...] <subcommand>\n"
                + "  See 'castscope --help' for more information.\n",
            code: 64))
    }
}
