internal import CMallocCounter

/// Counts heap allocations made by the current thread, for tests and benchmarks that prove a path allocates nothing.
public enum AllocationCounter {
    /// False under a sanitizer: its allocator cannot be replaced, so nothing is counted.
    public static var isActive: Bool { CMallocCounter_isActive() != 0 }

    /// Allocations made by the calling thread so far.
    public static var threadAllocations: UInt64 { UInt64(CMallocCounter_threadAllocations()) }

    /// Runs `body` and returns how many allocations the calling thread made meanwhile.
    public static func count(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = threadAllocations
        try body()
        return threadAllocations - before
    }
}
