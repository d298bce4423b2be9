import Dispatch
import Foundation

/// Runs a `ConnectionReporter` on a thread of its own, so the Cast decoding, the verdicts and the sink of a file run
/// overlap the inspector's reassembly and decryption on another core.
///
/// Items are handed over in batches, in the order they were submitted, so the sink sees exactly the events (and
/// order) an inline run gives. Memory is bounded: at most `maximumBatches` batches of about `batchBytes` each wait.
/// A run too small to fill one batch starts no thread: `finish` handles its items on the caller's thread.
final class ReporterThread {
    /// One hand-over. The inspector's thread gives up the items (and the connection states in them) it hands over:
    /// from then on only the reporter's thread touches what the state's reporter side holds.
    private struct Batch: @unchecked Sendable {
        var items: [ReporterItem]
        var isLast: Bool
    }

    /// The reporter, used by its thread alone from the first hand-over until `finish` returns.
    private final class ReporterBox: @unchecked Sendable {
        let reporter: ConnectionReporter
        init(_ reporter: ConnectionReporter) { self.reporter = reporter }
    }

    /// Bytes kept alive per hand-over, the captured buffers the deliveries are slices of included
    /// (`SharedBufferBudget`).
    static let batchBytes = 1 << 20
    static let batchItems = 1024
    static let maximumBatches = 4

    private let box: ReporterBox
    private let batchItems: Int
    private let handOff = BatchHandOff<Batch>(capacity: ReporterThread.maximumBatches)
    /// Signalled once the last batch is handled.
    private let done = DispatchSemaphore(value: 0)
    private var pending: [ReporterItem] = []
    /// Items queued for the next hand-over.
    var pendingItems: Int { pending.count }
    private(set) var pendingBytes = 0
    /// The captured buffers this batch's deliveries are slices of.
    private var segments = SharedBufferBudget()
    /// True from the first hand-over until `finish` returns: the reporter is not to be read meanwhile.
    private(set) var isRunning = false

    /// A stage for `reporter` handing over `batchItems` items at a time (or about `batchBytes`); submit, then
    /// `finish`.
    init(_ reporter: ConnectionReporter, batchItems: Int = ReporterThread.batchItems) {
        box = ReporterBox(reporter)
        self.batchItems = max(1, batchItems)
    }

    deinit {
        // Dropped without `finish` (an abandoned run): end the thread after what it was given.
        if isRunning { hand(Batch(items: [], isLast: true)) }
    }

    /// Queues `item`; a full batch goes to the reporter's thread (waiting while `maximumBatches` are queued).
    func submit(_ item: consuming ReporterItem) {
        // A delivery keeps the captured buffer it is a slice of (a packet, or a chunk of them) alive.
        pendingBytes += item.segment.map { segments.cost(of: $0) + 64 } ?? item.retainedBytes
        pending.append(item)
        if pending.count >= batchItems || pendingBytes >= Self.batchBytes {
            hand(Batch(items: pending, isLast: false))
            pending.removeAll(keepingCapacity: true)
            pendingBytes = 0
            segments.reset()
        }
    }

    /// Handles everything submitted and ends the thread; the reporter is the caller's again afterwards.
    func finish() {
        guard isRunning else {
            // Never started: what is left runs here.
            for item in pending { box.reporter.handle(item) }
            pending = []
            return
        }
        hand(Batch(items: pending, isLast: true))
        pending = []
        done.wait()
        isRunning = false
    }

    private func hand(_ batch: Batch) {
        if !isRunning {
            isRunning = true
            let box = self.box, handOff = self.handOff, done = self.done
            let thread = Thread { Self.run(box.reporter, handOff: handOff, done: done) }
            thread.name = "castscope-reporter"
            thread.start()
        }
        handOff.put(batch)
    }

    /// The reporter's thread: batches in order until the last.
    private static func run(_ reporter: ConnectionReporter, handOff: BatchHandOff<Batch>, done: DispatchSemaphore) {
        while true {
            let batch = handOff.take()
            for item in batch.items { reporter.handle(item) }
            if batch.isLast {
                done.signal()
                return
            }
        }
    }
}
