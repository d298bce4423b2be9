import CastNet
import Testing

@Suite struct NetworkInterfaceTests {
    @Test func loopbackIsListedUpWithItsAddress() throws {
        let interfaces = try NetworkInterface.all()
        let lo = try #require(interfaces.first { $0.name == "lo" })
        #expect(lo.isLoopback)
        #expect(lo.isUp)
        #expect(lo.index >= 1)
        #expect(lo.firstIPv4 == .loopback)
        #expect(lo.addresses.contains(InterfaceAddress(address: .v4(.loopback), prefixLength: 8)))
        #expect(interfaces.map(\.index) == interfaces.map(\.index).sorted())
        #expect(lo.description.hasPrefix("lo#\(lo.index) <LOOPBACK"))
    }

    @Test func namespaceLoopbackReportsTheMulticastFlagSetOnIt() async throws {
        try await TestNamespace.with { namespace in
            let interfaces = try namespace.run { () throws(IOError) in try NetworkInterface.all() }
            // A fresh namespace has only lo, which the fixture brought up with MULTICAST.
            #expect(interfaces.map(\.name) == ["lo"])
            let lo = try #require(interfaces.first)
            #expect(lo.flags.contains([.up, .loopback, .multicast, .running]))
        }
    }

    @Test func flagsDescribeLikeIPLink() {
        let flags: InterfaceFlags = [.up, .loopback, .multicast]
        #expect(flags.description == "LOOPBACK,MULTICAST,UP")
    }
}
