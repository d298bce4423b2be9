import CastCLI
import CastLog
import Foundation

#if canImport(Glibc)
import Glibc
#endif

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
            name: "demo", abstract: "Show castscope at work against an in-process receiver emulator (loopback only).",
            discussion: """
                Starts the receiver emulator on 127.0.0.1 (fresh device certificate, TLS key log), discovers it \
                (mDNS on lo when lo can multicast, else by address), runs a full session through CastContext: \
                launch, load with metadata and credentials, play, pause, seek, volume, the ad channel exchange, a \
                heartbeat loss the emulator injects with automatic reconnection, stop. Logs go through the codelab \
                filter as text on stderr and as JSON lines to a file, which is then read back with another filter, \
                as 'castscope tail' does.
                """,
            options: [
                .option("filter", value: "file", help: "Filter for the live logs (default: the embedded codelab filter)."),
                .option("dir", value: "directory", help: "Where to write the logs and key log (default: a temporary directory)."),
                LogTargetArguments.option,
                LogTargetArguments.fileFilterOption,
                .flag("device-log", help: "Also show the emulated device's side (its CastReceiver* classes) at verbose."),
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        var filter = try invocation.option("filter").map { try FilterFile.load(path: $0) }
            ?? FilterFile.parse(codelabFilter, fileName: "codelab.filter")
        // The emulated device logs under CastReceiver* classes; shown only when asked for, beside the sender's log.
        if invocation.flag("device-log") { filter.setLoggingLevel(.verbose, forClasses: ["CastReceiver*"]) }
        let directory = invocation.option("dir")
            ?? NSTemporaryDirectory() + "castscope-demo-\(ProcessInfo.processInfo.processIdentifier)"
        try OutputDirectory.create(directory)
        let logPath = directory + "/castscope.log"
        try? FileManager.default.removeItem(atPath: logPath)
        signal(SIGPIPE, SIG_IGN)
        let logger = Logger.shared
        let file = try RotatingFileSink(path: logPath, format: .jsonLines)
        try LogTargetArguments.install(invocation, on: logger, console: filter, files: [file], fileDefault: filter)

        io.print("== 1. Receiver emulator (loopback only) ==")
        io.print("   live logs: \(invocation.option("filter") ?? "codelab.filter (embedded)") as text on stderr, "
            + "JSON lines in \(logPath)")
        let started = Date()
        let outcome = try await DemoSession(directory: directory, io: io).run()
        logger.flush()
        logger.removeSink(file)

        io.print("")
        io.print("== 4. Capture and audit ==")
        if let capture = outcome.capture {
            capture.audit(keyLogPath: directory + "/keylog.txt", deviceRoot: outcome.deviceRoot, io)
        } else {
            io.print("   skipped (no capture: needs root and tcpdump); the key log lets "
                + "'castscope inspect --keylog \(directory)/keylog.txt CAPTURE' decrypt a capture taken by hand")
        }

        io.print("")
        io.print("== 5. Summary ==")
        io.print("   session: \(outcome.sessionID)")
        for request in outcome.requests {
            io.print("   \(request.name.padding(toLength: 62, withPad: " ", startingAt: 0)) \(request.outcome)")
        }
        let suspended = outcome.events.first { $0.hasPrefix("didSuspend") }
        io.print("   reconnection: \(suspended ?? "no suspension"), "
            + (outcome.resumedSessionID.map { "resumed session \($0)" } ?? "not resumed"))
        io.print("   ad channel: \(outcome.adMessages.count) message(s) from the receiver")
        io.print("   ended: \(outcome.events.contains { $0.hasPrefix("didEnd") } ? "yes" : "no")"
            + String(format: " after %.1f s", Date().timeIntervalSince(started)))
        io.print("   files: \(logPath), \(directory)/keylog.txt" + (outcome.capture.map { ", \($0.path)" } ?? ""))

        io.print("")
        io.print("== 6. Read back with a filter: sent LOAD, SEEK, STOP and the ad protocol (secrets redacted) ==")
        try readBack(logPath, io)
        return 0
    }

    /// The tail filter of the last step, as a filter file.
    static let readBackFilter = """
        minimum = none
        GCKCastChannel = verbose
        message ~ ^sent .*("type":"(LOAD|SEEK|STOP)"|requestAd|onContent)

        """

    private static func readBack(_ path: String, _ io: any CommandOutput) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        io.print("   \(lines.count) JSON records in \(path)")
        let tailFilter = try FilterFile.parse(readBackFilter, fileName: "read-back")
        var formatter = LogFormatter(format: .text)
        for line in lines {
            guard case .success(let record) = LogLineParser.parse(String(line)),
                tailFilter.allows(level: record.level, className: record.className, function: record.function,
                                  message: record.message)
            else { continue }
            io.print(formatter.string(for: record))
        }
        io.print("")
        io.print("The same from the shell: castscope tail --level none --class GCKCastChannel=verbose "
            + "--grep '^sent .*(\"type\":\"(LOAD|SEEK|STOP)\"|requestAd|onContent)' \(path)")
    }
}
