import CastLog
import Testing

@testable import CastInspect

@Suite struct IPFragmentReassemblerTests {
    let key = IPFragmentReassembler.Key(source: [1, 2, 3, 4], destination: [5, 6, 7, 8], identification: 9, proto: 17)

    @Test func reassemblesFragmentsArrivingInAnyOrder() {
        var reassembler = IPFragmentReassembler()
        #expect(reassembler.add(key: key, offset: 8, moreFragments: false, payload: [9, 10][...]) == nil)
        let whole = reassembler.add(key: key, offset: 0, moreFragments: true, payload: [1, 2, 3, 4, 5, 6, 7, 8][...])
        #expect(whole == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(reassembler.reassembled == 1)
    }

    @Test func overlappingFragmentsKeepTheFirstCopy() {
        var reassembler = IPFragmentReassembler()
        _ = reassembler.add(key: key, offset: 0, moreFragments: true, payload: [1, 1, 1, 1, 1, 1, 1, 1][...])
        let whole = reassembler.add(key: key, offset: 0, moreFragments: false, payload: [2, 2, 2, 2, 2, 2, 2, 2, 2][...])
        #expect(whole == [1, 1, 1, 1, 1, 1, 1, 1, 2])
    }

    @Test func evictsOldestDatagramsBeyondTheBounds() {
        var reassembler = IPFragmentReassembler(maximumDatagrams: 2, maximumBytes: 1 << 20)
        for id in 0..<5 as Range<UInt32> {
            let key = IPFragmentReassembler.Key(source: [1], destination: [2], identification: id, proto: 6)
            _ = reassembler.add(key: key, offset: 0, moreFragments: true, payload: [0][...])
        }
        #expect(reassembler.dropped == 3)
    }

    @Test func rejectsFragmentsPastTheLargestDatagram() {
        var reassembler = IPFragmentReassembler()
        #expect(reassembler.add(key: key, offset: 65_528, moreFragments: false, payload: [UInt8](repeating: 0, count: 16)[...]) == nil)
        #expect(reassembler.dropped == 1)
    }
}

@Suite struct IPFragmentReassemblerHostileTests {
    let key = IPFragmentReassembler.Key(source: [1, 2, 3, 4], destination: [5, 6, 7, 8], identification: 9, proto: 17)

    @Test func repeatedTinyFragmentsAreNotHeldAgainAndTheDatagramIsGivenUp() {
        var reassembler = IPFragmentReassembler()
        _ = reassembler.add(key: key, offset: 64_000, moreFragments: false, payload: [1][...])
        for _ in 0..<20_000 {
            #expect(reassembler.add(key: key, offset: 8, moreFragments: true, payload: [2][...]) == nil)
        }
        for offset in stride(from: 16, to: 16 + 8 * 400, by: 8) {
            _ = reassembler.add(key: key, offset: offset, moreFragments: true, payload: [3][...])
        }
        #expect(reassembler.dropped >= 1)
    }
}

@Suite struct CaptureTimeArithmeticTests {
    @Test func spansBetweenExtremeTimestampsDoNotTrap() {
        let early = LogTimestamp(seconds: .min, microseconds: 0)
        let late = LogTimestamp(seconds: .max, microseconds: 999_999)
        let span = CastSessionTracker.seconds(from: early, to: late)
        #expect(span > 1e18)
        #expect(CastSessionTracker.format(span).isEmpty == false)
        #expect(CastSessionTracker.format(.nan) == "?")
        #expect(CastSessionTracker.format(1.5) == "1.500")
    }
}
