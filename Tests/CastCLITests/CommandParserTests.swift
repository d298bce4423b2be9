import Testing
@testable import CastCLI

/// Option syntax and command selection.
@Suite struct CommandParserTests {
    private func parse(_ arguments: [String]) throws -> Invocation {
        let invocation = try SampleCommands.invocation(arguments)
        return try #require(invocation)
    }

    private func parseError(_ arguments: [String]) -> CommandLineError? {
        do {
            _ = try SampleCommands.tool.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func longOptionTakesSeparateOrInlineValue() throws {
        #expect(try parse(["tail", "--lines", "5", "a.log"]).option("lines") == "5")
        #expect(try parse(["tail", "--lines=5", "a.log"]).option("lines") == "5")
        #expect(try parse(["tail", "--grep=a=b", "a.log"]).option("grep") == "a=b")
        #expect(try parse(["tail", "--grep=", "a.log"]).option("grep") == "")
    }

    @Test func shortOptionTakesSeparateOrAttachedValue() throws {
        #expect(try parse(["tail", "-n", "5", "a.log"]).option("lines") == "5")
        #expect(try parse(["tail", "-n5", "a.log"]).option("lines") == "5")
        #expect(try parse(["tail", "-fn7", "a.log"]).option("lines") == "7")
    }

    @Test func shortFlagsCombine() throws {
        let invocation = try parse(["-vv", "tail", "-f", "a.log"])
        #expect(invocation.flag("follow"))
        #expect(invocation.count("verbose") == 2)
        let combined = try parse(["tail", "-fn", "3", "a.log"])
        #expect(combined.flag("follow") && combined.option("lines") == "3")
    }

    @Test func countingFlagCountsEveryForm() throws {
        let invocation = try parse(["-vvv", "--verbose", "-v", "tail", "a.log"])
        #expect(invocation.count("verbose") == 5)
        #expect(invocation.flag("verbose"))
        #expect(try parse(["tail", "a.log"]).count("verbose") == 0)
    }

    @Test func invertibleFlagTakesTheLastFormAndItsDefault() throws {
        #expect(try parse(["tail", "a.log"]).flag("color"))
        #expect(try parse(["tail", "--no-color", "a.log"]).flag("color") == false)
        #expect(try parse(["tail", "--no-color", "--color", "a.log"]).flag("color"))
        #expect(try parse(["tail", "--color", "--no-color", "a.log"]).flag("color") == false)
        #expect(parseError(["tail", "--no-follow", "a.log"])?.kind == .unknownOption)
    }

    @Test func doubleDashEndsOptionParsing() throws {
        let invocation = try parse(["tail", "-f", "--", "-n", "--lines=3", "-"])
        #expect(invocation.arguments("file") == ["-n", "--lines=3", "-"])
        #expect(invocation.option("lines") == "10")
    }

    @Test func singleDashIsAPositionalValue() throws {
        #expect(try parse(["tail", "-", "-f"]).arguments("file") == ["-"])
        #expect(try parse(["tail", "--grep", "-", "x"]).option("grep") == "-")
    }

    @Test func negativeNumberIsAValue() throws {
        #expect(try parse(["tail", "-n", "-5", "a.log"]).option("lines") == "-5")
        #expect(try parse(["tail", "a.log", "-1"]).arguments("file") == ["a.log", "-1"])
        #expect(try parse(["tail", "a.log", "-.5"]).arguments("file") == ["a.log", "-.5"])
    }

    @Test func repeatableOptionCollectsValuesInOrder() throws {
        let invocation = try parse(["tail", "--class", "GCK*=debug", "--class=GCKUI*=verbose", "a.log"])
        #expect(invocation.options("class") == ["GCK*=debug", "GCKUI*=verbose"])
        #expect(invocation.option("class") == "GCKUI*=verbose")
    }

    @Test func singleOptionKeepsTheLastValueAndDefaultsWhenAbsent() throws {
        #expect(try parse(["tail", "-n", "1", "-n", "2", "a.log"]).option("lines") == "2")
        let absent = try parse(["tail", "a.log"])
        #expect(absent.option("lines") == "10")
        #expect(absent.option("filter") == nil)
        #expect(absent.options("class").isEmpty)
        #expect(absent.isGiven("lines") == false)
    }

    @Test func optionsAndArgumentsInterleave() throws {
        let invocation = try parse(["tail", "a.log", "-f", "b.log", "--output", "json", "c.log"])
        #expect(invocation.arguments("file") == ["a.log", "b.log", "c.log"])
        #expect(invocation.argument("file") == "a.log")
        #expect(invocation.option("output") == "json")
    }

    @Test func resolvesNestedCommandPathAndAliases() throws {
        #expect(try parse(["filters", "check", "x.filter"]).commandPath == ["castscope", "filters", "check"])
        #expect(try parse(["filters", "validate", "x.filter"]).commandPath == ["castscope", "filters", "check"])
        let explain = try parse(["filters", "explain", "f.filter", "GCKA", "GCKB", "--function", "load"])
        #expect(explain.commandPath == ["castscope", "filters", "explain"])
        #expect(explain.argument("file") == "f.filter")
        #expect(explain.arguments("class") == ["GCKA", "GCKB"])
        #expect(explain.option("function") == "load")
    }

    @Test func defaultSubcommandTakesWordsItsParentDoesNotKnow() throws {
        #expect(try parse(["filters", "x.filter"]).commandPath == ["castscope", "filters", "check"])
        #expect(try parse(["filters", "x.filter"]).arguments("file") == ["x.filter"])
        #expect(try parse(["filters", "--", "explain"]).arguments("file") == ["explain"])
        #expect(parseError(["filters", "--bogus"])?.commandPath == ["castscope", "filters", "check"])
    }

    @Test func parentFlagsBeforeTheSubcommandAreKept() throws {
        #expect(try parse(["-v", "filters", "check", "x"]).count("verbose") == 1)
        #expect(parseError(["filters", "-v", "check", "x"])?.kind == .unknownOption)
    }

    @Test func versionOnlyOnTheRoot() throws {
        guard case .version(let version) = try SampleCommands.tool.parse(["--version"]) else {
            Issue.record("expected a version request")
            return
        }
        #expect(version == "0.1.0")
        #expect(parseError(["tail", "--version"])?.kind == .unknownOption)
    }

    @Test func errorsNameTheKindPathAndArgumentIndex() {
        let unknown = parseError(["tail", "a.log", "--bogus=1"])
        #expect(unknown == CommandLineError(
            .unknownOption, "Unknown option '--bogus'", commandPath: ["castscope", "tail"], argumentIndex: 2))
        #expect(parseError(["tail", "-x", "a.log"])?.message == "Unknown option '-x'")
        #expect(parseError(["tail", "-fx", "a.log"])?.message == "Unknown option '-x'")
        #expect(parseError(["tail", "a.log", "-n"])?.message == "Missing value for '-n <n>'")
        #expect(parseError(["tail", "--lines", "--follow", "a"])?.message == "Missing value for '--lines <n>'")
        #expect(parseError(["tail", "--follow=yes", "a"])?.kind == .unexpectedValue)
        #expect(parseError(["tail"])?.message == "Missing expected argument '<file> ...'")
        #expect(parseError(["filters", "explain", "f"])?.message == "Missing expected argument '<class> ...'")
        #expect(parseError(["nope"])?.kind == .unknownSubcommand)
        #expect(parseError(["tail", "--output", "xml", "a"])?.kind == .invalidValue)
    }

