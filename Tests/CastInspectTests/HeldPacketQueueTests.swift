import CastLog
import CastWire
import Testing

@testable import CastInspect

/// The packets `capture --keylog` holds back: they leave when due, in order, and early when too many bytes are held.
@Suite struct HeldPacketQueueTests {
    static func packet(_ number: Int, size: Int) -> CapturedPacket {
        CapturedPacket(number: number, time: LogTimestamp(seconds: 1_796_000_000, microseconds: 0), linkType: .ethernet,
                       bytes: [UInt8](repeating: 0x42, count: size), originalLength: size)
    }

    @Test func packetsLeaveInOrderOnceTheyHaveWaitedTheDelay() {
        var queue = HeldPacketQueue()
        queue.append(Self.packet(1, size: 10), arrival: 100)
        queue.append(Self.packet(2, size: 10), arrival: 100.5)
        #expect(queue.popDue(now: 100.9, delay: 1, all: false) == nil)
        #expect(queue.popDue(now: 101.0, delay: 1, all: false)?.number == 1)
        #expect(queue.popDue(now: 101.0, delay: 1, all: false) == nil)
        #expect(queue.popDue(now: 101.0, delay: 1, all: true)?.number == 2)
        #expect(queue.count == 0 && queue.bytes == 0)
    }

    @Test func heldBytesOverTheCapReleaseTheOldestEarly() {
        // Few packets, but big: the byte cap, not the count cap, makes them leave before their delay.
        var queue = HeldPacketQueue(maximumCount: 1000, maximumBytes: 100_000)
        for number in 1...5 { queue.append(Self.packet(number, size: 40_000), arrival: 100) }
        var released: [Int] = []
        while let packet = queue.popDue(now: 100, delay: 1, all: false) { released.append(packet.number) }
        #expect(released == [1, 2, 3])
        #expect(queue.bytes == 80_000 && queue.bytes <= queue.maximumBytes)
    }

    @Test func defaultByteCapIsSixtyFourMiB() {
        var queue = HeldPacketQueue()
        // 2,000 packets of 64 KiB = 125 MiB offered within one second: at most 64 MiB stays held.
        for number in 1...2000 { queue.append(Self.packet(number, size: 65_536), arrival: 100) }
        while queue.popDue(now: 100, delay: 1, all: false) != nil {}
        #expect(queue.bytes <= 64 << 20)
        #expect(queue.count == 1024)
    }
}
