import CastNet
import Testing

@testable import CastDiscovery

@Suite struct ContainerCheckTests {
    static let eth0 = NetworkInterface(
        name: "eth0", index: 12, flags: [.up, .multicast],
        addresses: [InterfaceAddress(address: IPAddress("172.17.0.2") ?? .v4(.any), prefixLength: 16)])

    @Test func aBridgedContainerBehindNATFailsNamingTheMarkerAndHostNetworking() {
        let check = ContainerCheck.check(
            .init(markers: ["/.dockerenv"], vethInterfaces: ["eth0"], gatewayInterfaces: ["eth0"], interfaces: [Self.eth0]))
        #expect(check.status == .fail)
        #expect(check.evidence == [
            "container marker: /.dockerenv",
            "eth0: veth (peer in another namespace), default route through a gateway 172.17.0.2/16",
        ])
        #expect(check.fix?.contains("--network host") == true)
    }

    @Test func hostNetworkingOrNoContainerOrNoGatewayIsNoFailure() {
        // Host networking: the interfaces are the host's own.
        #expect(ContainerCheck.check(
            .init(markers: ["/.dockerenv"], vethInterfaces: [], gatewayInterfaces: ["eth0"], interfaces: [Self.eth0])).status == .ok)
        // A veth with no gateway is a link of its own (two namespaces wired together), not a NATed bridge.
        #expect(ContainerCheck.check(
            .init(markers: ["/.dockerenv"], vethInterfaces: ["eth0"], gatewayInterfaces: [], interfaces: [Self.eth0])).status == .ok)
        #expect(ContainerCheck.check(
            .init(markers: [], vethInterfaces: ["eth0"], gatewayInterfaces: ["eth0"], interfaces: [Self.eth0])).status == .ok)
        // mDNS from other hosts arrived: whatever the shape, multicast crosses this network.
        #expect(ContainerCheck.check(
            .init(markers: ["/.dockerenv"], vethInterfaces: ["eth0"], gatewayInterfaces: ["eth0"], interfaces: [Self.eth0]),
            multicastArrived: true).status == .ok)
    }

    @Test func defaultRoutesThroughAGatewayAreReadFromTheRouteTable() {
        let table = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            eth0\t00000000\t010011AC\t0003\t0\t0\t0\t00000000\t0\t0\t0
            eth0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
            wg0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0
            """
        #expect(ContainerCheck.defaultGateways(table) == ["eth0"])
        #expect(ContainerCheck.defaultGateways("") == [])
    }

    @Test func privateRangesAreRFC1918AndSharedAddressSpace() {
        for text in ["10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.1", "100.64.0.1"] {
            #expect(ContainerCheck.isPrivate(IPAddress(text) ?? .v4(.any)), "\(text)")
        }
        for text in ["172.32.0.1", "8.8.8.8", "100.128.0.1", "192.169.0.1"] {
            #expect(!ContainerCheck.isPrivate(IPAddress(text) ?? .v4(.any)), "\(text)")
        }
    }
}
