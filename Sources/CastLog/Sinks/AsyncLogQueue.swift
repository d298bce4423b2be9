import Foundation
import Synchronization

/// A bounded queue of records drained by one background thread, for `LogDelivery.asynchronous`.
final class AsyncLogQueue: @unchecked Sendable {
    /// Worker threads currently running, process-wide (tests check that loggers do not leak them).
    static let runningThreads = Atomic<Int>(0)

    // All mutable state below is guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [LogRecord] = []
    private var inFlight = 0
    private var dropped: Int64 = 0
    private var stopping = false
    private let capacity: Int
    private let overflow: LogOverflowPolicy
    private let deliver: @Sendable (LogRecord) -> Void

    init(capacity: Int, overflow: LogOverflowPolicy, deliver: @escaping @Sendable (LogRecord) -> Void) {
        self.capacity = max(1, capacity)
        self.overflow = overflow
        self.deliver = deliver
        let thread = Thread { [self] in run() }
        thread.name = "castscope.log"
        thread.start()
    }

    /// Queues `record`, waiting for room (`block`) or dropping and counting it (`drop`) when full.
    func enqueue(_ record: LogRecord) {
        condition.lock()
        defer { condition.unlock() }
        while pending.count >= capacity && !stopping {
            if overflow == .drop {
                dropped += 1
                return
            }
            condition.wait()
        }
        var record = record
        if dropped > 0 {
            record.metadata.append("log.dropped", .int(dropped))
            dropped = 0
        }
        if stopping {
            // The thread is finishing: deliver inline so nothing is lost.
            condition.unlock()
            deliver(record)
            condition.lock()
            return
        }
        pending.append(record)
        condition.broadcast()
    }

    /// Waits until every queued record has been delivered.
    func drain() {
        condition.lock()
        while !pending.isEmpty || inFlight > 0 { condition.wait() }
        condition.unlock()
    }

    /// Delivers what is queued, then stops the thread.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        drain()
    }

    private func run() {
        Self.runningThreads.add(1, ordering: .relaxed)
        defer { Self.runningThreads.subtract(1, ordering: .relaxed) }
        var batch: [LogRecord] = []
        while true {
            condition.lock()
            while pending.isEmpty && !stopping { condition.wait() }
            if pending.isEmpty && stopping {
                condition.unlock()
                return
            }
            swap(&batch, &pending)
            inFlight = batch.count
            condition.broadcast()
            condition.unlock()
            for record in batch { deliver(record) }
            batch.removeAll(keepingCapacity: true)
            condition.lock()
            inFlight = 0
            condition.broadcast()
            condition.unlock()
        }
    }
}
