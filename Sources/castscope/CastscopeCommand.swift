import CastCLI

/// The command tree of the `castscope` executable; each subcommand lives in its own file.
enum CastscopeCommand {
    static let version = "0.1.0"

    static var root: CommandSpec {
        var root = CommandExamples.documented(EnvironmentSettings.validating(rootSpec))
        root.environment = EnvironmentSettings.documented
        return root
    }

    private static var rootSpec: CommandSpec {
        CommandSpec(
            name: "castscope",
            abstract: "Find out why Google Cast does not work: logs, Cast traffic and captures.",
            version: version,
            subcommands: [
                FiltersCommand.spec, TailCommand.spec, DecodeCommand.spec, DemoCommand.spec, DiscoverCommand.spec,
                ReceiverCommand.spec, CastCommand.spec, AuthCommand.spec, InspectCommand.spec, CaptureCommand.spec,
                GenerateCommand.spec, WiresharkCommand.spec, MediaCommand.spec, MonitorCommand.spec,
            ])
    }
}
