import Testing
@testable import CastCLI

/// The consistency checks `CommandLineTool` runs on a command tree.
@Suite struct CommandSpecTests {
    @Test func sampleTreeHasNoProblems() {
        #expect(SampleCommands.root.problems.isEmpty)
    }

    @Test func duplicateAndReservedNamesAreProblems() {
        let spec = CommandSpec(
            name: "bad",
            arguments: [.init("a", repeating: true), .init("b", repeating: true)],
            options: [
                .option("name", short: "n"), .flag("name"), .flag("help"), .flag("quiet", short: "h"),
                .flag("color", inversion: true), .flag("no-color"), .option("a=b"),
            ],
            subcommands: [CommandSpec(name: "x"), CommandSpec(name: "y", aliases: ["x"])],
            defaultSubcommand: "z")
        #expect(spec.problems == [
            "bad: duplicate option '--name'",
            "bad: duplicate option '--help'",
            "bad: duplicate short option '-h'",
            "bad: duplicate option '--no-color'",
            "bad: invalid option name 'a=b'",
            "bad: duplicate subcommand name 'x'",
            "bad: default subcommand 'z' is not a subcommand",
            "bad: more than one repeating argument",
        ])
    }

    @Test func subcommandLookupMatchesNamesAndAliases() {
        #expect(SampleCommands.filters.subcommand(named: "validate")?.name == "check")
        #expect(SampleCommands.filters.subcommand(named: "check")?.name == "check")
        #expect(SampleCommands.filters.subcommand(named: "nope") == nil)
    }
}
