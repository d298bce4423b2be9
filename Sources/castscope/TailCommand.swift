import CastCLI

/// `castscope tail` — placeholder until the follower lands.
enum TailCommand {
    static var spec: CommandSpec { CommandSpec(name: "tail", abstract: "Print records from log files (coming).") }
}
