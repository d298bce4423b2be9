import CastInspect
import CastTestSupport
import Foundation
import Testing

/// `inspect` as a library call: captures in, events to the report, totals out.
@Suite struct CaptureInspectionTests {
    private let directories = TemporaryDirectories()
    private static let capture = PcapBuilder.capturesDirectory + "/cast-tls13-aes128.pcap"
    private static let keys = PcapBuilder.capturesDirectory + "/cast-tls13-aes128.keys"

    private static func options() throws -> InspectOptions {
        var options = InspectOptions()
        options.keyLog.add(text: try String(contentsOfFile: keys, encoding: .utf8))
        return options
    }

    @Test func aCaptureWithItsKeysGivesEveryCastMessageToTheReportAndTheHTMLCollector() throws {
        var inspection = CaptureInspection(files: [Self.capture], options: try Self.options())
        inspection.collectHTML = true
        nonisolated(unsafe) var text = ""
        let report = InspectReport(json: true, quiet: false, only: [.cast]) { text += $0 }
        let outcome = try inspection.run(report: report, notice: { _ in })
        #expect(outcome.summary.castMessages == 14)
        #expect(outcome.error == nil && !outcome.nothingRead)
        #expect(outcome.collector != nil)
        #expect(text.split(separator: "\n").filter { $0.contains("\"namespace\"") }.count == 14, "\(text)")
    }

    @Test func aFileThatIsNoCaptureIsNothingReadWithTheErrorNamingIt() throws {
        let path = directories.make("inspect") + "/notes.txt"
        try "not a capture\n".write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try CaptureInspection(files: [path], options: InspectOptions())
            .run(report: InspectReport(json: false, quiet: true, only: []) { (_: String) in }, notice: { _ in })
        #expect(outcome.nothingRead)
        #expect(outcome.error.map { "\($0)".contains("notes.txt") } == true, "\(String(describing: outcome.error))")
    }

    @Test func logsMergeByTimeAndTheirTotalsJoinTheSummaryWhileAMissingLogIsAnError() throws {
        let log = directories.make("inspect") + "/castscope.log"
        try #"{"ts":"2026-12-03T10:00:00.000001Z","level":"INFO","class":"GCKCastSession","function":"f","file":"F.swift","line":1,"msg":"hello"}"#
            .appending("\nnot a record\n").write(toFile: log, atomically: true, encoding: .utf8)
        var inspection = CaptureInspection(files: [Self.capture], options: try Self.options())
        inspection.logPaths = [log]
        nonisolated(unsafe) var notices: [String] = []
        let outcome = try inspection.run(report: InspectReport(json: true, quiet: true, only: []) { (_: String) in },
                                         notice: { notices.append($0) })
        #expect(outcome.summary.logFiles == 1 && outcome.summary.logRecords == 1 && outcome.summary.badLogLines == 1)
        #expect(notices.count == 1 && notices[0].contains("not a log record"), "\(notices)")

        inspection.logPaths = ["/nonexistent/castscope.log"]
        #expect(throws: LogMerge.Unreadable.self) {
            try inspection.run(report: InspectReport(json: true, quiet: true, only: []) { (_: String) in }, notice: { _ in })
        }
    }
}
