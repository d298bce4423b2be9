import Dispatch
import Foundation
import Synchronization
import Testing

@testable import CastInspect

/// The hand-off between pipeline threads keeps order, never holds more than its capacity, wakes a held-back
/// producer only once the queue has drained, and lets a consumer that goes away release the producer.
@Suite struct BatchHandOffTests {
    @Test func batchesArriveInOrderAndTheQueueNeverExceedsItsCapacity() async {
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
            mostWaiting = max(mostWaiting, handOff.waiting)
            received.append(handOff.take())
        }
        produced.wait()
        #expect(received == Array(0..<200))
        #expect(mostWaiting <= 4)
    }

    @Test func aHeldBackProducerResumesOnlyOnceTheQueueHasDrainedToItsMark() async {
        let handOff = BatchHandOff<Int>(capacity: 4, resumeBelow: 1)
        for value in 0..<4 { handOff.put(value) }
        let fifthQueued = DispatchSemaphore(value: 0)
        let thread = Thread {
            handOff.put(4)
            fifthQueued.signal()
        }
        thread.start()
        // The producer is held back once it has found the queue full.
        while !handOff.holdsProducerBack { await Task.yield() }
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

    @Test func cancellingReleasesAWaitingProducerAndRefusesLaterBatches() async {
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
        while !handOff.holdsProducerBack { await Task.yield() }
        handOff.cancel()
        finished.wait()
        #expect(outcome.withLock { $0 } == false)
        #expect(handOff.put([3]) == false)
        #expect(handOff.take() == [1])
    }
}
