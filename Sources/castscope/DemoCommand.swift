import CastCLI
import CastLog
import Foundation

/// `castscope demo`: castscope at work on an embedded default, no device needed.
enum DemoCommand {
    /// `filters/codelab.filter`, embedded so the demo runs from any directory (a test keeps the two identical).
    static let codelabFilter = """
        # The Cast iOS codelab's setupCastLogging(): its eight classes at verbose, nothing else.
        # Use it to follow the codelab on Linux or to compare with an iOS app configured the same way.
        GCKDeviceScanner, GCKDeviceProvider, GCKDiscoveryManager, GCKCastChannel = verbose
        GCKMediaControlChannel, GCKUICastButton, GCKUIMediaController, NSMutableDictionary = verbose

        """

    static var spec: CommandSpec {
        CommandSpec(
            name: "demo", abstract: "Show castscope at work on an embedded default (no device needed).",
            discussion: """
                Runs a scripted Cast sender session through the logger with the codelab filter, prints it as \
                text, writes it as JSON lines, then reads the file back with another filter, as \
                'castscope tail' does.
                """,
            options: [
                .option("filter", value: "file", help: "Filter for the live part (default: the embedded codelab filter)."),
                .option("dir", value: "directory", help: "Where to write the JSON-lines log (default: a temporary directory)."),
            ],
            run: { invocation, io in try run(invocation, io) })
    }

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) throws -> Int32 {
        let filter = try invocation.option("filter").map { try FilterFile.load(path: $0) }
            ?? FilterFile.parse(codelabFilter, fileName: "codelab.filter")
        let directory = invocation.option("dir")
            ?? NSTemporaryDirectory() + "castscope-demo-\(ProcessInfo.processInfo.processIdentifier)"
        let logger = Logger()
        let console = ConsoleSink(format: .text, fd: 1, colored: Terminal.isTerminal(.output) && ConsoleSink.shouldColor(fd: 1))
        let file = try RotatingFileSink(path: directory + "/castscope.log", format: .jsonLines)
        logger.addSink(console)
        logger.addSink(file)
        logger.filter = filter

        io.print("== 1. A scripted sender session, logged through the codelab filter (text) ==")
        io.print("   classes logging: \(DemoScript.classes.joined(separator: ", "))")
        io.print("   the filter lets through:")
        for name in DemoScript.classes {
            io.print("     \(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(filter.effectiveLevel(forClass: name).name)")
        }
        DemoScript.run(on: logger)
        logger.flush()

        io.print("")
        io.print("== 2. The same records as JSON lines (secrets redacted) in \(file.path) ==")
        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        for line in lines.prefix(3) { io.print("   \(line)") }
        io.print("   … \(lines.count) records")

        io.print("")
        io.print("== 3. Tailed back with a filter: only the media channel, only loads and invalid requests ==")
        let tailFilter = try FilterFile.parseEnvironment("none,GCKMediaControlChannel=verbose,message~(?i)load|invalid")
        var formatter = LogFormatter(format: .text)
        for line in lines {
            guard case .success(let record) = LogLineParser.parse(String(line)),
                tailFilter.allows(level: record.level, className: record.className, function: record.function,
                                  message: record.message)
            else { continue }
            io.print(formatter.string(for: record))
        }
        io.print("")
        io.print("The same from the shell: castscope tail --level none --class GCKMediaControlChannel=verbose "
            + "--grep '(?i)load|invalid' \(file.path)")
        return 0
    }
}
