import CastNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Real log receivers for the journal and syslog sinks' tests: systemd-journald in a private mount namespace and
/// rsyslogd in the foreground on loopback. Each is stopped by `stop()` or when released, whatever the test did.
public enum LogDaemons {
    /// Why a daemon cannot run here, or nil; tests skip with it (and fail under CASTSCOPE_REQUIRE_PEERS=1).
    public static func missing(_ program: String) -> String? {
        guard geteuid() == 0 else { return "\(program) tests need root (a private mount namespace, port binding)" }
        guard FileManager.default.isExecutableFile(atPath: program) else {
            return "\(program) is not installed (scripts/setup installs it)"
        }
        return nil
    }

    /// Waits until `condition` holds, checking every 20 ms for at most `timeout` seconds.
    static func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// JSON objects, one per line of `text`, skipping lines that are not objects.
    static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}

/// systemd-journald as a journal namespace instance (`systemd-journald NAME`) with `/run` and `/var/log` on
/// private tmpfs mounts, so nothing of the host's journal is touched and everything vanishes with the process.
public final class JournaldInstance: Sendable {
    public static let program = "/lib/systemd/systemd-journald"
    private let process: ChildProcess
    /// The journal namespace's name.
    public let name: String

    /// The native socket, reached through the daemon's own mount namespace.
    public var socketPath: String { "/proc/\(process.pid)/root/run/systemd/journal.\(name)/socket" }

    /// Starts journald and waits for its socket.
    public init() throws {
        name = "castscope\(getpid())x\(UInt32.random(in: 0...UInt32.max))"
        let script = "mount -t tmpfs tmpfs /run && mount -t tmpfs tmpfs /var/log && exec \(Self.program) \(name)"
        process = try ChildProcess(path: "/usr/bin/unshare",
                                   arguments: ["-m", "--propagation", "private", "/bin/sh", "-c", script])
        let socket = socketPath
        guard LogDaemons.wait(timeout: 10, { FileManager.default.fileExists(atPath: socket) }) else {
            _ = process.terminate(SIGKILL, grace: 1)
            throw LogDaemonError(description: "systemd-journald did not open \(socket) within 10 s")
        }
    }

    deinit { stop() }

    /// Stops journald.
    public func stop() { _ = process.terminate(SIGTERM, grace: 3) }

    /// The entries castscope wrote, as `journalctl -o json --all` prints them, once at least `count` are there.
    public func entries(atLeast count: Int, timeout: Double = 10) -> [[String: Any]] {
        var found: [[String: Any]] = []
        _ = LogDaemons.wait(timeout: timeout) {
            let result = SpawnedProcess.runBlocking(
                "/usr/bin/nsenter",
                ["-t", String(process.pid), "-m", "/usr/bin/journalctl", "--namespace", name, "-o", "json", "--all",
                 "--no-pager", "SYSLOG_IDENTIFIER=castscope"], timeout: 10)
            found = LogDaemons.jsonLines(result.output)
            return found.count >= count
        }
        return found
    }
}

/// rsyslogd in the foreground, listening on loopback UDP and TCP and on a unix socket, writing every message as a
/// JSON line (`%jsonmesg%`) with the structured data parsed by mmpstrucdata (parameter names kept as sent).
public final class RsyslogInstance: Sendable {
    public static let program = "/usr/sbin/rsyslogd"
    private let process: ChildProcess
    private let directory: String
    /// The UDP port.
    public let udpPort: UInt16
    /// The TCP port (chosen by rsyslogd).
    public let tcpPort: UInt16
    /// The unix datagram socket.
    public var unixSocketPath: String { directory + "/log.sock" }
    private var outputPath: String { directory + "/messages.jsonl" }

    /// Starts rsyslogd in `directory` and waits until its inputs are open.
    public init(directory: String) throws {
        self.directory = directory
        udpPort = try Self.freeUDPPort()
        let config = """
            global(workDirectory="\(directory)" maxMessageSize="512k")
            module(load="imudp")
            module(load="imtcp" maxSessions="16")
            module(load="imuxsock" SysSock.Use="off")
            module(load="mmpstrucdata")
            input(type="imudp" address="127.0.0.1" port="\(udpPort)")
            input(type="imtcp" address="127.0.0.1" port="0" listenPortFileName="\(directory)/tcp.port")
            input(type="imuxsock" Socket="\(directory)/log.sock" IgnoreTimestamp="off" UseSpecialParser="off" \
            ParseHostname="on")
            template(name="jsonl" type="string" string="%jsonmesg%\\n")
            action(type="mmpstrucdata" sd_name.lowercase="off")
            action(type="omfile" file="\(directory)/messages.jsonl" template="jsonl")

            """
        try config.write(toFile: directory + "/rsyslog.conf", atomically: true, encoding: .utf8)
        process = try ChildProcess(
            path: Self.program, arguments: ["-n", "-f", directory + "/rsyslog.conf", "-i", directory + "/rsyslog.pid"],
            output: .file(directory + "/rsyslogd.out"), errors: .file(directory + "/rsyslogd.err"))
        let portFile = directory + "/tcp.port"
        let socket = directory + "/log.sock"
        var port: UInt16?
        let ready = LogDaemons.wait(timeout: 10) {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
                UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return port != nil && FileManager.default.fileExists(atPath: socket)
        }
        guard ready, let port else {
            _ = process.terminate(SIGKILL, grace: 1)
            let errors = (try? String(contentsOfFile: directory + "/rsyslogd.err", encoding: .utf8)) ?? ""
            throw LogDaemonError(description: "rsyslogd did not open its inputs within 10 s: \(errors)")
        }
        tcpPort = port
    }

    deinit { stop() }

    /// Stops rsyslogd.
    public func stop() { _ = process.terminate(SIGTERM, grace: 3) }

    /// The messages received so far, once at least `count` are there.
    public func messages(atLeast count: Int, timeout: Double = 10) -> [[String: Any]] {
        var found: [[String: Any]] = []
        _ = LogDaemons.wait(timeout: timeout) {
            found = LogDaemons.jsonLines((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
            return found.count >= count
        }
        return found
    }

    // rsyslog's imudp takes no port 0: a port the kernel just gave out, freed again, is as good as it gets.
    /// The bytes of the output file as written.
    public var rawOutput: [UInt8] { (FileManager.default.contents(atPath: outputPath)).map { Array($0) } ?? [] }

    private static func freeUDPPort() throws -> UInt16 {
        let loop = try EventLoop(name: "castscope-free-port")
        defer { loop.shutdown() }
        guard let address = SocketAddress(parsing: "127.0.0.1:0") else {
            throw LogDaemonError(description: "cannot form 127.0.0.1:0")
        }
        let socket = try UDPSocket.bind(to: address, on: loop) { _ in }
        defer { socket.close() }
        return socket.localAddress.port
    }
}

/// A log daemon that would not start.
public struct LogDaemonError: Error, CustomStringConvertible {
    public var description: String
}
