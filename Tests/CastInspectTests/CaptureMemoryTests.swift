import Testing

@testable import CastInspect

/// The allocator keeps a capture run's freed chunks for reuse instead of handing them back to the kernel.
@Suite struct CaptureMemoryTests {
    @Test func glibcAcceptsTheThresholds() {
        #expect(CaptureMemory.keepFreedBuffers())
        #expect(CaptureMemory.keepFreedBuffers())  // once per process; later calls report the same
        #expect(CaptureMemory.mappingThreshold > Int32(ClassicPcapReader.chunkLength))
    }
}
