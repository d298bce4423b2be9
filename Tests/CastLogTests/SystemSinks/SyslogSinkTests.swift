import CastLog
import CastTestSupport
import Foundation
import Testing

@Suite("SyslogSink against a real rsyslogd", .serialized)
struct SyslogSinkTests {
    private static let byteOrderMark = "\u{FEFF}"

    private func deliver(_ records: [LogRecord], over transport: (RsyslogInstance) -> SyslogTransport)
        throws -> [[String: Any]]
    {
        let directories = TemporaryDirectories()
        let daemon = try RsyslogInstance(directory: directories.make("rsyslog"))
        defer { daemon.stop() }
        let sink = SyslogSink(transport: transport(daemon))
        for record in records { sink.write(record) }
        sink.flush()
        #expect(sink.droppedCount == 0)
        let messages = daemon.messages(atLeast: records.count)
        #expect(daemon.rawOutput.contains(Array("\u{FEFF}\(records[0].message)".utf8)))
        return messages
    }

    private func checkFields(_ message: [String: Any]?) {
        #expect(message?["app-name"] as? String == "castscope")
        #expect(message?["msgid"] as? String == "GCKCastSession")
        #expect(message?["procid"] as? String == String(getpid()))
        #expect(message?["syslogfacility"] as? String == "1")
        #expect(message?["syslogseverity"] as? String == "4")
        #expect(message?["timereported"] as? String == "2026-11-30T00:53:20.123456Z")
        // Foundation's JSON reader drops the BOM; `deliver` checks that the daemon got it.
        #expect((message?["msg"] as? String)?.replacingOccurrences(of: Self.byteOrderMark, with: "")
            == "session started")
        let data = (message?["$!"] as? [String: Any])?["rfc5424-sd"] as? [String: Any]
        let parameters = data?["castscope@32473"] as? [String: Any]
        #expect(parameters?["cast.request_id"] as? String == "7")
        #expect(parameters?["Session.Id"] as? String == "a\"b]c\\d")
    }

    private var sample: LogRecord {
        SystemSinkFixtures.record("session started", level: .warning,
                                  metadata: ["cast.request_id": 7, "Session.Id": "a\"b]c\\d"])
    }

    @Test func udpDeliversAnRFC5424MessageWithStructuredData() throws {
        try SystemSinkFixtures.requiring(RsyslogInstance.program) {
            let messages = try deliver([sample]) { .udp(host: "127.0.0.1", port: $0.udpPort) }
            #expect(messages.first?["inputname"] as? String == "imudp")
            checkFields(messages.first)
        }
    }

    @Test func tcpUsesOctetCountingSoMultiLineMessagesStayWhole() throws {
        try SystemSinkFixtures.requiring(RsyslogInstance.program) {
            let multiLine = SystemSinkFixtures.record("first line\nsecond line")
            let messages = try deliver([sample, multiLine, sample]) { .tcp(host: "127.0.0.1", port: $0.tcpPort) }
            #expect(messages.count == 3)
            #expect(messages.first?["inputname"] as? String == "imtcp")
            checkFields(messages.first)
            #expect((messages.dropFirst().first?["msg"] as? String)?.hasSuffix("first line#012second line") == true
                || (messages.dropFirst().first?["msg"] as? String)?.hasSuffix("first line\nsecond line") == true)
        }
    }

    @Test func aUnixSocketKeepsTheSendersTimestamp() throws {
        try SystemSinkFixtures.requiring(RsyslogInstance.program) {
            let messages = try deliver([sample]) { .unix(path: $0.unixSocketPath) }
            #expect(messages.first?["inputname"] as? String == "imuxsock")
            checkFields(messages.first)
        }
    }

    @Test func secretsAreRedactedBeforeTheyReachTheDaemon() throws {
        try SystemSinkFixtures.requiring(RsyslogInstance.program) {
            let directories = TemporaryDirectories()
            let daemon = try RsyslogInstance(directory: directories.make("rsyslog"))
            defer { daemon.stop() }
            let logger = Logger()
            let sink = SyslogSink(transport: .udp(host: "127.0.0.1", port: daemon.udpPort))
            logger.addSink(sink)
            logger.category("GCKCastSession").warning("credentials sent", ["cast.credentials": .secret("hunter2")])
            logger.flush()
            let message = try #require(daemon.messages(atLeast: 1).first)
            #expect(!(message["rawmsg"] as? String ?? "hunter2").contains("hunter2"))
            #expect(!String(decoding: daemon.rawOutput, as: UTF8.self).contains("hunter2"))
        }
    }

    @Test func aDaemonThatIsDownDropsRecordsOnceSaidAndNeverBlocks() throws {
        let directories = TemporaryDirectories()
        let sink = SyslogSink(transport: .unix(path: directories.make("syslog") + "/absent.sock"))
        for index in 0..<5 { sink.write(SystemSinkFixtures.record("record \(index)")) }
        sink.flush()
        #expect(sink.droppedCount == 5)
    }
}

@Suite("Log targets")
struct LogTargetTests {
    @Test func everyDocumentedSpellingParses() throws {
        #expect(try LogTarget.parse("journal") == .journal(socketPath: JournalSink.defaultSocketPath))
        #expect(try LogTarget.parse("journal:/run/j.sock") == .journal(socketPath: "/run/j.sock"))
        #expect(try LogTarget.parse("syslog+udp://127.0.0.1:514") == .syslog(.udp(host: "127.0.0.1", port: 514)))
        #expect(try LogTarget.parse("syslog+tcp://[::1]:6514") == .syslog(.tcp(host: "::1", port: 6514)))
        #expect(try LogTarget.parse("syslog+tcp://logs.example:601") == .syslog(.tcp(host: "logs.example", port: 601)))
        #expect(try LogTarget.parse("syslog+unix:/dev/log") == .syslog(.unix(path: "/dev/log")))
        #expect(try LogTarget.parse("file:/tmp/x.jsonl") == .file(path: "/tmp/x.jsonl"))
        #expect(try LogTarget.parseList(" journal , file:/tmp/a ,") == [
            .journal(socketPath: JournalSink.defaultSocketPath), .file(path: "/tmp/a"),
        ])
    }

    @Test func malformedTargetsSayWhatIsWrong() {
        let cases: [(String, String)] = [
            ("syslog+udp://host", "no ':PORT'"), ("syslog+tcp://h:0", "not 1-65535"),
            ("syslog+tcp://h:99999", "not 1-65535"), ("syslog+tcp://::1:514", "brackets"),
            ("syslog+tcp://[::1", "no ']'"), ("journal:", "no socket path"), ("file:", "no path"),
            ("syslog://h:1", "unknown kind"), ("syslog+tcp://:514", "no host"),
        ]
        for (text, reason) in cases {
            #expect {
                try LogTarget.parse(text)
            } throws: { error in
                "\(error)".contains(reason) && "\(error)".contains(text)
            }
        }
    }

    @Test func descriptionsRoundTrip() throws {
        for text in ["journal", "journal:/x", "syslog+udp://1.2.3.4:5", "syslog+tcp://[::1]:6", "syslog+unix:/y",
                     "file:/z"] {
            #expect(try LogTarget.parse(text).description == text)
        }
    }
}
