import CastCLI
import CastLog

/// `castscope filters check|explain`: validate filter files and show what they let through.
enum FiltersCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "filters", abstract: "Check filter files and explain what they let through.",
            subcommands: [check, explain], defaultSubcommand: "check")
    }

    static var check: CommandSpec {
        CommandSpec(
            name: "check", abstract: "Validate filter files.",
            discussion: """
                Prints FILE:LINE:COL: message for every error of every file and exits 1; prints 'FILE: ok' for a \
                file without errors.
                """,
            arguments: [.init("file", help: "Filter files to check.", repeating: true)],
            run: { invocation, io in
                var failed = false
                for file in invocation.arguments("file") {
                    do {
                        let errors = try FilterFile.checkFile(path: file).errors
                        for error in errors { io.printError("\(error)") }
                        if errors.isEmpty { io.print("\(file): ok") } else { failed = true }
                    } catch {
                        // Not a fault inside the file (those are FILE:LINE:COL lines): the file itself is missing.
                        io.printError("Error: \(error)")
                        failed = true
                    }
                }
                return failed ? 1 : 0
            })
    }

    static var explain: CommandSpec {
        CommandSpec(
            name: "explain", abstract: "Show the effective level of each class under a filter file.",
            discussion: """
                Prints one line per class: CLASS<TAB>LEVEL, the lowest level that passes (verbose…assert), or \
                'none' when nothing passes. With --function, the level for records from that function.
                """,
            arguments: [
                .init("file", help: "The filter file."),
                .init("class", help: "Cast SDK class names, e.g. GCKCastChannel.", repeating: true),
            ],
            options: [.option("function", value: "name", help: "Explain a record from this function.")],
            run: { invocation, io in
                guard let file = invocation.argument("file") else { throw ExitCode.usage }
                let filter: LoggerFilter
                do {
                    filter = try FilterFile.load(path: file)
                } catch {
                    io.printError("Error: \(error)")
                    return 1
                }
                let function = invocation.option("function")
                for className in invocation.arguments("class") {
                    let level = function.map { filter.effectiveLevel(forClass: className, function: $0) }
                        ?? filter.effectiveLevel(forClass: className)
                    io.print("\(className)\t\(level.name)")
                }
                return 0
            })
    }
}
