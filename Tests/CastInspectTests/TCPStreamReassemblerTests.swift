import Testing

@testable import CastInspect

@Suite struct TCPStreamReassemblerTests {
    private func data(_ deliveries: [TCPStreamReassembler.Delivery]) -> [UInt8] {
        deliveries.flatMap { delivery -> [UInt8] in
            if case .data(let bytes) = delivery { return Array(bytes) }
            return []
        }
    }

    @Test func deliversInOrderDataAfterSYN() {
        var stream = TCPStreamReassembler()
        #expect(stream.add(sequence: 100, syn: true, fin: false, payload: []).isEmpty)
        #expect(data(stream.add(sequence: 101, syn: false, fin: false, payload: [1, 2, 3])) == [1, 2, 3])
        #expect(data(stream.add(sequence: 104, syn: false, fin: false, payload: [4])) == [4])
        #expect(!stream.pickedUpMidStream)
    }

    @Test func holdsOutOfOrderSegmentsUntilTheHoleFills() {
        var stream = TCPStreamReassembler()
        _ = stream.add(sequence: 0, syn: true, fin: false, payload: [])
        #expect(stream.add(sequence: 4, syn: false, fin: false, payload: [4, 5]).isEmpty)
        #expect(stream.heldBytes == 2)
        #expect(data(stream.add(sequence: 1, syn: false, fin: false, payload: [1, 2, 3])) == [1, 2, 3, 4, 5])
        #expect(stream.heldBytes == 0)
    }

    @Test func retransmissionsAndOverlapsKeepTheFirstCopyAndAreCounted() {
        var stream = TCPStreamReassembler()
        _ = stream.add(sequence: 0, syn: true, fin: false, payload: [])
        _ = stream.add(sequence: 1, syn: false, fin: false, payload: [1, 2, 3])
        #expect(stream.add(sequence: 1, syn: false, fin: false, payload: [9, 9, 9]).isEmpty)
        #expect(data(stream.add(sequence: 3, syn: false, fin: false, payload: [9, 4])) == [4])
        #expect(stream.retransmissions == 2)
        #expect(stream.duplicateBytes == 4)
    }

    @Test func sequenceNumbersWrapAround() {
        var stream = TCPStreamReassembler()
        _ = stream.add(sequence: UInt32.max - 1, syn: true, fin: false, payload: [])
        #expect(data(stream.add(sequence: UInt32.max, syn: false, fin: false, payload: [1, 2])) == [1, 2])
        #expect(data(stream.add(sequence: 1, syn: false, fin: false, payload: [3])) == [3])
        #expect(stream.streamOffset == 3)
    }

    @Test func picksUpMidStreamWithoutSYN() {
        var stream = TCPStreamReassembler()
        #expect(data(stream.add(sequence: 5000, syn: false, fin: false, payload: [7, 8])) == [7, 8])
        #expect(stream.pickedUpMidStream)
    }

    @Test func declaresAGapWhenTheHoldLimitIsExceeded() {
        var stream = TCPStreamReassembler(maximumHeldBytes: 4)
        _ = stream.add(sequence: 0, syn: true, fin: false, payload: [])
        #expect(stream.add(sequence: 11, syn: false, fin: false, payload: [1, 2, 3]).isEmpty)
        let out = stream.add(sequence: 14, syn: false, fin: false, payload: [4, 5])
        #expect(out == [.gap(size: 10), .data([1, 2, 3]), .data([4, 5])])
        #expect(stream.gapCount == 1)
    }

    @Test func flushReportsRemainingHolesAsGaps() {
        var stream = TCPStreamReassembler()
        _ = stream.add(sequence: 0, syn: true, fin: false, payload: [])
        _ = stream.add(sequence: 6, syn: false, fin: false, payload: [6])
        #expect(stream.flush() == [.gap(size: 5), .data([6])])
    }

    @Test func oneGiBOfOutOfOrderDataStaysUnderTheLimit() {
        let limit = 16 << 20
        var stream = TCPStreamReassembler(maximumHeldBytes: limit)
        _ = stream.add(sequence: 0, syn: true, fin: false, payload: [])
        let segment = [UInt8](repeating: 0xAB, count: 65_536)
        // Byte 1 never arrives: every segment after it must be held or given up on.
        var sequence: UInt32 = 2
        var delivered = 0
        for _ in 0..<(1 << 30) / segment.count {
            for delivery in stream.add(sequence: sequence, syn: false, fin: false, payload: segment[...]) {
                if case .data(let bytes) = delivery { delivered += bytes.count }
            }
            sequence &+= UInt32(segment.count)
            #expect(stream.heldBytes <= limit + segment.count)
        }
        #expect(stream.peakHeldBytes <= limit + segment.count)
        #expect(delivered > 0)
    }
}
