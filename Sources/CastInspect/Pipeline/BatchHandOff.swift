import Dispatch
import Synchronization

/// A bounded queue of batches from one producer thread to one consumer thread, in order: the read-ahead thread to
/// the inspector, the inspector to the reporting stage, the report to the JSON renderer.
///
/// A consumer waiting for work is woken by the first batch, so it never waits on a batch already made. A producer
/// held back by a full queue is woken only once the consumer has drained it down to `resumeBelow`: when the consumer
/// is the slower side (the common case: the reader and the inspector wait on the reporting stage) it then wakes the
/// producer once per few batches instead of once per batch. A wake-up costs the waker tens of microseconds in a
/// virtual machine, and the waker here is the busiest thread.
final class BatchHandOff<Batch: Sendable>: Sendable {
    private struct State: ~Copyable {
        var batches: [Batch] = []
        var producerWaits = false
        var consumerWaits = false
        var cancelled = false
    }

    private let state = Mutex(State())
    private let producerWake = DispatchSemaphore(value: 0)
    private let consumerWake = DispatchSemaphore(value: 0)
    /// Most batches waiting at once.
    let capacity: Int
    /// A held-back producer resumes when this few batches or fewer wait.
    let resumeBelow: Int

    /// A queue of at most `capacity` batches whose held-back producer resumes once `resumeBelow` or fewer wait
    /// (half the capacity, rounded down, by default).
    init(capacity: Int, resumeBelow: Int? = nil) {
        self.capacity = max(1, capacity)
        self.resumeBelow = min(max(0, resumeBelow ?? capacity / 2), self.capacity - 1)
    }

    private enum PutOutcome { case queued, queuedWakingConsumer, full, cancelled }

    /// Appends `batch`, first waiting while the queue is full; false (and `batch` dropped) once cancelled.
    @discardableResult
    func put(_ batch: consuming Batch) -> Bool {
        // Moved into the queue, not copied: a second reference would make the consumer's first change copy it.
        var pending: Batch? = batch
        while true {
            let outcome = state.withLock { state -> PutOutcome in
                if state.cancelled { return .cancelled }
                guard state.batches.count < capacity else {
                    state.producerWaits = true
                    return .full
                }
                if let batch = pending.take() { state.batches.append(batch) }
                defer { state.consumerWaits = false }
                return state.consumerWaits ? .queuedWakingConsumer : .queued
            }
            switch outcome {
            case .queued: return true
            case .queuedWakingConsumer:
                consumerWake.signal()
                return true
            case .cancelled: return false
            case .full: producerWake.wait()
            }
        }
    }

    /// Removes the oldest batch, waiting while none is queued.
    func take() -> Batch {
        while true {
            let (batch, wakeProducer) = state.withLock { state -> (Batch?, Bool) in
                guard !state.batches.isEmpty else {
                    state.consumerWaits = true
                    return (nil, false)
                }
                let batch = state.batches.removeFirst()
                guard state.producerWaits, state.batches.count <= resumeBelow else { return (batch, false) }
                state.producerWaits = false
                return (batch, true)
            }
            if wakeProducer { producerWake.signal() }
            if let batch { return batch }
            consumerWake.wait()
        }
    }

    /// True once `cancel` was called: a producer stops before making another batch.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Batches waiting now (for tests).
    var waiting: Int { state.withLock { $0.batches.count } }

    /// True while the producer is held back by a full queue (for tests).
    var holdsProducerBack: Bool { state.withLock { $0.producerWaits } }

    /// Makes every later `put` fail at once and wakes a producer waiting for room (the consumer is going away).
    func cancel() {
        state.withLock { $0.cancelled = true }
        producerWake.signal()
    }
}
