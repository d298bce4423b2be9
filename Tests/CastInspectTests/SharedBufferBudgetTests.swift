import Testing

@testable import CastInspect

/// A batch counts each shared buffer its items are slices of once, whole, the first one free.
@Suite struct SharedBufferBudgetTests {
    @Test func eachDistinctBufferCountsOnceAndTheFirstIsFree() {
        let a = [UInt8](repeating: 1, count: 1000), b = [UInt8](repeating: 2, count: 300)
        var budget = SharedBufferBudget()
        #expect([a, a, b, b, a].map { budget.cost(of: $0) } == [0, 0, 300, 0, 0])
        budget.reset()
        #expect([b, a, b].map { budget.cost(of: $0) } == [0, 1000, 0])
    }

    @Test func aChunkInterleavedWithSmallPacketsCountsOnce() {
        let chunk = [UInt8](repeating: 0, count: 1 << 20)
        let smalls = (0..<4).map { [UInt8](repeating: UInt8($0), count: 176) }
        var budget = SharedBufferBudget()
        var total = budget.cost(of: chunk)
        for small in smalls {
            total += budget.cost(of: chunk) + budget.cost(of: small)
        }
        #expect(total == 4 * 176)
    }

    @Test func aBufferForgottenAfterManyOthersCountsAgainNeverLess() {
        let first = [UInt8](repeating: 9, count: 5000)
        let others = (0..<SharedBufferBudget.remembered).map { [UInt8](repeating: UInt8($0), count: 10) }
        var budget = SharedBufferBudget()
        _ = budget.cost(of: [1])
        #expect(budget.cost(of: first) == 5000)
        for other in others { _ = budget.cost(of: other) }
        #expect(budget.cost(of: first) == 5000)
    }
}
