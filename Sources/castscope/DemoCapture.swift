import CastCLI
import CastInspect
import CastNet
import CastTLS
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The demo's optional capture: tcpdump on `lo` only, for the emulator's port and mDNS, then the inspector's audit
/// of it with the session's key log (text summary and HTML report). Needs root and tcpdump; otherwise the demo says
/// why it skipped.
final class DemoCapture: Sendable {
    /// The capture file.
    let path: String
    let port: UInt16
    private let process: ChildProcess
    /// Where tcpdump's standard error goes ("listening on …" says it is ready).
    private let errorPath: String

    private init(path: String, port: UInt16, process: ChildProcess, errorPath: String) {
        self.path = path
        self.port = port
        self.process = process
        self.errorPath = errorPath
    }

    /// A demo that failed before `stop` still ends its tcpdump.
    deinit { process.send(SIGTERM) }

    /// Why a capture cannot be taken here, or nil when it can.
    static var unavailableReason: String? {
        if getuid() != 0 { return "not running as root" }
        if tcpdumpPath == nil { return "tcpdump is not installed" }
        return nil
    }

    private static var tcpdumpPath: String? {
        ["/usr/bin/tcpdump", "/usr/sbin/tcpdump", "/bin/tcpdump", "/sbin/tcpdump"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts tcpdump on `lo` for TCP `port` and waits (≤ 3 s) until it listens; nil with a printed note on failure.
    static func start(port: UInt16, directory: String, _ io: any CommandOutput) async -> DemoCapture? {
        if let reason = unavailableReason {
            io.print("   capture skipped: \(reason)")
            return nil
        }
        guard let tool = tcpdumpPath else { return nil }
        let path = directory + "/demo.pcap"
        let errorPath = directory + "/tcpdump.err"
        let process: ChildProcess
        do throws(IOError) {
            // lo only, never another interface; --immediate-mode and -U hand each packet to the file at once, so the
            // SIGINT that ends it loses nothing (without them packets wait up to 1 s in the kernel's ring).
            // mDNS too, so the HTML report shows the demo's discovery when lo can multicast. A ChildProcess, not a
            // Foundation Process: tcpdump must not inherit the blocked SIGINT/SIGTERM of the thread starting it.
            process = try ChildProcess(
                path: tool,
                arguments: [
                    "-i", "lo", "-n", "--immediate-mode", "-U", "-s", "0", "-w", path, "tcp port \(port) or udp port 5353",
                ],
                errors: .file(errorPath))
        } catch {
            io.print("   capture skipped: cannot run tcpdump (\(error))")
            return nil
        }
        let capture = DemoCapture(path: path, port: port, process: process, errorPath: errorPath)
        for _ in 0..<150 where process.isRunning && !capture.stderrText.contains("listening on") {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard process.isRunning, capture.stderrText.contains("listening on") else {
            process.send(SIGKILL)
            process.waitUntilExit()
            io.print("   capture skipped: tcpdump did not start: \(capture.stderrText.prefix(200))")
            return nil
        }
        io.print("   recording loopback capture of tcp port \(port) and mDNS (tcpdump -i lo) to \(path)")
        return capture
    }

    private var stderrText: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Stops tcpdump (SIGINT, so it finishes the file) and waits for it.
    func stop() async {
        guard process.isRunning else { return }
        // Give the last segments (FIN, close_notify) time to be written.
        try? await Task.sleep(for: .milliseconds(100))
        process.send(SIGINT)
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Runs the inspector over the capture with the key log, as `castscope inspect --keylog KEYLOG --port PORT`.
    func audit(keyLogPath: String, deviceRoot: X509Certificate?, _ io: any CommandOutput) {
        var options = InspectOptions()
        options.castPorts.insert(port)
        if let deviceRoot { options.deviceTrustStore = CastTrustStore(roots: [deviceRoot]) }
        if let data = FileManager.default.contents(atPath: keyLogPath) {
            options.keyLog.add(text: String(decoding: data, as: UTF8.self))
        }
        var text = ""
        let report = InspectReport(json: false, quiet: true, only: []) { text += $0 }
        let collector = ReportCollector()
        let inspector = Inspector(options: options) { event in
            report.handle(event)
            collector.handle(event)
        }
        let error = CaptureRun.feed(files: [path], into: inspector, lax: true)
        let summary = inspector.finish()
        report.finish(summary: summary, inspector: inspector)
        collector.finish(summary: summary)
        // Quiet: findings and totals only. The full listing shows every decrypted message as sent, secrets
        // included (the inspector does not redact), so the demo leaves that to the command below.
        io.print("   audit of \(path) with the key log (findings and totals):")
        for line in text.split(separator: "\n") { io.print("   \(line)") }
        if let error { io.print("   capture error: \(error)") }
        let htmlPath = (path as NSString).deletingPathExtension + ".html"
        do throws(HTMLReportWriter.WriteError) {
            try HTMLReportWriter.write(collector, title: "castscope demo", toFile: htmlPath, permissions: 0o600)
            io.print("   HTML report (timeline, sequence diagrams, every message, unredacted): \(htmlPath)")
        } catch {
            io.print("   HTML report not written: \(error)")
        }
        io.print("   every decrypted message (unredacted): castscope inspect --keylog \(keyLogPath) --port \(port) \(path)")
    }
}
