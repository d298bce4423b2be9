import CastJSON
import CastLog
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// The log/capture merge: time order, tolerated disorder, clock offset, bad lines, and the links by request id,
/// transport, namespace and source/destination.
@Suite struct LogTimelineTests {
    static let base: Int64 = 1_796_000_000
    static let media = "urn:x-cast:com.google.cast.media"

    static func time(_ milliseconds: Int) -> LogTimestamp {
        LogTimestamp(seconds: base + Int64(milliseconds / 1000), microseconds: Int32(milliseconds % 1000) * 1000)
    }

    static func cast(_ ms: Int, _ direction: FlowDirection, type: String, requestID: Int64?,
                     src: String = "sender-0", dst: String = "web-5", offset: Int = 0) -> InspectEvent {
        let idText = requestID.map { ",\"requestId\":\($0)" } ?? ""
        let message = CastMessage(sourceID: src, destinationID: dst, namespace: media,
                                  json: "{\"type\":\"\(type)\"\(idText)}")
        return .cast(CastMessageRecord(time: time(ms), flow: "127.0.0.1:40000-127.0.0.1:8009", direction: direction,
                                       offset: offset, message: message, payload: nil, type: type,
                                       requestID: requestID, reply: nil))
    }

    /// A JSON-lines record as the file sink writes it.
    static func line(_ ms: Int, _ message: String, _ extra: String = "") -> String {
        "{\"ts\":\"\(time(ms).rfc3339)\",\"level\":\"debug\",\"class\":\"GCKRemoteMediaClient\",\"function\":\"load\","
            + "\"file\":\"RemoteMediaClient.swift\",\"line\":12,\"msg\":\"\(message)\"\(extra)}"
    }

    static func file(_ lines: [String]) -> String {
        let path = NSTemporaryDirectory() + "castscope-timeline-\(UUID().uuidString).jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        return path
    }

    /// Runs the timeline over `events` and the log files; returns the merged stream and the bad lines.
    static func merge(_ events: [InspectEvent], logs: [[String]], offset: Double = 0, window: Double = 5,
                      maximumBuffered: Int = 100_000) -> (out: [InspectEvent], bad: [LogFileReader.BadLine]) {
        var out: [InspectEvent] = []
        var bad: [LogFileReader.BadLine] = []
        let paths = logs.map(file)
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        let readers = paths.compactMap { LogFileReader(path: $0, offset: offset) { bad.append($0) } }
        let timeline = LogTimeline(readers: readers, window: window, maximumBuffered: maximumBuffered) {
            out.append($0)
        }
        for event in events { timeline.add(event) }
        timeline.finish()
        return (out, bad)
    }

    static func label(_ event: InspectEvent) -> String {
        switch event {
        case .cast(let cast): "cast:\(cast.type ?? "")"
        case .log(let log): "log:\(log.record.message)"
        case .finding(let finding): "finding:\(finding.code)"
        case .mdns: "mdns"
        case .tls: "tls"
        case .mediaFetch: "media-fetch"
        }
    }

