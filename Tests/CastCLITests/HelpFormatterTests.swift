import Testing
@testable import CastCLI

/// Golden help pages in swift-argument-parser's layout, checked with their exit code and stream.
@Suite struct HelpFormatterTests {
    static let rootHelp = """
        OVERVIEW: Find out why Google Cast does not work.

        USAGE: castscope [--verbose ...] <subcommand>

        OPTIONS:
          -v, --verbose           Log more detail to standard error.
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          tail                    Print records from JSON-lines or text log files,
                                  merged by time.
          filters                 Check and explain filter files.

          See 'castscope help <subcommand>' for detailed help.

        """

    static let tailHelp = """
        OVERVIEW: Print records from JSON-lines or text log files, merged by time.

        USAGE: castscope tail [--follow] [--lines <n>] [--filter <file>]
               [--class <pattern=level> ...] [--level <level>] [--grep <re>]
               [--since <time>] [--output <format>] [--color|--no-color] <file> ...

        ARGUMENTS:
          <file>                  Log files to read ('-' reads standard input).

        OPTIONS:
          -f, --follow            Keep reading as the files grow or rotate.
          -n, --lines <n>         Records to show before following. (default: 10)
          --filter <file>         A filter file to apply.
          --class <pattern=level> Minimum level for classes matching a glob.
                                  (repeatable)
          --level <level>         Minimum level for every other class.
          --grep <re>             Only records whose message matches the regular
                                  expression.
          --since <time>          Only records newer than this (a duration like 4s or
                                  2m).
          --output <format>       How to print records. (values: text, json; default:
                                  text)
          --color/--no-color      Colour the output by level. (default: --color)
          -h, --help              Show help information.

        EXIT STATUS:
          0                       Success.
          1                       A runtime failure: a file, the network or a device
                                  failed; the error says which.
          64                      A usage error: the arguments or environment variables
                                  do not fit the command.

        """

    static let filtersHelp = """
        OVERVIEW: Check and explain filter files.

        USAGE: castscope filters <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          check, validate (default)
                                  Validate filter files.
          explain                 Show the effective level of classes under a filter
                                  file.

          See 'castscope help filters <subcommand>' for detailed help.

        """

    static let explainHelp = """
        OVERVIEW: Show the effective level of classes under a filter file.

        Prints one line per class: the class, a tab, and the lowest level that passes.

        USAGE: castscope filters explain [--function <name>] <file> <class> ...

        ARGUMENTS:
          <file>                  The filter file.
          <class>                 Class names to explain.

        OPTIONS:
          --function <name>       Explain the rule for this function instead.
          -h, --help              Show help information.

        EXIT STATUS:
          0                       Success.
          1                       A runtime failure: a file, the network or a device
                                  failed; the error says which.
          64                      A usage error: the arguments or environment variables
                                  do not fit the command.

        """

    @Test func rootHelpListsSubcommandsVersionAndHelpHint() async {
        for arguments in [["-h"], ["--help"], ["help"], []] {
            let result = await SampleCommands.run(arguments)
            #expect(result.code == 0)
            #expect(result.out == Self.rootHelp, "for \(arguments)")
            #expect(result.err.isEmpty)
        }
    }

    @Test func subcommandHelpShowsOptionsWithValuesDefaultsRepeatableAndInversion() async {
        for arguments in [["tail", "-h"], ["tail", "--help"], ["help", "tail"], ["tail", "-fh"]] {
            let result = await SampleCommands.run(arguments)
            #expect(result.code == 0)
            #expect(result.out == Self.tailHelp, "for \(arguments)")
            #expect(result.err.isEmpty)
        }
    }

    @Test func nestedContainerMarksDefaultSubcommandAndJoinsAliases() async {
        for arguments in [["filters", "-h"], ["filters", "--help"], ["help", "filters"], ["filters", "help"]] {
            let result = await SampleCommands.run(arguments)
            #expect(result.code == 0)
            #expect(result.out == Self.filtersHelp, "for \(arguments)")
        }
    }

    @Test func nestedSubcommandHelpShowsDiscussionAndArguments() async {
        let forms = [
            ["filters", "explain", "-h"], ["filters", "explain", "--help"], ["help", "filters", "explain"],
            ["filters", "help", "explain"],
        ]
        for arguments in forms {
            let result = await SampleCommands.run(arguments)
            #expect(result.code == 0)
            #expect(result.out == Self.explainHelp, "for \(arguments)")
        }
    }

    @Test func helpAfterAnAliasShowsTheCommandsOwnName() async {
        let result = await SampleCommands.run(["help", "filters", "validate"])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("OVERVIEW: Validate filter files.\n\nUSAGE: castscope filters check <file> ...\n"))
    }

    @Test func helpWinsOverAnEarlierBadValue() async {
        let result = await SampleCommands.run(["tail", "-n", "lots", "--help"])
        #expect(result.code == 0)
        #expect(result.out == Self.tailHelp)
        #expect(result.err.isEmpty)
    }

    @Test func anUnknownOptionOrSubcommandStaysAUsageErrorBeforeHelp() async {
        // Help for what the user typed would hide the typo: the error is shown, as without --help.
        for arguments in [["tail", "--bogus", "--help"], ["bogus", "--help"], ["tail", "-x", "-h"]] {
            let result = await SampleCommands.run(arguments)
            #expect(result.code == 64, "\(arguments)")
            #expect(result.err.hasPrefix("Error: Unknown "), "\(arguments): \(result.err)")
            #expect(result.out.isEmpty)
        }
    }

    @Test func versionTakesNoOtherArguments() async {
        let result = await SampleCommands.run(["--version", "extra"])
        #expect(result.code == 64)
        #expect(result.err.hasPrefix("Error: '--version' takes no other arguments"))
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        let invocation = try SampleCommands.invocation(["tail", "--", "--help"])
        #expect(invocation?.arguments("file") == ["--help"])
    }

    @Test func helpForUnknownSubcommandIsAUsageError() async {
        let result = await SampleCommands.run(["help", "nope"])
        #expect(result.code == 64)
        #expect(result.err == """
            Error: Unknown subcommand 'nope'
            Usage: castscope [--verbose ...] <subcommand>
              See 'castscope --help' for more information.

            """)
    }

    @Test func narrowScreenWrapsHelpAtItsWidth() {
        let tool = CommandLineTool(SampleCommands.root, screenWidth: 50)
        #expect(tool.helpText(for: ["castscope", "tail"]).contains("""
              -n, --lines <n>         Records to show before
                                      following. (default:
                                      10)
            """))
        for line in tool.helpText(for: ["castscope", "tail"]).split(separator: "\n") {
            #expect(line.count < 50, "line too long: \(line)")
        }
    }
}
