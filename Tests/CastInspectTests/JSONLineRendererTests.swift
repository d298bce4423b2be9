import CastJSON
import CastWire
import Synchronization
import Testing

@testable import CastInspect

/// JSON lines rendered on the render thread are the lines the report writes itself, in the same order, however
/// many batches they span.
@Suite struct JSONLineRendererTests {
    /// Collects what the render thread writes.
    final class Collected: Sendable {
        let bytes = Mutex<[UInt8]>([])
        func write(_ chunk: UnsafeBufferPointer<UInt8>) { bytes.withLock { $0.append(contentsOf: chunk) } }
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    @Test func linesSpanningManyBatchesArriveInOrderAndEqualTheDirectRendering() {
        let events = MDNSJSONLineTests.events(PcapBuilder.capturesDirectory + "/discovery-healthy.pcapng")
        #expect(!events.isEmpty)
        let collected = Collected()
        let renderer = JSONLineRenderer(txtCache: CastTXTJSONCache(), write: collected.write)
        var expected = ""
        // More lines than the waiting batches hold, so the producer waits for the thread along the way.
        let count = JSONLineRenderer.batchSize * (JSONLineRenderer.maximumBatches + 3) + 7
        for index in 0..<count {
            if index % 97 == 0 {
                let line = "{\"kind\":\"marker\",\"index\":\(index)}\n"
                renderer.add(.bytes(Array(line.utf8)))
                expected += line
            } else {
                let event = events[index % events.count]
                renderer.add(.mdns(event))
                expected += String(decoding: InspectJSON.bytes(event), as: UTF8.self) + "\n"
            }
        }
        renderer.finish()
        #expect(collected.text == expected)
    }

    @Test func aReportRenderingAheadWritesWhatTheDirectReportWrites() throws {
        func run(renderAhead: Bool) throws -> String {
            let collected = Collected()
            let report = InspectReport(json: true, quiet: false, only: [], writeBytes: collected.write)
            report.renderAhead = renderAhead
            let inspection = CaptureInspection(
                files: [PcapBuilder.capturesDirectory + "/discovery-bad-txt-id.pcapng"], options: InspectOptions())
            _ = try inspection.run(report: report, notice: { _ in })
            return collected.text
        }
        let direct = try run(renderAhead: false)
        #expect(direct.contains("\"kind\":\"mdns\"") && direct.contains("\"kind\":\"finding\""))
        #expect(try run(renderAhead: true) == direct)
    }

    @Test func finishingWithNothingQueuedEndsTheThread() {
        let collected = Collected()
        let renderer = JSONLineRenderer(txtCache: CastTXTJSONCache(), write: collected.write)
        renderer.finish()
        renderer.finish()
        #expect(collected.text.isEmpty)
    }
}
