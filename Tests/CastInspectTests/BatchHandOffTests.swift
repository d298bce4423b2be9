import Dispatch
import Foundation
import Synchronization
import Testing

@testable import CastInspect

/// The hand-off between pipeline threads keeps order, never holds more than its capacity, wakes a held-back
/// producer only once the queue has drained, and lets a consumer that goes away release the producer.
@Suite struct BatchHandOffTests {
    /// Waits until `condition` holds (another thread makes it so), failing after ten seconds.
    static func waitUntil(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("condition not reached within 10 s")
                return
            }
            sched_yield()
        }
    }

    @Test func batchesArriveInOrderAndTheQueueNeverExceedsItsCapacity() {
        let handOff = BatchHandOff<Int>(capacity: 4)
        let produced = DispatchSemaphore(value: 0)
        let thread = Thread {
            for value in 0..<200 { handOff.put(value) }
            produced.signal()
        }
        thread.start()
        var received: [Int] = []
        var mostWaiting = 0
        while received.count < 200 {
            // The consumer lets the producer run ahead until it is held back, so the queue is seen full.
            if received.count % 50 == 0 { Self.waitUntil { handOff.holdsProducerBack } }
            mostWaiting = max(mostWaiting, handOff.waiting)
            received.append(handOff.take())
        }
        produced.wait()
        #expect(received == Array(0..<200))
        #expect(mostWaiting == 4)
    }

    @Test func aHeldBackProducerResumesOnlyOnceTheQueueHasDrainedToItsMark() {
        let handOff = BatchHandOff<Int>(capacity: 4, resumeBelow: 1)
        for value in 0..<4 { handOff.put(value) }
        let fifthQueued = DispatchSemaphore(value: 0)
        let thread = Thread {
            handOff.put(4)
            fifthQueued.signal()
        }
        thread.start()
        // The producer is held back once it has found the queue full.
        Self.waitUntil { handOff.holdsProducerBack }
        #expect(handOff.take() == 0)
        #expect(handOff.take() == 1)
        // Two left, above the mark: still held back, the fifth not queued.
        #expect(handOff.holdsProducerBack)
        #expect(handOff.waiting == 2)
        #expect(handOff.take() == 2)
        // One left: the producer was released and queues the fifth.
        fifthQueued.wait()
        #expect(handOff.take() == 3)
        #expect(handOff.take() == 4)
    }

    @Test func cancellingReleasesAWaitingProducerAndRefusesLaterBatches() {
        let handOff = BatchHandOff<[UInt8]>(capacity: 1)
        handOff.put([1])
        let outcome = Mutex<Bool?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            let accepted = handOff.put([2])
            outcome.withLock { $0 = accepted }
            finished.signal()
        }
        thread.start()
        Self.waitUntil { handOff.holdsProducerBack }
        handOff.cancel()
        finished.wait()
        #expect(outcome.withLock { $0 } == false)
        #expect(handOff.put([3]) == false)
        #expect(handOff.take() == [1])
        #expect(handOff.isCancelled)
    }
}
