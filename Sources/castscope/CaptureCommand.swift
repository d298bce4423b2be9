import CastCLI
import CastInspect
import CastWire
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `castscope capture`: live capture through libpcap, decoded by the inspector as packets come, optionally saved
/// as pcapng with the key log embedded.
///
/// Glue only: `LiveCapture` (libpcap), `LiveCaptureRun` (the loop, key-log following), `PcapngWriter`,
/// `Inspector` and `InspectReport` do the work.
enum CaptureCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "capture", abstract: "Capture live and decode mDNS, TLS and Cast as packets come.",
            discussion: """
                Captures on an interface (default 'any') through libpcap with a BPF filter (default '\
                \(defaultFilter)') and prints what 'castscope inspect' would: mDNS messages, TLS handshakes, Cast \
                messages (decrypted with --keylog), then on Ctrl-C (SIGINT) or SIGTERM the device and connection \
                summaries, findings and totals. -w saves the packets as pcapng; with --keylog the file also carries \
                the key-log lines of the captured TLS sessions (no others) in Decryption Secrets Blocks, written \
                as the key log grows, ahead of the packets that need them, so Wireshark and 'castscope inspect' decrypt the file on its own. With --keylog packets \
                are shown about a second late: the key log is written after the handshake packets pass. Needs root \
                or CAP_NET_RAW. -c and --duration stop it as tcpdump -c and tshark -a duration: do. Exit 0 after a clean \
                stop, 1 when capture cannot start or fails, 64 on usage errors.
                """,
            arguments: [.init("expression", help: "A BPF filter expression, as for tcpdump.", optional: true,
                              repeating: true)],
            options: [
                .option("interface", short: "i", value: "iface", help: "The interface to capture on.",
                        default: "any"),
                .option("write", short: "w", value: "file.pcapng", help: "Also save the packets as pcapng."),
                .option("keylog", value: "file", help: "An NSS key log to decrypt with and embed (may still grow)."),
                .option("only", value: "kind", help: "Show only these events.", repeatable: true,
                        values: ["mdns", "cast", "tls"]),
                .option("port", value: "n", help: "Another TCP port carrying Cast (8009 always does).",
                        repeatable: true),
                .flag("json", help: "Print JSON lines instead of the readable report."),
                .option("snaplen", value: "bytes", help: "Bytes kept per packet.", default: "262144"),
                .option("count", short: "c", value: "n", help: "Stop after N packets (as tcpdump -c and tshark -c)."),
                .option("duration", value: "duration",
                        help: "Stop after this long (e.g. 30s, 5m; as tshark -a duration:)."),
            ],
            run: { invocation, io in try run(invocation, io) })
    }

    /// What is captured when no expression is given: mDNS and Cast's port.
    static let defaultFilter = "udp port 5353 or tcp port 8009"

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) throws -> Int32 {
        let interface = invocation.option("interface") ?? "any"
        let words = invocation.arguments("expression")
        let filter = words.isEmpty ? defaultFilter : words.joined(separator: " ")
        let snaplen = try invocation.integer("snaplen", in: 64...262_144) ?? 262_144
        var options = InspectOptions()
        let ports = try invocation.values("port", expected: "expected a port from 1 to 65535") { text in
            UInt16(text).flatMap { $0 > 0 ? $0 : nil }
        }
        options.castPorts.formUnion(ports)
        let only = Set(invocation.options("only").compactMap(InspectReport.Family.init(rawValue:)))
        if only == [.mdns] && invocation.option("write") == nil { options.analyseTCP = false }
        let count = try invocation.integer("count", in: 1...Int(Int32.max))
        let duration = try invocation.duration("duration")
        if let duration, duration <= .zero { throw CommandLineError.validation("--duration must be above 0") }
        let keyLog = invocation.option("keylog").map(KeyLogTail.init(path:))
        if let path = invocation.option("keylog"), !FileManager.default.fileExists(atPath: path) {
            // Not an error: the sender often starts after the capture and creates it.
            io.printError("castscope: note: key log \(path) does not exist yet; it is read once it appears "
                          + "(point the sender's --keylog or SSLKEYLOGFILE at it)")
        }

        let capture: LiveCapture
        do throws(LiveCapture.Failure) {
            capture = try LiveCapture(interface: interface, snapshotLength: snaplen)
            try capture.setFilter(filter)
        } catch {
            throw CommandFailure("\(error)")
        }
        var writer: PcapngWriter?
        if let path = invocation.option("write") {
            do throws(PcapngWriter.WriteError) {
                writer = try PcapngWriter(path: path, linkType: capture.linkType.rawValue,
                                          snapshotLength: UInt32(snaplen), interface: interface)
            } catch {
                throw CommandFailure("cannot write \(error)")
            }
        }
        let report = InspectReport(json: invocation.flag("json"), quiet: false, only: only) {
            io.write($0, to: .output)
        }
        let inspector = Inspector(options: options) { report.handle($0) }
        let run = LiveCaptureRun(capture: capture, inspector: inspector, writer: writer, keyLog: keyLog)

        // The first Ctrl-C stops the loop (checked between packets); the handlers then reset, so a second one kills.
        StopSignal.install()
        io.printError(
            "castscope: capturing on \(interface), link type \(capture.linkType) (filter: \(filter)); Ctrl-C to stop")
        var failure: LiveCaptureRun.Failure?
        let deadline = duration.map { ContinuousClock.now + $0 }
        do throws(LiveCaptureRun.Failure) {
            // Checked between packets and at least every capture timeout, so a quiet link stops on time too.
            try run.run {
                StopSignal.isRequested || count.map { capture.packetsRead >= $0 } == true
                    || deadline.map { ContinuousClock.now >= $0 } == true
            }
        } catch {
            failure = error
        }
        StopSignal.restoreDefault()
        let summary = inspector.finish()
        report.finish(summary: summary, inspector: inspector)
        var closing = "castscope: \(capture.packetsRead) packets captured"
        if let stats = capture.statistics {
            closing += ", \(stats.dropped) dropped by the kernel, \(stats.interfaceDropped) by the interface"
        }
        if let writer {
            do throws(PcapngWriter.WriteError) { try writer.close() } catch { failure = failure ?? .write(error) }
            closing += "; wrote \(writer.path) (\(writer.packets) packets, \(writer.secretsBlocks) secrets blocks)"
        }
        io.printError(closing)
        if let failure {
            throw CommandFailure("\(failure)")
        }
        return 0
    }
}
