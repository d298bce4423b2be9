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

    @Test func interfaceAddressContainsOnlyItsOwnNetwork() throws {
        let v4 = InterfaceAddress(address: .v4(IPv4Address(10, 232, 7, 2)), prefixLength: 24)
        #expect(v4.contains(.v4(IPv4Address(10, 232, 7, 200))))
        #expect(!v4.contains(.v4(IPv4Address(10, 232, 8, 1))))
        #expect(InterfaceAddress(address: .v4(IPv4Address(10, 0, 0, 1)), prefixLength: 0)
            .contains(.v4(IPv4Address(192, 168, 1, 1))))
        let v6 = InterfaceAddress(address: .v6(try #require(IPv6Address("2001:db8:1:2::5"))), prefixLength: 64)
        #expect(v6.contains(.v6(try #require(IPv6Address("2001:db8:1:2:abcd::1")))))
        #expect(!v6.contains(.v6(try #require(IPv6Address("2001:db8:1:3::1")))))
        #expect(!v6.contains(.v4(IPv4Address(10, 232, 7, 2))))
        let host = InterfaceAddress(address: .v6(try #require(IPv6Address("2001:db8::7"))), prefixLength: 128)
        #expect(host.contains(.v6(try #require(IPv6Address("2001:db8::7")))))
        #expect(!host.contains(.v6(try #require(IPv6Address("2001:db8::8")))))
    }
}
