import CastNet
import Testing

@testable import CastDiscovery

/// Which interfaces the transport uses IPv6 (ff02::fb) on.
@Suite struct MDNSTransportTests {
    private func interface(_ flags: InterfaceFlags, _ addresses: [IPAddress]) -> NetworkInterface {
        NetworkInterface(
            name: "test0", index: 7, flags: flags,
            addresses: addresses.map { InterfaceAddress(address: $0, prefixLength: $0.isIPv4 ? 24 : 64) })
    }

    private let linkLocal = IPAddress.v6(IPv6Address(high: 0xFE80_0000_0000_0000, low: 0x0000_0000_0000_0001))

    @Test func ipv6IsUsedOnAnyNonLoopbackInterfaceWithAnIPv6Address() {
        #expect(MDNSTransport.canUseIPv6(interface([.up, .multicast], [linkLocal])))
        #expect(MDNSTransport.canUseIPv6(interface([.up, .multicast], [.v4(IPv4Address(10, 0, 0, 1)), linkLocal])))
    }

    @Test func ipv4OnlyInterfacesAndLoopbackUseIPv4Alone() {
        #expect(!MDNSTransport.canUseIPv6(interface([.up, .multicast], [.v4(IPv4Address(10, 0, 0, 1))])))
        // Not even a loopback with MULTICAST set: Linux does not deliver IPv6 multicast there (Docs/discovery.md).
        let loopbackSix = IPAddress.v6(IPv6Address(high: 0, low: 1))
        #expect(!MDNSTransport.canUseIPv6(interface([.up, .loopback, .multicast], [loopbackSix])))
    }
}