    @Test func logRecordsAndCastMessagesComeOutInTimeOrder() {
        let events = [Self.cast(100, .c2s, type: "LOAD", requestID: 7),
                      Self.cast(140, .s2c, type: "MEDIA_STATUS", requestID: 7)]
        let logs = [[Self.line(0, "before"), Self.line(90, "load called"), Self.line(150, "listener"),
                     Self.line(9000, "much later")]]
        let run = Self.merge(events, logs: logs)
        #expect(run.out.map(Self.label) == ["log:before", "log:load called", "cast:LOAD", "cast:MEDIA_STATUS",
                                            "log:listener", "log:much later"])
        #expect(run.bad.isEmpty)
    }

    @Test func oneRecordWithAFutureClockDoesNotPushLaterRecordsToTheEnd() {
        let events = [Self.cast(100, .c2s, type: "LOAD", requestID: 7), Self.cast(5000, .c2s, type: "PLAY", requestID: 8),
                      Self.cast(20000, .c2s, type: "PAUSE", requestID: 9)]
        // A line stamped a day ahead (a wrong clock), then the file goes on at its own pace.
        let logs = [[Self.line(0, "a"), Self.line(86_400_000, "clock jump"), Self.line(200, "b"),
                     Self.line(9000, "c")]]
        let run = Self.merge(events, logs: logs)
        #expect(run.out.map(Self.label) == ["log:a", "cast:LOAD", "log:b", "cast:PLAY", "log:c", "cast:PAUSE",
                                            "log:clock jump"])
    }

    @Test func requestOfAnotherSenderIsNotLinkedWhenTheTransportMatchesNothing() throws {
        // Sender B's LOAD 7 to web-5; sender A's record names its own transport web-9, also with request id 7.
        let events = [Self.cast(100, .c2s, type: "LOAD", requestID: 7),
                      Self.cast(140, .s2c, type: "MEDIA_STATUS", requestID: 7, src: "web-5", dst: "sender-0")]
        let logs = [[Self.line(90, "load called", ",\"cast.request_id\":7,\"cast.transport\":\"web-9\""),
                     Self.line(95, "sent", ",\"cast.request_id\":7,\"cast.src\":\"sender-1\",\"cast.dst\":\"web-5\""),
                     Self.line(96, "own", ",\"cast.request_id\":7,\"cast.transport\":\"web-5\"")]]
        let run = Self.merge(events, logs: logs)
        let links = run.out.compactMap { event -> [String?]? in
            guard case .log(let log) = event else { return nil }
            return log.links.map(\.type)
        }
        #expect(links == [[], [], ["LOAD", "MEDIA_STATUS"]])
    }

    @Test func requestIDLinksTheRequestAndItsReply() throws {
        let events = [Self.cast(100, .c2s, type: "LOAD", requestID: 7),
                      Self.cast(140, .s2c, type: "MEDIA_STATUS", requestID: 7),
                      Self.cast(150, .c2s, type: "GET_STATUS", requestID: 8)]
        let logs = [[Self.line(90, "load called", ",\"cast.request_id\":7,\"cast.ns\":\"\(Self.media)\"")]]
        let run = Self.merge(events, logs: logs)
        guard case .log(let log) = try #require(run.out.first) else { Issue.record("not a log"); return }
        #expect(log.links.map(\.type) == ["LOAD", "MEDIA_STATUS"])
        #expect(InspectReport.linkText(log) == " → req 7: LOAD → +10 ms, MEDIA_STATUS ← +50 ms")
        let json = InspectJSON.json(for: .log(log))
        #expect(json["kind"] == "log")
        #expect(json["line"] == 1)
        #expect(json["record"]?["cast.request_id"] == 7)
        #expect(json["links"]?.arrayValue?[1]["type"] == "MEDIA_STATUS")
        #expect(json["links"]?.arrayValue?[1]["direction"] == "s2c")
    }

    @Test func transportLinksTheNearestEarlierMessage() throws {
        func status(_ ms: Int, from source: String, offset: Int) -> InspectEvent {
            Self.cast(ms, .s2c, type: "MEDIA_STATUS", requestID: 0, src: source, dst: "sender-0", offset: offset)
        }
        let events = [status(100, from: "web-5", offset: 0), status(300, from: "web-5", offset: 90),
                      status(320, from: "web-9", offset: 180)]
        let logs = [[Self.line(330, "listener fired", ",\"cast.transport\":\"web-5\"")]]
        let run = Self.merge(events, logs: logs)
        let log = try #require(run.out.compactMap { if case .log(let l) = $0 { l } else { nil } }.first)
        #expect(log.links.map(\.offset) == [90])
    }

    @Test func sourceAndDestinationLinkTheNearestMessageEitherSide() throws {
        let events = [Self.cast(100, .c2s, type: "PLAY", requestID: nil),
                      Self.cast(500, .c2s, type: "PAUSE", requestID: nil, offset: 40)]
        let logs = [[Self.line(490, "sent", ",\"cast.src\":\"sender-0\",\"cast.dst\":\"web-5\"")]]
        let merged = Self.merge(events, logs: logs).out
        let log = try #require(merged.compactMap { if case .log(let l) = $0 { l } else { nil } }.first)
        #expect(log.links.map(\.type) == ["PAUSE"])
    }

    @Test func recordsWithoutCastKeysHaveNoLinks() throws {
        let run = Self.merge([Self.cast(100, .c2s, type: "LOAD", requestID: 7)], logs: [[Self.line(100, "plain")]])
        let log = try #require(run.out.compactMap { if case .log(let l) = $0 { l } else { nil } }.first)
        #expect(log.links.isEmpty)
    }

    @Test func outOfOrderLogsWithinTheWindowArePutRight() {
        let logs = [[Self.line(200, "b"), Self.line(100, "a"), Self.line(300, "c")]]
        let run = Self.merge([Self.cast(250, .c2s, type: "LOAD", requestID: 1)], logs: logs, window: 1)
        #expect(run.out.map(Self.label) == ["log:a", "log:b", "cast:LOAD", "log:c"])
    }

    @Test func severalLogFilesMergeByTime() {
        let logs = [[Self.line(100, "a1"), Self.line(300, "a3")], [Self.line(200, "b2"), Self.line(400, "b4")]]
        let run = Self.merge([Self.cast(250, .c2s, type: "LOAD", requestID: 1)], logs: logs)
        #expect(run.out.map(Self.label) == ["log:a1", "log:b2", "cast:LOAD", "log:a3", "log:b4"])
    }

    @Test func offsetMovesLogRecordsOntoTheCaptureClock() throws {
        // The log's clock is an hour ahead: -3600 puts "load" 10 ms before the LOAD frame.
        let logs = [[Self.line(3_600_090, "load", ",\"cast.request_id\":7")]]
        let run = Self.merge([Self.cast(100, .c2s, type: "LOAD", requestID: 7)], logs: logs, offset: -3600)
        #expect(run.out.map(Self.label) == ["log:load", "cast:LOAD"])
        guard case .log(let log) = try #require(run.out.first) else { return }
        #expect(log.time == Self.time(90))
        #expect(log.record.timestamp == Self.time(3_600_090))
        #expect(log.links.count == 1)
    }

    @Test func badLinesAreReportedWithFileAndLineAndSkipped() {
        let logs = [[Self.line(100, "good"), "not a record", "{\"ts\":\"yesterday\"}", "", Self.line(200, "also good")]]
        let run = Self.merge([], logs: logs)
        #expect(run.out.map(Self.label) == ["log:good", "log:also good"])
        #expect(run.bad.map(\.line) == [2, 3])
        #expect(run.bad.first?.description.hasSuffix(":2: does not start with an RFC 3339 time") == true)
    }

    @Test func overlongLineIsReportedAndTheNextLineStillReads() {
        let long = String(repeating: "x", count: LogLineParser.maximumLineLength + 10)
        let run = Self.merge([], logs: [[long, Self.line(100, "after"), Self.line(200, "no newline at end")]])
        #expect(run.out.map(Self.label) == ["log:after", "log:no newline at end"])
        #expect(run.bad.map(\.line) == [1])
        #expect(run.bad.first?.reason.contains("longer than") == true)
    }

    @Test func heldEventsStayBoundedByTheCap() {
        // 1000 records inside one window with a cap of 10: they still all come out, in order.
        let logs = [(0..<1000).map { Self.line($0, "r\($0)") }]
        var maximumHeld = 0
        var out: [String] = []
        let path = Self.file(logs[0])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let readers = [LogFileReader(path: path)].compactMap { $0 }
        let timeline = LogTimeline(readers: readers, window: 5, maximumBuffered: 10) {
            out.append(Self.label($0))
        }
        for index in 0..<50 {
            timeline.add(Self.cast(index * 20, .c2s, type: "PING", requestID: nil))
            maximumHeld = max(maximumHeld, timeline.logRecords + index + 1 - out.count)
        }
        timeline.finish()
        #expect(out.count == 1050)
        #expect(maximumHeld <= 11)
    }

    @Test func shiftHandlesNegativeAndFractionalOffsets() {
        #expect(LogFileReader.shift(Self.time(1500), by: -0.75) == Self.time(750))
        #expect(LogFileReader.shift(Self.time(500), by: -0.75).microseconds == 750_000)
        #expect(LogFileReader.shift(Self.time(0), by: 1.5) == Self.time(1500))
    }
}

/// The correlator's memory bound.
@Suite struct LogCorrelatorTests {
    @Test func remembersAtMostItsCapacity() {
        var correlator = LogCorrelator(window: 5, capacity: 4)
        for index in 0..<10 {
            guard case .cast(let record) = LogTimelineTests.cast(index, .c2s, type: "PING", requestID: nil) else {
                continue
            }
            correlator.add(record)
        }
        #expect(correlator.count == 4)
        correlator.forget(before: LogTimelineTests.time(20_000))
        #expect(correlator.count == 0)
    }
}