    @Test func aChoiceArgumentTakesOnlyItsValuesAndHelpManAndCompletionsListThem() throws {
        let spec = CommandSpec(
            name: "mute", arguments: [.init("state", help: "Muted or not.", values: ["on", "off"])], run: { _, _ in 0 })
        let tool = CommandLineTool(spec, screenWidth: 80)
        guard case .run(let invocation) = try tool.parse(["off"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(invocation.argument("state") == "off")
        #expect(throws: CommandLineError(
            .invalidValue, "The value 'maybe' is invalid for '<state>': expected one of 'on', 'off'",
            commandPath: ["mute"], argumentIndex: 0, help: "<state>  Muted or not.")) { try tool.parse(["maybe"]) }
        #expect(tool.helpText(for: []).contains("<state>                 Muted or not. (values: on, off)"))
        #expect(ManPageFormatter(date: "2026-12-03", version: "1").pages(root: spec).first?.text
            .contains("Muted or not. (values: on, off)") == true)
        #expect(CompletionScript.bash(root: spec).contains("compgen -W \"on off\""))
        #expect(CompletionScript.zsh(root: spec).contains("compadd -- on off"))
        #expect(CompletionScript.fish(root: spec).contains("-f -a 'on off'"))
    }

    @Test func extraArgumentsAreUnexpected() throws {
        let spec = CommandSpec(
            name: "one", arguments: [.init("file"), .init("extra", optional: true)], run: { _, _ in 0 })
        let tool = CommandLineTool(spec, screenWidth: 80)
        guard case .run(let invocation) = try tool.parse(["a"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(invocation.argument("extra") == nil)
        #expect(throws: CommandLineError(
            .unexpectedArgument, "Unexpected argument 'c'", commandPath: ["one"], argumentIndex: 2)) {
            try tool.parse(["a", "b", "c"])
        }
        #expect(throws: CommandLineError(
            .unexpectedArgument, "Unexpected arguments 'c', 'd'", commandPath: ["one"], argumentIndex: 2)) {
            try tool.parse(["a", "b", "c", "d"])
        }
    }

    @Test func optionalArgumentBeforeRequiredOneIsFilledLast() throws {
        let spec = CommandSpec(
            name: "cp", arguments: [.init("from", optional: true), .init("to")], run: { _, _ in 0 })
        let tool = CommandLineTool(spec, screenWidth: 80)
        guard case .run(let one) = try tool.parse(["x"]), case .run(let two) = try tool.parse(["x", "y"]) else {
            Issue.record("expected runs")
            return
        }
        #expect(one.argument("from") == nil && one.argument("to") == "x")
        #expect(two.argument("from") == "x" && two.argument("to") == "y")
    }

    @Test func requiredOptionMustBeGiven() {
        let spec = CommandSpec(
            name: "connect", options: [.option("host", value: "address", help: "Device address.", required: true)],
            run: { _, _ in 0 })
        let tool = CommandLineTool(spec, screenWidth: 80)
        #expect(throws: CommandLineError(
            .missingArgument, "Missing expected argument '--host <address>'", commandPath: ["connect"],
            help: "--host <address>  Device address.")) {
            try tool.parse([])
        }
        #expect(tool.usageLine(for: ["connect"]) == "connect --host <address>")
    }

    @Test func commandWithoutHandlerAsksForItsHelp() throws {
        let outcome = try SampleCommands.tool.parse([])
        guard case .help(let path) = outcome else {
            Issue.record("expected help, got \(outcome)")
            return
        }
        #expect(path == ["castscope"])
    }
}
