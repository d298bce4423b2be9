import CastCLI
import CastInspect
import CastLog
import CastTLS
import Foundation
import Synchronization

/// `castscope inspect`: audit pcap/pcapng captures — mDNS discovery, TLS sessions, Cast messages, findings.
///
/// Glue only: `CaptureRun` reads the files into an `Inspector`, `InspectReport` renders its events.
enum InspectCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "inspect", abstract: "Audit capture files: mDNS discovery, TLS sessions, Cast messages, findings.",
            discussion: """
                Reads pcap and pcapng files (several in a row, in time order) and prints a transcript: mDNS messages, TLS \
                handshakes, Cast messages with direction arrows and reply latencies, then per-device and \
                per-connection summaries and findings. With key logs (--keylog, or Decryption Secrets Blocks in a \
                pcapng) TLS 1.2 and 1.3 Cast sessions are decrypted. --json prints one JSON object per line. Exit 0 \
                when the captures were read, 1 when a file cannot be read or is corrupt (after printing what was \
                decoded before the fault), 64 on usage errors. --html FILE also writes a self-contained HTML \
                report (discovery timeline, per-connection sequence diagrams, filterable message table). \
                A capture of - is read from standard input as it arrives (tcpdump -U -w - | castscope inspect -), \
                a pcapng's secrets blocks as they come.
                """,
            arguments: [.init("capture", help: "pcap or pcapng files; - reads standard input.", repeating: true)],
            options: [
                .option("keylog", value: "file", help: "An NSS key log (SSLKEYLOGFILE format).", repeatable: true),
                .option("only", value: "kind", help: "Show only these events.", repeatable: true,
                        values: ["mdns", "cast", "tls", "log"]),
                .option("port", value: "n", help: "Another TCP port carrying Cast (8009 always does).",
                        repeatable: true),
                .flag("json", help: "Print JSON lines instead of the readable report."),
                TrustArguments.trustRoot,
                .flag("lax", help: "Report a corrupt file as a finding and go on with the next one (exit 0)."),
                .option("max-flow-bytes", value: "n", help: "Out-of-order bytes held per stream direction.",
                        default: "16777216"),
                .flag("quiet", help: "Print only findings and totals."),
                .option("export-streams", value: "dir",
                        help: "Write each TCP stream's application bytes (decrypted where keys allow) to DIR."),
                // Logs and packets on one timeline (CastInspect's LogMerge).
                .option("log", value: "file.jsonl",
                        help: "A castscope JSON-lines log to merge with the traffic by time and request id.",
                        repeatable: true),
                .option("log-offset", value: "seconds",
                        help: "Seconds to add to log times to match the capture's clock (e.g. -3600)."),
                .option("html", value: "file",
                        help: "Also write a self-contained HTML report (timeline, sequence diagrams, message table); "
                            + "created readable by you only (0600), since it holds decrypted payloads."),
                .flag("redact", help: "Redact credentials, URL tokens and Authorization values in the HTML report, "
                      + "as logs are."),
            ],
            run: { invocation, io in try run(invocation, io) })
    }

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) throws -> Int32 {
        var files: [String] = []
        for file in invocation.arguments("capture") {
            // The same capture twice would count every packet twice: read once, and say so.
            if let earlier = files.first(where: { $0 != PcapSource.standardInput && sameFile($0, file) }) {
                io.printError("warning: \(file) is \(earlier) again: read once")
                continue
            }
            files.append(file)
        }
        guard !files.isEmpty else { throw CommandLineError.validation("give at least one capture file") }
        if files.contains(PcapSource.standardInput), files.count > 1 {
            throw CommandLineError.validation("'-' (standard input) must be the only capture")
        }
        var options = InspectOptions()
        options.maximumFlowBytes = try invocation.integer("max-flow-bytes", in: 0...(1 << 40)) ?? (16 << 20)
        let ports = try invocation.values("port", expected: "expected a port from 1 to 65535") { text in
            UInt16(text).flatMap { $0 > 0 ? $0 : nil }
        }
        options.castPorts.formUnion(ports)
        options.deviceTrustStore = try TrustArguments.trustStore(invocation)
        for path in invocation.options("keylog") {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.readAll(path)
            } catch {
                throw CommandFailure("key log: \(error)")
            }
            let (lines, malformed) = (options.keyLog.keyLines, options.keyLog.malformedLines)
            options.keyLog.add(text: String(decoding: bytes, as: UTF8.self))
            if options.keyLog.keyLines == lines {
                // A wrong file (a capture, a PEM, an empty log) would otherwise only show as "no key" later.
                let bad = options.keyLog.malformedLines - malformed
                io.printError("warning: key log \(path) holds no key line" + (bad > 0 ? " (\(bad) lines are not NSS key log lines)" : "")
                    + ": nothing in it can decrypt; SSLKEYLOGFILE and openssl -keylogfile write lines like "
                    + "'CLIENT_RANDOM <64 hex> <96 hex>'")
            }
        }
        // The report's path is checked before anything is created or read: usage errors (64) first, then whether
        // it can be written at all (1), not after a long run whose report then has nowhere to go.
        let htmlPath = invocation.option("html")
        if let htmlPath, files.contains(where: { Self.sameFile($0, htmlPath) }) {
            throw CommandLineError.validation("--html \(htmlPath) would overwrite a capture")
        }
        let inputs = invocation.options("keylog") + invocation.options("log")
        if let htmlPath, inputs.contains(where: { Self.sameFile($0, htmlPath) }) {
            throw CommandLineError.validation("--html \(htmlPath) would overwrite one of the inputs (--keylog, --log)")
        }
        if let htmlPath, let problem = Self.unwritable(htmlPath) {
            throw CommandFailure("cannot write the HTML report \(htmlPath): \(problem)")
        }
        if let directory = invocation.option("export-streams") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CommandFailure("--export-streams \(directory) is a file, not a directory")
            }
            do {
                try OutputDirectory.create(directory)
            } catch {
                throw CommandFailure("\(error)")
            }
            options.exportDirectory = directory
        }
        // A run frees large capture buffers on one thread and allocates the next on another: keep them for reuse.
        CaptureMemory.keepFreedBuffers()
        var inspection = CaptureInspection(files: files, options: options)
        inspection.lax = invocation.flag("lax")
        inspection.collectHTML = htmlPath != nil
        inspection.redactHTML = invocation.flag("redact")
        if inspection.redactHTML, htmlPath == nil { throw CommandLineError.validation("--redact needs --html") }
        inspection.logPaths = invocation.options("log")
        inspection.logOffset = try invocation.value("log-offset", expected: "expected seconds, e.g. 0.25 or -3600") {
            Double($0).flatMap { $0.isFinite && abs($0) < 1e9 ? $0 : nil }
        } ?? 0
        if inspection.logPaths.isEmpty, invocation.isGiven("log-offset") {
            throw CommandLineError.validation("--log-offset needs --log")
        }

        var buffer: [UInt8] = []
        let flush = {
            if !buffer.isEmpty { io.write(bytes: buffer, to: .output) }
            buffer.removeAll(keepingCapacity: true)
        }
        let only = Set(invocation.options("only").compactMap(InspectReport.Family.init(rawValue:)))
        // The HTML report shows the whole capture (its Cast connections too), whatever --only prints.
        if only == [.mdns] && options.exportDirectory == nil && htmlPath == nil {
            inspection.options.analyseTCP = false
        }
        // A pipe may be a capture still going on (tcpdump -U -w - | …): each event is shown as it is decoded.
        let live = files == [PcapSource.standardInput]
        let report = InspectReport(json: invocation.flag("json"), quiet: invocation.flag("quiet"), only: only,
                                   writeBytes: {
            buffer.append(contentsOf: $0)
            if live || buffer.count >= 1 << 16 { flush() }
        })
        report.renderAhead = !live
        let showProgress = Terminal.isTerminal(.error)
        let progressShown = Mutex(false)
        let outcome = try inspection.run(report: report, notice: { io.printError($0) }) { file, done, size in
            guard showProgress, size > 50_000_000 else { return }
            let percent = size > 0 ? min(100, done * 100 / size) : 0
            progressShown.withLock { $0 = true }
            io.write(bytes: Array("\r\(TerminalText.escaped(file)): \(percent)% ".utf8), to: .error)
        }
        // The progress line is cleared only where one was drawn.
        if progressShown.withLock({ $0 }) { io.write(bytes: Array("\r\u{1B}[K".utf8), to: .error) }
        // Nothing could be read at all: the error says it, without an empty report around it.
        if outcome.nothingRead, let error = outcome.error { throw CommandFailure("\(error)") }
        flush()
        if let htmlPath, let collector = outcome.collector {
            do throws(HTMLReportWriter.WriteError) {
                // Decrypted payloads (session tokens, credentials) are in it: readable by the user only.
                let size = try HTMLReportWriter.write(
                    collector, title: files.map(Self.fileName).joined(separator: ", "), toFile: htmlPath,
                    permissions: 0o600)
                let redacted = inspection.redactHTML ? ", secrets redacted" : ", unredacted: keep it private"
                io.printError("HTML report: \(htmlPath) (\(size) bytes, mode 0600\(redacted))")
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        if let error = outcome.error { throw CommandFailure("\(error)") }
        return 0
    }

    /// Why a file cannot be written at `path`, or nil. The report is written atomically (a temporary file in the
    /// same directory, then a rename), so what matters is the directory, whatever the file's own permissions.
    private static func unwritable(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a directory"
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "no directory \(parent)"
        }
        return FileManager.default.isWritableFile(atPath: parent) ? nil : "directory \(parent) is not writable"
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).resolvingSymlinksInPath().path == URL(fileURLWithPath: b).resolvingSymlinksInPath().path
    }

    private static func fileName(_ path: String) -> String {
        path == PcapSource.standardInput ? "standard input" : path.split(separator: "/").last.map(String.init) ?? path
    }
}
