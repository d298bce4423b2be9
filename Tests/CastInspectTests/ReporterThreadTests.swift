import CastLog
import Foundation
import Glibc
import Testing

@testable import CastInspect

/// The reporting stage on its own thread gives what the inline one gives: the same events in the same order, the
/// same summary, connections and exported streams, whatever the batch size.
@Suite struct ReporterThreadTests {
    static let directory = PcapBuilder.capturesDirectory

    /// Every committed capture, with its key log when it has one.
    static var captures: [(file: String, keys: [String])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let suites = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/tls-suites")) ?? []
        let files = names.map { directory + "/" + $0 } + suites.map { directory + "/tls-suites/" + $0 }
        return files.filter { $0.hasSuffix(".pcap") || $0.hasSuffix(".pcapng") }.sorted().map { file in
            let stem = file.replacingOccurrences(of: ".pcapng", with: "").replacingOccurrences(of: ".pcap", with: "")
            return (file, FileManager.default.fileExists(atPath: stem + ".keys") ? [stem + ".keys"] : [])
        }
    }

    @Test func theThreadedStageReportsExactlyWhatTheInlineStageReports() throws {
        let captures = Self.captures
        #expect(captures.count >= 20)
        for (file, keys) in captures {
            let inline = InspectHarness(files: [file], keyLogs: keys)
            for batch in [1, 7] {
                // Read ahead on a thread of its own, or inline (as decrypting runs on two cores are).
                let threaded = InspectHarness(files: [file], keyLogs: keys, reporterBatchItems: batch,
                                              readsAhead: batch == 7)
                #expect(threaded.jsonLines == inline.jsonLines, "\(file), batches of \(batch)")
                #expect(threaded.error?.description == inline.error?.description, "\(file)")
                #expect(threaded.summary == inline.summary, "\(file)")
                #expect(threaded.exported == inline.exported, "\(file)")
                #expect(threaded.connections.map(\.flow) == inline.connections.map(\.flow), "\(file)")
                #expect(threaded.connections.map(\.castMessages) == inline.connections.map(\.castMessages), "\(file)")
            }
        }
    }

    @Test func theSinkIsCalledOnTheReporterThreadAndEverythingArrivesBeforeFinishReturns() throws {
        var options = InspectOptions()
        options.reportsConcurrently = true
        options.reporterBatchItems = 2
        options.keyLog.add(text: try String(contentsOfFile: Self.directory + "/session-tls13.keys", encoding: .utf8))
        let caller = pthread_self()
        var sinkThreads: Set<pthread_t> = []
        var castMessages = 0
        let inspector = Inspector(options: options) { event in
            sinkThreads.insert(pthread_self())
            if case .cast = event { castMessages += 1 }
        }
        #expect(CaptureRun.feed(files: [Self.directory + "/session-tls13.pcapng"], into: inspector, lax: false) == nil)
        let summary = inspector.finish()
        #expect(sinkThreads.count == 1)
        #expect(!sinkThreads.contains(caller), "the events are reported on the reporter's thread")
        #expect(castMessages > 0)
        #expect(summary.castMessages == castMessages)
        #expect(!inspector.connections.isEmpty)
    }

    @Test func aRunSmallerThanOneBatchStartsNoThread() throws {
        var options = InspectOptions()
        options.reportsConcurrently = true
        let caller = pthread_self()
        var sinkThreads: Set<pthread_t> = []
        let inspector = Inspector(options: options) { _ in sinkThreads.insert(pthread_self()) }
        #expect(CaptureRun.feed(files: [Self.directory + "/mdns-zeroconf.pcap"], into: inspector, lax: false) == nil)
        #expect(sinkThreads.isEmpty, "nothing is reported before finish while the first batch fills")
        let summary = inspector.finish()
        #expect(summary.mdnsMessages > 0)
        #expect(sinkThreads == [caller], "finish reports the one partial batch on the caller's thread")
    }
}

/// Deliveries queued for the reporting thread count the captured buffers they are slices of, each once per batch:
/// a few bytes sliced from a megabyte chunk keep the megabyte alive, so they must not let a batch hold thousands.
@Suite struct ReporterBatchBoundTests {
    private func delivery(_ state: TCPConnectionState, of segment: [UInt8]) -> ReporterItem {
        .tls(state, segment[10..<20], segment: segment, direction: .c2s,
             time: LogTimestamp(seconds: 1, microseconds: 0), startsMidStream: false)
    }

    @Test func aBatchCountsEachSharedBufferOnceAndWhole() {
        let options = InspectOptions()
        let reporter = ConnectionReporter(options: options) { _ in }
        let thread = ReporterThread(reporter)
        let state = TCPConnectionState(client: FlowEndpoint(address: [10, 0, 0, 1], port: 40_000),
                                       server: FlowEndpoint(address: [10, 0, 0, 2], port: 8009),
                                       time: LogTimestamp(seconds: 1, microseconds: 0), maximumHeld: 1 << 20)
        let chunk = [UInt8](repeating: 7, count: 1 << 20)
        // Many deliveries from the batch's first chunk: it is not counted, the deliveries cost their bookkeeping.
        for _ in 0..<100 { thread.submit(delivery(state, of: chunk)) }
        #expect(thread.pendingItems == 100)
        #expect(thread.pendingBytes == 100 * 64)
        // A second chunk counts whole: the batch (two chunks, 101 deliveries) goes to the thread.
        thread.submit(delivery(state, of: [UInt8](repeating: 1, count: 1 << 20)))
        #expect(thread.pendingItems == 0)
        // One delivery from each of many chunks: never more than two chunks in a batch.
        for index in 0..<8 {
            thread.submit(delivery(state, of: [UInt8](repeating: UInt8(index), count: 1 << 20)))
            #expect(thread.pendingItems == (index % 2 == 0 ? 1 : 0))
        }
        thread.finish()
    }
}
