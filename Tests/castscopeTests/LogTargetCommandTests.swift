import CastTestSupport
import Foundation
import Testing

@Suite("--log-to and CASTSCOPE_LOG_TO", .serialized)
struct LogTargetCommandTests {
    private let directories = TemporaryDirectories()

    // Nothing listens on port 1 of loopback: the command fails at once and logs why under GCKCastContext & co.
    private func failingCast(_ options: [String] = []) -> [String] {
        ["cast", "--device", "127.0.0.1:1", "--timeout", "1s"] + options + ["status"]
    }

    @Test func aCommandsLogsReachRsyslogOverTCPAndTheJournal() throws {
        guard LogDaemons.missing(RsyslogInstance.program) == nil, LogDaemons.missing(JournaldInstance.program) == nil
        else {
            let reason = "needs rsyslogd and systemd-journald: " + [RsyslogInstance.program, JournaldInstance.program]
                .compactMap(LogDaemons.missing).joined(separator: "; ")
            MissingPeer.report(reason)
            return
        }
        let syslog = try RsyslogInstance(directory: directories.make("rsyslog"))
        defer { syslog.stop() }
        let journal = try JournaldInstance()
        defer { journal.stop() }
        let result = try CastscopeProcess.runBlocking(
            failingCast(["--log-to", "syslog+tcp://127.0.0.1:\(syslog.tcpPort)"]),
            environment: ["CASTSCOPE_LOG_TO": "journal:\(journal.socketPath)"])
        #expect(result.exitCode == 1)
        let messages = syslog.messages(atLeast: 1)
        let entries = journal.entries(atLeast: 1)
        #expect(!messages.isEmpty)
        #expect(messages.count == entries.count)
        #expect(messages.allSatisfy { ($0["msgid"] as? String)?.hasPrefix("GCK") == true })
        #expect(entries.allSatisfy { ($0["GCK_CLASS"] as? String)?.hasPrefix("GCK") == true })
        // The console still shows the same records.
        #expect(result.standardError.contains("GCK"))
    }

    @Test func aTargetThatIsDownIsSaidOnceAndTheCommandStillEnds() throws {
        let socket = directories.make("down") + "/absent.sock"
        let result = try CastscopeProcess.runBlocking(failingCast(["--log-to", "syslog+unix:\(socket)"]))
        #expect(result.exitCode == 1)
        let notices = result.standardError.components(separatedBy: "log target syslog+unix:").count - 1
        #expect(notices == 1)
        #expect(result.standardError.contains("they are dropped"))
    }

    @Test func aMalformedTargetIsAUsageError() throws {
        let result = try CastscopeProcess.runBlocking(failingCast(["--log-to", "syslog+udp://nowhere"]))
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("--log-to: log target 'syslog+udp://nowhere': no ':PORT'"))
        let environment = try CastscopeProcess.runBlocking(failingCast(), environment: ["CASTSCOPE_LOG_TO": "jurnal"])
        #expect(environment.exitCode == 64)
        #expect(environment.standardError.contains("CASTSCOPE_LOG_TO: log target 'jurnal': unknown kind"))
    }

    @Test func fileTargetsWriteJSONLines() throws {
        let path = directories.make("file") + "/castscope.jsonl"
        let result = try CastscopeProcess.runBlocking(failingCast(["--log-to", "file:\(path)"]))
        #expect(result.exitCode == 1)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.contains("\"class\":\"GCK") })
    }
}
