import CastLog
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// Classic pcap files read without libpcap: both byte orders, nanosecond files, snapshot cuts, filters, faults.
@Suite struct ClassicPcapReaderTests {
    static let packet = PcapBuilder.ipv4(proto: 17, transport: PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353,
                                                                               payload: [UInt8](repeating: 7, count: 12)))
    static let other = PcapBuilder.ipv4(proto: 17, transport: PcapBuilder.udp(sourcePort: 1234, destinationPort: 80,
                                                                              payload: [UInt8](repeating: 1, count: 30)))

    /// A pcap file with any magic, byte order and snaplen; `fraction` is the record's µs or ns field.
    private func file(bigEndian: Bool, nanoseconds: Bool, snaplen: UInt32 = 65_535,
                      packets: [(seconds: UInt32, fraction: UInt32, bytes: [UInt8])]) -> [UInt8] {
        let u32 = bigEndian ? PcapBuilder.be32 : PcapBuilder.le32
        let u16 = bigEndian ? PcapBuilder.be16 : PcapBuilder.le16
        var out = u32(nanoseconds ? 0xA1B2_3C4D : 0xA1B2_C3D4) + u16(2) + u16(4) + u32(0) + u32(0) + u32(snaplen) + u32(1)
        for packet in packets {
            out += u32(packet.seconds) + u32(packet.fraction) + u32(UInt32(packet.bytes.count))
                + u32(UInt32(packet.bytes.count)) + packet.bytes
        }
        return out
    }

    private func readAll(_ bytes: [UInt8], filter: String? = nil, sparse: Bool = false) throws -> [CapturedPacket] {
        let source = try PcapSource(path: PcapBuilder.temporaryFile(bytes))
        if let filter { try source.setFilter(filter, looksOnlyAtHeaders: sparse) }
        var packets: [CapturedPacket] = []
        while let packet = try source.next() { packets.append(packet) }
        return packets
    }

    @Test(arguments: [false, true])
    func readsBothByteOrdersAndNanosecondTimes(bigEndian: Bool) throws {
        let micro = try readAll(file(bigEndian: bigEndian, nanoseconds: false,
                                     packets: [(5, 123_456, Self.packet), (6, 0, Self.other)]))
        #expect(micro.map(\.bytes) == [Self.packet, Self.other])
        #expect(micro.map(\.time) == [LogTimestamp(seconds: 5, microseconds: 123_456), LogTimestamp(seconds: 6, microseconds: 0)])
        #expect(micro.map(\.number) == [1, 2])
        let nano = try readAll(file(bigEndian: bigEndian, nanoseconds: true, packets: [(5, 123_456_789, Self.packet)]))
        #expect(nano.first?.time == LogTimestamp(seconds: 5, microseconds: 123_456))
        #expect(nano.first?.bytes == Self.packet)
    }

    @Test func versionTwoPointTwoFilesWithLengthsSwappedReadLikeLibpcap() throws {
        // Before 2.3, writers put the original length first and the captured length second; libpcap swaps them
        // back. Two packets cut to 20 bytes: read as written by 2.4 rules, the first would swallow the second.
        var out = PcapBuilder.le32(0xA1B2_C3D4) + PcapBuilder.le16(2) + PcapBuilder.le16(2) + PcapBuilder.le32(0)
            + PcapBuilder.le32(0) + PcapBuilder.le32(65_535) + PcapBuilder.le32(1)
        for (second, packet) in [(UInt32(1), Self.packet), (2, Self.other)] {
            out += PcapBuilder.le32(second) + PcapBuilder.le32(0) + PcapBuilder.le32(UInt32(packet.count))
                + PcapBuilder.le32(20) + Array(packet.prefix(20))
        }
        let packets = try readAll(out)
        #expect(packets.map(\.bytes) == [Array(Self.packet.prefix(20)), Array(Self.other.prefix(20))])
        #expect(packets.map(\.originalLength) == [Self.packet.count, Self.other.count])
    }

    @Test func nanosecondFractionIsReadAsSignedLikeLibpcap() throws {
        let packets = try readAll(file(bigEndian: false, nanoseconds: true, packets: [(5, 0xF000_0000, Self.packet)]))
        #expect(packets.first?.time.microseconds == Int32(bitPattern: 0xF000_0000) / 1000)
    }

    @Test func recordsLongerThanTheSnapshotAreCutToIt() throws {
        let packets = try readAll(file(bigEndian: false, nanoseconds: false, snaplen: 20,
                                       packets: [(1, 0, Self.packet), (2, 0, Self.other)]))
        #expect(packets.map(\.bytes) == [Array(Self.packet.prefix(20)), Array(Self.other.prefix(20))])
        #expect(packets.first?.originalLength == Self.packet.count)
        #expect(packets.first?.isSnaplenTruncated == true)
    }

    @Test func filterKeepsOnlyMatchingPacketsAndNumbersThem() throws {
        let bytes = file(bigEndian: false, nanoseconds: false,
                         packets: [(1, 0, Self.other), (2, 0, Self.packet), (3, 0, Self.other), (4, 0, Self.packet)])
        let packets = try readAll(bytes, filter: CaptureRun.mdnsFilter)
        #expect(packets.map(\.time.seconds) == [2, 4])
        #expect(packets.map(\.number) == [1, 2])
    }

    @Test func sparseReadsDeliverWholePacketsAcrossTheReadWindow() throws {
        // Packets larger than the prefix and the 1 KiB window, small ones between them, a match at the very end.
        let big = PcapBuilder.ipv4(proto: 17, transport: PcapBuilder.udp(
            sourcePort: 5353, destinationPort: 5353, payload: (0..<3000).map { UInt8(truncatingIfNeeded: $0) }))
        let large = PcapBuilder.ipv4(proto: 6, transport: [UInt8](repeating: 3, count: 5000))
        var packets: [(seconds: UInt32, fraction: UInt32, bytes: [UInt8])] = []
        for index in 0..<40 {
            let choice = [Self.other, Self.packet, big, large][index % 4]
            packets.append((UInt32(index), 0, choice))
        }
        packets.append((99, 0, big))
        let bytes = file(bigEndian: false, nanoseconds: false, packets: packets)
        let sparse = try readAll(bytes, filter: CaptureRun.mdnsFilter, sparse: true)
        let whole = try readAll(bytes, filter: CaptureRun.mdnsFilter, sparse: false)
        #expect(sparse.count == 21)
        #expect(sparse.map(\.bytes) == whole.map(\.bytes))
        #expect(sparse.map(\.time) == whole.map(\.time))
        #expect(sparse.last?.bytes == big)
        // Cut inside the last (matching) packet's body: truncated, after every earlier match.
        let source = try PcapSource(path: PcapBuilder.temporaryFile(Array(bytes.dropLast(10))))
        try source.setFilter(CaptureRun.mdnsFilter, looksOnlyAtHeaders: true)
        for _ in 0..<20 { _ = try source.next() }
        #expect {
            _ = try source.next()
        } throws: { ($0 as? CaptureError)?.kind == .truncated }
    }

    @Test(arguments: [false, true])
    func runsOfSmallPacketsAndPacketsLargerThanTheWindowAllReadWhole(sparse: Bool) throws {
        // Thousands of small packets fill the 64 KiB window many times over; 70 KB ones are larger than it and
        // switch the reader to its small window; a small one right after each checks the switch back.
        // An mDNS datagram with 70 KB of trailing bytes after it (as a link layer may pad): the filter matches it.
        let huge = Self.packet + (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var packets: [(seconds: UInt32, fraction: UInt32, bytes: [UInt8])] = []
        for index in 0..<6000 {
            let bytes = index % 1500 == 777 ? huge : index % 3 == 0 ? Self.other : Self.packet
            packets.append((UInt32(index), UInt32(index % 1000), bytes))
        }
        let read = try readAll(file(bigEndian: false, nanoseconds: false, snaplen: 262_144, packets: packets),
                               filter: sparse ? CaptureRun.mdnsFilter : nil, sparse: sparse)
        let expected = sparse ? packets.filter { $0.bytes != Self.other } : packets
        #expect(read.count == expected.count)
        #expect(read.map(\.bytes) == expected.map(\.bytes))
        #expect(read.map(\.time) == expected.map { LogTimestamp(seconds: Int64($0.seconds), microseconds: Int32($0.fraction)) })
    }

    /// Large TCP packets of many sizes (read a chunk at a time, several chunks, packets straddling chunk ends) with
    /// small ones among them (copied out of the chunk).
    private func chunkedPackets() -> [(seconds: UInt32, fraction: UInt32, bytes: [UInt8])] {
        (0..<150).map { index in
            let bytes = index % 7 == 3 ? Self.packet : PcapBuilder.ipv4(proto: 6, transport: PcapBuilder.tcp(
                sourcePort: 40_000, destinationPort: 8009, sequence: UInt32(index),
                payload: (0..<(2_100 + index * 397 % 60_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
            return (UInt32(index), UInt32(index), bytes)
        }
    }

    @Test(arguments: [262_144, 20_000])
    func largePacketsReadAChunkAtATimeAreWholeAndShareTheirChunk(snaplen: Int) throws {
        let packets = chunkedPackets()
        let read = try readAll(file(bigEndian: false, nanoseconds: false, snaplen: UInt32(snaplen), packets: packets))
        #expect(read.count == packets.count)
        #expect(read.map(\.bytes) == packets.map { Array($0.bytes.prefix(snaplen)) })
        #expect(read.map(\.capturedLength) == packets.map { min($0.bytes.count, snaplen) })
        #expect(read.map(\.originalLength) == packets.map(\.bytes.count))
        #expect(read.map(\.time.seconds) == packets.map { Int64($0.seconds) })
        // Large neighbours are regions of one chunk; small packets get arrays of their own.
        let large = read.filter { $0.capturedLength > 2_048 }
        let shared = zip(large, large.dropFirst()).filter { $0.storage.withUnsafeBufferPointer(\.baseAddress)
            == $1.storage.withUnsafeBufferPointer(\.baseAddress) }
        #expect(shared.count > large.count / 2)
        #expect(read.filter { $0.capturedLength <= 2_048 }.allSatisfy { $0.storage.count == $0.capturedLength })
        // Slicing a region reads the same headers as slicing a copy.
        for packet in large.prefix(5) {
            let fromRegion = packet.sliced, fromCopy = PacketSlicer.lax(packet.bytes, linkType: packet.linkType)
            guard case .tcp(let region) = fromRegion.transport, case .tcp(let copy) = fromCopy.transport else {
                Issue.record("no TCP header in packet \(packet.number)")
                continue
            }
            #expect(region.sequenceNumber == copy.sequenceNumber)
            #expect(region.payload.remainingBytes.elementsEqual(copy.payload.remainingBytes))
        }
    }

    @Test func aHeaderOnlyWalkReadsEachMatchingLargePacketOnItsOwn() throws {
        // Large TCP packets the filter skips, with a large mDNS packet it keeps now and then: the kept ones are
        // read alone (their own arrays), never a chunk of the packets around them.
        let bigMDNS = PcapBuilder.ipv4(proto: 17, transport: PcapBuilder.udp(
            sourcePort: 5353, destinationPort: 5353, payload: (0..<5000).map { UInt8(truncatingIfNeeded: $0) }))
        let packets = chunkedPackets().enumerated().map { index, packet in
            index % 25 == 24 ? (seconds: packet.seconds, fraction: packet.fraction, bytes: bigMDNS) : packet
        }
        let read = try readAll(file(bigEndian: false, nanoseconds: false, snaplen: 262_144, packets: packets),
                               filter: CaptureRun.mdnsFilter, sparse: true)
        #expect(read.count == packets.filter { $0.bytes == bigMDNS || $0.bytes == Self.packet }.count)
        #expect(read.allSatisfy { !$0.sharesStorage })
        #expect(read.filter { $0.capturedLength > 2_048 }.map(\.bytes) == Array(repeating: bigMDNS, count: 6))
    }

    @Test func fileCutInsideAChunkedPacketIsTruncatedAfterEveryEarlierPacket() throws {
        let packets = chunkedPackets()
        var bytes = file(bigEndian: false, nanoseconds: false, snaplen: 262_144, packets: packets)
        bytes.removeLast(packets[packets.count - 1].bytes.count / 2)
        let source = try PcapSource(path: PcapBuilder.temporaryFile(bytes))
        var read: [CapturedPacket] = []
        let error = #expect(throws: CaptureError.self) {
            while let packet = try source.next() { read.append(packet) }
        }
        #expect(error?.kind == .truncated)
        #expect(error?.packetNumber == packets.count)
        #expect(read.map(\.bytes) == packets.dropLast().map(\.bytes))
    }

    @Test func cutRecordHeaderIsTruncatedAtItsOffset() throws {
        let whole = file(bigEndian: true, nanoseconds: false, packets: [(1, 0, Self.packet), (2, 0, Self.packet)])
        let firstEnd = 24 + 16 + Self.packet.count
        for cut in (firstEnd + 1)..<(firstEnd + 16) {
            let source = try PcapSource(path: PcapBuilder.temporaryFile(Array(whole.prefix(cut))))
            #expect(try source.next()?.number == 1)
            #expect {
                _ = try source.next()
            } throws: { error in
                let error = error as? CaptureError
                return error?.kind == .truncated && error?.byteOffset == firstEnd && error?.packetNumber == 2
            }
        }
    }

    @Test func capturedLengthOverTheLinkMaximumIsMalformed() throws {
        var bytes = file(bigEndian: false, nanoseconds: false, packets: [(1, 0, Self.packet)])
        bytes.replaceSubrange(24 + 8..<24 + 12, with: PcapBuilder.le32(262_145))
        bytes += [UInt8](repeating: 0, count: 262_145 - Self.packet.count)
        let source = try PcapSource(path: PcapBuilder.temporaryFile(bytes))
        #expect {
            _ = try source.next()
        } throws: { ($0 as? CaptureError)?.kind == .malformed }
    }
}

/// A classic pcap whose link-type field has reserved bits set is refused, as tshark refuses it.
@Suite struct ClassicPcapLinkTypeFieldTests {
    @Test func reservedLinkTypeBitsAreAnErrorNamingTheField() throws {
        var bytes = PcapBuilder.pcap(linkType: 0x0001_0001, packets: [])
        let error = #expect(throws: CaptureError.self) { try PcapSource(path: PcapBuilder.temporaryFile(bytes)) }
        #expect(error?.description.contains("reserved bits") == true, "\(String(describing: error))")
        bytes = PcapBuilder.pcap(linkType: 1, packets: [])
        #expect(PcapSource.reservedLinkTypeBits(bytes) == nil)
        // The FCS bits (26, 28–31) are not reserved.
        #expect(PcapSource.reservedLinkTypeBits(PcapBuilder.pcap(linkType: 0x2400_0001, packets: [])) == nil)
    }
}
