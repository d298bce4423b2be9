import Testing
@testable import CastCLI

/// Typed access to values: conversions and the usage errors they raise.
@Suite struct InvocationTests {
    enum Format: String, CaseIterable { case text, json, logfmt }

    static let spec = CommandSpec(
        name: "probe",
        arguments: [.init("count", help: "How many probes.", optional: true)],
        options: [
            .option("timeout", short: "t", value: "duration", help: "How long to wait."),
            .option("retries", value: "n", help: "Retries per probe.", default: "3"),
            .option("format", value: "format"),
            .option("delay", value: "duration", repeatable: true),
        ],
        run: { _, _ in 0 })

    private func invocation(_ arguments: [String]) throws -> Invocation {
        let outcome = try CommandLineTool(Self.spec, screenWidth: 80).parse(arguments)
        guard case .run(let invocation) = outcome else { throw CommandLineError.validation("no run") }
        return invocation
    }

    @Test func durationHelpersConvertUnits() throws {
        #expect(try invocation(["-t", "500ms"]).duration("timeout") == .milliseconds(500))
        #expect(try invocation(["--timeout=2m"]).seconds("timeout") == 120)
        #expect(try invocation([]).duration("timeout") == nil)
    }

    @Test func integerHelperUsesTheDefaultAndChecksTheRange() throws {
        #expect(try invocation([]).integer("retries") == 3)
        #expect(try invocation(["--retries", "0"]).integer("retries", in: 0...5) == 0)
        #expect(throws: CommandLineError(
            .invalidValue, "The value '9' is invalid for '--retries <n>': expected an integer from 0 to 5",
            commandPath: ["probe"], help: "--retries <n>  Retries per probe.")) {
            try invocation(["--retries", "9"]).integer("retries", in: 0...5)
        }
    }

    @Test func positionalArgumentsConvertToo() throws {
        #expect(try invocation(["12"]).integer("count") == 12)
        #expect(throws: CommandLineError(
            .invalidValue, "The value 'x' is invalid for '<count>': expected an integer", commandPath: ["probe"],
            help: "<count>  How many probes.")) {
            try invocation(["x"]).integer("count")
        }
    }

    @Test func choiceMatchesRawValues() throws {
        #expect(try invocation(["--format", "logfmt"]).choice("format", as: Format.self) == .logfmt)
        #expect(throws: CommandLineError(
            .invalidValue, "The value 'xml' is invalid for '--format <format>': expected one of 'text', 'json', "
                + "'logfmt'", commandPath: ["probe"])) {
            try invocation(["--format", "xml"]).choice("format", as: Format.self)
        }
    }

    @Test func repeatedValuesConvertEachOrFailOnTheFirstBadOne() throws {
        let delays = try invocation(["--delay", "1s", "--delay=250ms"]).values(
            "delay", expected: "a duration", ValueParser.duration)
        #expect(delays == [.seconds(1), .milliseconds(250)])
        #expect(throws: CommandLineError.self) {
            try invocation(["--delay", "1s", "--delay=soon"]).values(
                "delay", expected: "a duration", ValueParser.duration)
        }
    }

    @Test func customConversionReportsWhatWasExpected() throws {
        let pair = try invocation(["--format", "a=b"]).value("format", expected: "expected KEY=VALUE") { text in
            text.split(separator: "=").count == 2 ? text : nil
        }
        #expect(pair == "a=b")
        let bad = try invocation(["--format", "ab"])
        do throws(CommandLineError) {
            _ = try bad.value("format", expected: "expected KEY=VALUE") { text in
                text.split(separator: "=").count == 2 ? text : nil
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "The value 'ab' is invalid for '--format <format>': expected KEY=VALUE")
            #expect(error.help == nil)
        }
    }
}
