internal import CCastMemoryShims

/// How the allocator treats the large buffers of a capture run.
///
/// glibc serves a 1 MiB chunk of packets with `mmap` or from the top of a heap and, once the reporting thread frees
/// it, hands the pages back to the kernel (`munmap`, or `madvise` when it trims a heap); the next chunk then faults
/// and zeroes fresh pages (the 1 GB benchmark capture without keys took 0.52 s of CPU with that round trip, 0.45 s
/// without). Keeping freed memory for reuse costs no peak memory: a run's high-water mark is what it is either way.
public enum CaptureMemory {
    /// Allocations up to this size come from the heaps, not from their own mapping.
    static let mappingThreshold = Int32(4 << 20)
    /// Free memory at the top of a heap is handed back only beyond this.
    static let trimThreshold = Int32(256 << 20)

    /// Applies the policy once per process (later calls do nothing); false when glibc refused it. It changes the
    /// whole process's allocator, so the executable decides (`castscope inspect` does), not the library.
    @discardableResult
    public static func keepFreedBuffers() -> Bool {
        applied
    }

    private static let applied: Bool = {
        // A refusal leaves glibc's defaults, which are only slower.
        let mapped = CCastMemoryShims_setMappingThreshold(mappingThreshold)
        let trimmed = CCastMemoryShims_setTrimThreshold(trimThreshold)
        return mapped == 1 && trimmed == 1
    }()
}
