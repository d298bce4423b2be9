import CastNet
import CastWire
import Testing

@testable import CastDiscovery

@Suite struct MDNSQuerierHostileInputTests {
    typealias P = MDNSTestPackets

    private func started() -> MDNSQuerier {
        var querier = MDNSQuerier(
            configuration: MDNSQuerierConfiguration(maximumRecordsPerInterface: 256, maximumRecordsPerName: 16))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        return querier
    }

    @Test func compressionLoopIsCountedAsMalformedAndCachesNothing() {
        var querier = started()
        // Header: response, 1 answer. Answer name at offset 12 is a pointer to itself (0xC00C).
        let packet: [UInt8] = [
            0x00, 0x00, 0x84, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,  // 0: header
            0xC0, 0x0C, 0x00, 0x0C, 0x00, 0x01, 0x00, 0x00, 0x11, 0x94, 0x00, 0x02, 0xC0, 0x0C,  // 12: PTR loop
        ]
        _ = querier.receive(packet, interfaceIndex: 2, at: .seconds(1))
        #expect(querier.statistics.interfaces[2]?.malformedPackets == 1)
        #expect(querier.cachedRecordCount == 0)
    }

    @Test func truncatedPacketKeepsRecordsBeforeTheCut() {
        var querier = started()
        let full = P.response(answers: [P.ptr()], additionals: [P.srv(), P.txtRecord(), P.a()])
        for cut in 0..<full.count {
            var copy = querier
            _ = copy.receive(Array(full.prefix(cut)), interfaceIndex: 2, at: .seconds(1))
            #expect(copy.cachedRecordCount <= 4)
        }
        _ = querier.receive(Array(full.dropLast(3)), interfaceIndex: 2, at: .seconds(1))
        #expect(querier.statistics.interfaces[2]?.malformedPackets == 1)
        #expect(querier.knownInstances.first?.port == 8009)
    }

    @Test func hugeTXTIsDroppedAndCounted() {
        var querier = started()
        let strings = (0..<60).map { "k\($0)=" + String(repeating: "x", count: 250) }
        _ = querier.receive(
            P.response(answers: [P.ptr(), P.txtRecord(strings: strings)]), interfaceIndex: 2, at: .seconds(1))
        #expect(querier.statistics.interfaces[2]?.droppedOversizedTXT == 1)
        #expect(querier.knownInstances.first?.txt == nil)
    }

    @Test func tenThousandRecordsStayWithinTheCaps() {
        var querier = started()
        var records: [DNSResourceRecord] = []
        for index in 0..<10_000 {
            let name = DNSName("dev-\(index)._googlecast._tcp.local.") ?? .root
            records.append(P.ptr(instance: name))
        }
        // Also many records for one name.
        for index in 0..<100 {
            records.append(P.txtRecord(strings: ["id=\(index)"]))
        }
        for chunk in stride(from: 0, to: records.count, by: 200) {
            let slice = Array(records[chunk..<min(chunk + 200, records.count)])
            _ = querier.receive(P.response(answers: slice), interfaceIndex: 2, at: .seconds(1))
        }
        #expect(querier.cachedRecordCount <= 256)
        let stats = querier.statistics.interfaces[2]
        #expect((stats?.droppedOverInterfaceCap ?? 0) + (stats?.droppedOverNameCap ?? 0) > 9_000)
        _ = querier.advance(to: .seconds(2))
    }

    @Test func perNameCapHoldsForManyAddressesOfOneHost() {
        var querier = started()
        var records = [P.ptr(), P.srv(), P.txtRecord()]
        for index in 0..<200 { records.append(P.a(DNSIPv4Address(10, 0, UInt8(index / 256), UInt8(index % 256)))) }
        _ = querier.receive(P.response(answers: records), interfaceIndex: 2, at: .seconds(1))
        #expect((querier.statistics.interfaces[2]?.droppedOverNameCap ?? 0) == 200 - 16)
        #expect(querier.knownInstances.first?.ipv4Addresses.count == 16)
    }

    @Test func queriesAndNonZeroRcodeAreNotCached() {
        var querier = started()
        var message = DNSMessage(flags: DNSFlags(qr: false), answers: [P.ptr()])
        _ = querier.receive(message.encoded(), interfaceIndex: 2, at: .seconds(1))
        message.header.flags = DNSFlags(qr: true, rcode: 3)
        _ = querier.receive(message.encoded(), interfaceIndex: 2, at: .seconds(1))
        #expect(querier.cachedRecordCount == 0)
    }
}
