import CastCLI
import FuzzSupport

// Splits the input on NUL bytes into arguments and parses them against a castscope-shaped command tree, then
// renders whatever came out (help page, usage error, typed values). Nothing may crash. The first byte also picks
// a screen width, so wrapping is tried at widths from 1 to 255 columns.

/// `castscope [-v…] {tail | filters {check | explain}}` with every option kind `tail` needs.
let fuzzRoot = CommandSpec(
    name: "castscope", abstract: "Find out why Google Cast does not work.", version: "0.1.0",
    options: [.flag("verbose", short: "v", help: "Log more detail.", counting: true)],
    subcommands: [
        CommandSpec(
            name: "tail", abstract: "Print records from log files.",
            arguments: [.init("file", help: "Log files ('-' is stdin).", repeating: true)],
            options: [
                .flag("follow", short: "f", help: "Follow appends and rotation."),
                .option("lines", short: "n", value: "n", help: "Records to show first.", default: "10"),
                .option("filter", value: "file", help: "Filter file."),
                .option("class", value: "pattern=level", help: "Per-class level.", repeatable: true),
                .option("level", value: "level", help: "Minimum level."),
                .option("grep", value: "re", help: "Message pattern."),
                .option("since", value: "time", help: "Only newer records."),
                .option("output", value: "format", help: "Output format.", default: "text", values: ["text", "json"]),
                .flag("color", help: "Colour by level.", inversion: true, default: true),
            ],
            run: { _, _ in 0 }),
        CommandSpec(
            name: "filters", abstract: "Check and explain filter files.",
            subcommands: [
                CommandSpec(
                    name: "check", abstract: "Validate filter files.", aliases: ["validate"],
                    arguments: [.init("file", repeating: true)], run: { _, _ in 0 }),
                CommandSpec(
                    name: "explain", abstract: "Explain levels.", discussion: "One line per class.",
                    arguments: [.init("file"), .init("class", repeating: true), .init("extra", optional: true)],
                    options: [.option("function", value: "name", help: "A function rule.")],
                    run: { _, _ in 0 }),
            ],
            defaultSubcommand: "check"),
        CommandSpec(
            name: "mute", abstract: "A choice argument.",
            arguments: [.init("state", values: ["on", "off"]), .init("more", optional: true, repeating: true,
                                                                     values: ["a", "b"])],
            run: { _, _ in 0 }),
    ])

/// Levels a `--level` value may name, for the enum-choice helper.
enum FuzzLevel: String, CaseIterable { case none, verbose, debug, info, warning, error, assert }

/// Parses and renders one argument list; returns a byte count so the optimizer keeps the work.
@inline(never)
func exercise(_ arguments: [String], width: Int) -> Int {
    let tool = CommandLineTool(fuzzRoot, screenWidth: width)
    do throws(CommandLineError) {
        switch try tool.parse(arguments) {
        case .help(let path):
            return tool.helpText(for: path).utf8.count
        case .version(let version):
            return version.utf8.count
        case .run(let invocation):
            var total = invocation.commandPath.count
            if invocation.commandPath.last == "tail" {
                total += try invocation.integer("lines", in: 0...1_000_000) ?? 0
                total += Int(try invocation.seconds("since") ?? 0)
                total += try invocation.duration("since") == nil ? 0 : 1
                total += try invocation.choice("level", as: FuzzLevel.self) == nil ? 0 : 1
                total += invocation.options("class").count + invocation.arguments("file").count
                total += invocation.flag("follow") ? 1 : 0
                total += invocation.flag("color") ? 1 : 0
                total += invocation.count("verbose")
            }
            return total
        }
    } catch {
        return tool.report(for: error).text.utf8.count + tool.usageLine(for: error.commandPath).utf8.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let width = Int(bytes.first ?? 80)
    let arguments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).prefix(256).map {
        String(decoding: $0, as: UTF8.self)
    }
    withExtendedLifetime(exercise(arguments, width: max(width, 1))) {}
    return 0
}

fuzzMain(fuzzOneInput)
