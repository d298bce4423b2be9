import CastJSON
import CastLog
import CastWire
import Dispatch
import Foundation
import Synchronization

/// Renders the JSON lines of mDNS events on a thread of its own, in order with the report's other lines, so the
/// rendering (most of an mDNS-dense `--json` run) overlaps the decoding and the analysis on another core.
///
/// Lines are handed over in batches; at most `maximumBatches` wait, so memory stays bounded and a slow output
/// slows the capture's decoding instead of piling up. Rendered batches come back and are released on the producer's
/// thread, at its next hand-over. `finish()` writes what is left and waits for the thread;
/// until it returns, `write` is called on the render thread only.
final class JSONLineRenderer {
    /// One line to write: an mDNS event to render, or a line already rendered (with its newline).
    enum Item: Sendable {
        case mdns(MDNSEvent)
        case bytes([UInt8])
    }

    /// What the two threads share.
    private final class Shared: @unchecked Sendable {
        // Unchecked: `write` and `txtCache` are used by the render thread alone until `finish` has waited for it;
        // the hand-off, the mutex and the semaphore are thread-safe.
        let handOff = BatchHandOff<[Item]>(capacity: JSONLineRenderer.maximumBatches)
        /// Batches rendered, handed back so that the producer's thread releases them: their events were made
        /// there, and freeing them on the render thread made the two threads contend for the allocator's locks.
        let rendered = Mutex<[[Item]]>([])
        /// Signalled once the render thread has written everything.
        let done = DispatchSemaphore(value: 0)
        let write: (UnsafeBufferPointer<UInt8>) -> Void
        let txtCache: CastTXTJSONCache

        init(write: @escaping (UnsafeBufferPointer<UInt8>) -> Void, txtCache: CastTXTJSONCache) {
            self.write = write
            self.txtCache = txtCache
        }
    }

    /// Lines per hand-over.
    static let batchSize = 512
    /// Batches that may wait for the render thread.
    static let maximumBatches = 4
    /// Output written to `write` in chunks of about this size.
    static let chunkBytes = 1 << 16

    private let shared: Shared
    private var batch: [Item] = []
    private var finished = false

    /// Starts the render thread; lines reach `write` in the order they are added.
    init(txtCache: CastTXTJSONCache, write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        shared = Shared(write: write, txtCache: txtCache)
        batch.reserveCapacity(Self.batchSize)
        let shared = self.shared
        let thread = Thread { Self.render(shared) }
        thread.name = "castscope-json"
        thread.start()
    }

    deinit { finish() }

    /// Queues a line.
    func add(_ item: Item) {
        batch.append(item)
        if batch.count >= Self.batchSize { handOver() }
    }

    /// Writes everything queued and waits until it is written.
    func finish() {
        guard !finished else { return }
        finished = true
        if !batch.isEmpty { handOver() }
        handOver()  // the empty batch tells the thread to end
        shared.done.wait()
        releaseRendered()
    }

    private func handOver() {
        releaseRendered()
        let items = batch
        batch = []
        batch.reserveCapacity(Self.batchSize)
        shared.handOff.put(items)
    }

    /// Releases, on this thread, the batches the render thread has finished with.
    private func releaseRendered() {
        let done = shared.rendered.withLock { batches in
            let taken = batches
            batches = []
            return taken
        }
        _ = consume done
    }

    /// The render thread: batches until the empty one.
    private static func render(_ shared: Shared) {
        var output = OutputBuffer(capacity: chunkBytes + (1 << 14))
        var timestamps = TimestampCache()
        while true {
            let items = shared.handOff.take()
            if items.isEmpty { break }
            for item in items {
                switch item {
                case .mdns(let event):
                    InspectJSON.append(event, to: &output, txtCache: shared.txtCache, timestamps: &timestamps)
                    output.appendByte(UInt8(ascii: "\n"))
                case .bytes(let line):
                    output.append(line)
                }
                if output.count >= chunkBytes {
                    output.withBytes(shared.write)
                    output.removeAll()
                }
            }
            shared.rendered.withLock { $0.append(items) }
        }
        if !output.isEmpty { output.withBytes(shared.write) }
        shared.done.signal()
    }
}
