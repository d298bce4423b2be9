import Foundation
import Testing

@testable import CastInspect

/// Files are read ahead on a thread of their own unless the run would then keep more threads busy than there are
/// cores; read inline, a run reports exactly what it reports read ahead, faults included.
@Suite struct CaptureRunReadAheadTests {
    @Test func aDecryptingRunOnTwoCoresReadsInlineAndOtherRunsReadAhead() {
        var options = InspectOptions()
        #expect(CaptureRun.readsAhead(options, cores: 2))
        options.reportsConcurrently = true
        #expect(CaptureRun.readsAhead(options, cores: 2))  // no keys: the reporting stage is light
        let secret = String(repeating: "cd", count: 48)
        options.keyLog.add(text: "CLIENT_RANDOM " + String(repeating: "ab", count: 32) + " " + secret)
        #expect(!CaptureRun.readsAhead(options, cores: 2))
        #expect(CaptureRun.readsAhead(options, cores: 4))
        options.reportsConcurrently = false
        #expect(CaptureRun.readsAhead(options, cores: 2))  // reporting inline: two busy threads at most
    }

    @Test(arguments: [false, true])
    func aFileCutMidPacketGivesTheSameFaultAndReportInlineAsReadAhead(lax: Bool) throws {
        let directory = PcapBuilder.capturesDirectory
        let whole = try Data(contentsOf: URL(fileURLWithPath: directory + "/cast-tls13-aes128.pcap"))
        let cut = PcapBuilder.temporaryFile(Array(whole.prefix(whole.count * 3 / 5)), name: "cut-tls13.pcap")
        let keys = [directory + "/cast-tls13-aes128.keys"]
        let ahead = InspectHarness(files: [cut], keyLogs: keys, lax: lax, reporterBatchItems: 7, readsAhead: true)
        let inline = InspectHarness(files: [cut], keyLogs: keys, lax: lax, reporterBatchItems: 7, readsAhead: false)
        if lax {
            #expect(ahead.error == nil)
            #expect(ahead.jsonLines.contains { $0.contains("capture.corrupt") })
        } else {
            #expect(ahead.error != nil)
        }
        #expect(inline.error?.description == ahead.error?.description)
        #expect(inline.jsonLines == ahead.jsonLines)
        #expect(inline.summary == ahead.summary)
        #expect(ahead.summary.decryptedRecords > 0)  // the packets before the cut were decrypted
    }
}
