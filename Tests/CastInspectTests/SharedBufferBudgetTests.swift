import Testing

@testable import CastInspect

/// A batch counts each shared buffer its items are slices of once, whole, the first one free.
@Suite struct SharedBufferBudgetTests {
    @Test func eachDistinctBufferCountsOnceAndTheFirstIsFree() {
        let a = [UInt8](repeating: 1, count: 1000), b = [UInt8](repeating: 2, count: 300)
        var budget = SharedBufferBudget()
        #expect([a, a, b, b, a].map { budget.cost(of: $0) } == [0, 0, 300, 0, 1000])
        budget.reset()
        #expect([b, a].map { budget.cost(of: $0) } == [0, 1000])
    }
}
