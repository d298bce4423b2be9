import CastLog
import CastWire
import Testing

@testable import CastInspect

@Suite struct InspectorLinkTypeTests {
    @Test func ipv6TLSFlowsAreNamedWithTheirAddresses() throws {
        let run = InspectHarness(files: [PcapBuilder.capturesDirectory + "/../Tests/CastWireTests/Fixtures/tls/tls13-lo6.pcap"])
        let handshake = try #require(run.events.compactMap { event -> TLSReportEvent? in
            if case .tls(let tls) = event, tls.event == "handshake" { return tls }
            return nil
        }.first)
        #expect(handshake.flow.hasPrefix("::1:"))
        #expect(handshake.session?.version == "TLS 1.3")
        #expect(run.findingCodes.contains("tls.no-key"))
    }

    @Test func linuxSLL2PacketsReachTheMDNSAnalyser() {
        var question: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        question += [11] + Array("_googlecast".utf8) + [4] + Array("_tcp".utf8) + [5] + Array("local".utf8) + [0, 0, 12, 0, 1]
        let ethernet = PcapBuilder.ipv4(destination: [224, 0, 0, 251], proto: 17,
                                        transport: PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353, payload: question))
        // SLL2: protocol 0x0800, reserved, interface index, ARPHRD_ETHER, packet type, address length, address.
        let sll2: [UInt8] = [0x08, 0x00, 0, 0, 0, 0, 0, 1, 0, 1, 2, 6, 1, 2, 3, 4, 5, 6, 0, 0] + Array(ethernet[14...])
        let run = InspectorPacketTests.inspect([(1, sll2)], linkType: .linuxSLL2)
        #expect(run.summary.mdnsMessages == 1)
    }
}


/// A link type castscope does not decode is a finding with the count, never a silent "0 mDNS".
@Suite struct UndecodedLinkTypeTests {
    @Test func packetsOfAnUndecodedLinkTypeAreCountedInOneFinding() {
        let packets: [(Int64, [UInt8])] = [(1, [UInt8](repeating: 0, count: 40)), (2, [UInt8](repeating: 0, count: 40))]
        let run = InspectorPacketTests.inspect(packets, linkType: LinkType(rawValue: 119))  // Prism monitor headers
        let findings = run.events.compactMap { event -> Finding? in
            if case .finding(let finding) = event, finding.code == "capture.link-type" { finding } else { nil }
        }
        #expect(findings.count == 1)
        #expect(findings.first?.summary.hasPrefix("2 packets of link type 119") == true, "\(findings)")
    }
}
