import CastTestSupport
import CastWire
import Foundation
import Testing

@testable import CastInspect

@Suite struct PacketPrefetcherTests {
    /// 3,000 packets of about 1 KB: three batches and more.
    static func largeFile() -> (path: String, packets: [[UInt8]]) {
        let packets = (0..<3000).map { index in
            PcapBuilder.ipv4(
                proto: 17,
                transport: PcapBuilder.udp(
                    sourcePort: 5353, destinationPort: 5353,
                    payload: PcapBuilder.be32(UInt32(index)) + [UInt8](repeating: UInt8(index & 0xff), count: 1000)))
        }
        let file = PcapBuilder.pcap(packets: packets.enumerated().map { (UInt32($0.offset), $0.element) })
        return (PcapBuilder.temporaryFile(file), packets)
    }

    @Test func deliversEveryPacketInFileOrderAcrossBatches() throws {
        let (path, packets) = Self.largeFile()
        let prefetcher = PacketPrefetcher(try PcapSource(path: path))
        var read: [CapturedPacket] = []
        while let next = try prefetcher.next() {
            #expect(next.sliced.transport != nil)
            read.append(next.packet)
        }
        #expect(read.map(\.bytes) == packets)
        #expect(read.map(\.number) == Array(1...3000))
        #expect(prefetcher.nextRecordOffset == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        #expect(try prefetcher.next() == nil)
    }

    @Test func deliversThePacketsBeforeAFaultThenTheFault() throws {
        let (path, _) = Self.largeFile()
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = PcapBuilder.temporaryFile([UInt8](whole.prefix(whole.count - 500)))
        let prefetcher = PacketPrefetcher(try PcapSource(path: cut))
        var count = 0
        let error = #expect(throws: CaptureError.self) {
            while try prefetcher.next() != nil { count += 1 }
        }
        #expect(count == 2999)
        #expect(error?.kind == .truncated && error?.packetNumber == 3000)
        #expect(try prefetcher.next() == nil)
    }

    @Test func droppingThePrefetcherEarlyEndsItsReaderAndClosesTheFile() async throws {
        let (path, _) = Self.largeFile()
        weak var source: PcapSource?
        do {
            let opened = try PcapSource(path: path)
            source = opened
            let prefetcher = PacketPrefetcher(opened)
            #expect(try prefetcher.next()?.packet.number == 1)
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while source != nil, clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(source == nil)
    }
}
