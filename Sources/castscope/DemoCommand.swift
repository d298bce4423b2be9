import CastCLI

/// `castscope demo` — placeholder until the demo lands.
enum DemoCommand {
    static var spec: CommandSpec { CommandSpec(name: "demo", abstract: "Show castscope at work (coming).") }
}
