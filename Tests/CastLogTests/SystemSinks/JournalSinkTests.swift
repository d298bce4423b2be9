import CastLog
import CastTestSupport
import Foundation
import Testing

@Suite("JournalSink against a real systemd-journald", .serialized)
struct JournalSinkTests {
    @Test func recordFieldsArriveAsJournalFields() throws {
        try SystemSinkFixtures.requiring(JournaldInstance.program) {
            let journal = try JournaldInstance()
            defer { journal.stop() }
            let sink = try JournalSink(socketPath: journal.socketPath)
            sink.write(SystemSinkFixtures.record("session started", level: .warning, metadata: [
                "cast.request_id": 7, "cast.ns": "urn:x-cast:com.google.cast.media", "session.id": "abc",
            ]))
            let entry = try #require(journal.entries(atLeast: 1).first)
            #expect(entry["MESSAGE"] as? String == "session started")
            #expect(entry["PRIORITY"] as? String == "4")
            #expect(entry["SYSLOG_IDENTIFIER"] as? String == "castscope")
            #expect(entry["CODE_FILE"] as? String == "CastSender/CastSession.swift")
            #expect(entry["CODE_LINE"] as? String == "42")
            #expect(entry["CODE_FUNC"] as? String == "start(with:)")
            #expect(entry["GCK_CLASS"] as? String == "GCKCastSession")
            #expect(entry["CAST_REQUEST_ID"] as? String == "7")
            #expect(entry["CAST_NS"] as? String == "urn:x-cast:com.google.cast.media")
            #expect(entry["SESSION_ID"] as? String == "abc")
            #expect(sink.droppedCount == 0)
        }
    }

    @Test func multiLineValuesAndCollidingKeysKeepEveryByte() throws {
        try SystemSinkFixtures.requiring(JournaldInstance.program) {
            let journal = try JournaldInstance()
            defer { journal.stop() }
            let sink = try JournalSink(socketPath: journal.socketPath)
            sink.write(SystemSinkFixtures.record("line one\nline two=x\n", metadata: [
                "cast.payload": "{\n  \"type\": \"PING\"\n}", "cast_payload": "second", "message": "a key named message",
            ]))
            let entry = try #require(journal.entries(atLeast: 1).first)
            #expect(entry["MESSAGE"] as? String == "line one\nline two=x\n")
            #expect(entry["CAST_PAYLOAD"] as? String == "{\n  \"type\": \"PING\"\n}")
            #expect(entry["CAST_PAYLOAD_2"] as? String == "second")
            #expect(entry["MESSAGE_2"] as? String == "a key named message")
        }
    }

    @Test func aRecordTooLargeForADatagramGoesThroughASealedMemfd() throws {
        try SystemSinkFixtures.requiring(JournaldInstance.program) {
            let journal = try JournaldInstance()
            defer { journal.stop() }
            let sink = try JournalSink(socketPath: journal.socketPath)
            let large = String(repeating: "0123456789abcdef", count: 300 * 1024 / 16)
            sink.write(SystemSinkFixtures.record("big payload", metadata: ["cast.payload": .string(large)]))
            let entry = try #require(journal.entries(atLeast: 1).first)
            #expect(entry["MESSAGE"] as? String == "big payload")
            #expect((entry["CAST_PAYLOAD"] as? String)?.count == large.count)
            #expect(entry["CAST_PAYLOAD"] as? String == large)
            #expect(sink.droppedCount == 0)
        }
    }

    @Test func anAbsentJournalDropsAndCountsWithoutBlocking() throws {
        let directories = TemporaryDirectories()
        let sink = try JournalSink(socketPath: directories.make("journal") + "/no-such-socket")
        for index in 0..<3 { sink.write(SystemSinkFixtures.record("record \(index)")) }
        #expect(sink.droppedCount == 3)
    }
}

@Suite("Journal field names")
struct JournalFieldNameTests {
    @Test func recordKeysBecomeUpperCaseJournalNames() {
        #expect(JournalSink.fieldName(for: "cast.request_id") == "CAST_REQUEST_ID")
        #expect(JournalSink.fieldName(for: "net.peer") == "NET_PEER")
        #expect(JournalSink.fieldName(for: "1st") == "F_1ST")
        #expect(JournalSink.fieldName(for: "_private") == "F__PRIVATE")
        #expect(JournalSink.fieldName(for: "größe") == "GR__E")
        #expect(JournalSink.fieldName(for: String(repeating: "k", count: 100)).count == 64)
    }

    @Test func gckLevelsMapToSyslogSeverities() {
        #expect(LogLevel.allCases.filter { $0 != .none }.map(JournalSink.priority) == [7, 7, 6, 4, 3, 2])
    }
}
