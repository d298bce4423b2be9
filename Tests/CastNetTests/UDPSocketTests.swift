import CastNet
import CastTestSupport
import Glibc
import Synchronization
import Testing

/// Collects datagrams delivered on the loop.
private final class Inbox: Sendable {
    let datagrams = Mutex<[Datagram]>([])
    var all: [Datagram] { datagrams.withLock { $0 } }
    func add(_ datagram: Datagram) { datagrams.withLock { $0.append(datagram) } }
}

@Suite struct UDPSocketTests {
    @Test func unicastOnLoopbackReportsSourceDestinationAndInterface() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let inbox = Inbox()
        let receiver = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop, onDatagram: inbox.add)
        defer { receiver.close() }
        let sender = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        defer { sender.close() }
        try sender.setUnicastTTL(255)
        try sender.send([1, 2, 3], to: receiver.localAddress)
        #expect(await eventually { inbox.all.count == 1 })
        let datagram = try #require(inbox.all.first)
        #expect(datagram.bytes == [1, 2, 3])
        #expect(datagram.source == sender.localAddress)
        #expect(datagram.destination == .v4(.loopback))
        #expect(datagram.interfaceIndex == (try NetworkInterface.named("lo"))?.index)
        #expect(datagram.hopLimit == 255)
    }

    @Test func multicastWithoutAnInterfaceIsRefused() throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let socket = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        defer { socket.close() }
        // Nothing may leave through the default route (eth0 in the root namespace): refused before any syscall.
        #expect(throws: IOError(errno: EDESTADDRREQ, call: "sendmsg (multicast without an interface)")) {
            try socket.send([0], to: .mDNSv4)
        }
    }

    @Test func multicastOnNamespaceLoopbackReachesEverySocketSharingPort5353() async throws {
        try await TestNamespace.with { namespace in
            let loop = try EventLoop()
            defer { loop.shutdown() }
            let first = Inbox()
            let second = Inbox()
            let unjoined = Inbox()
            let lo = try #require(try namespace.run { () throws(IOError) in try NetworkInterface.named("lo") })
            #expect(lo.isUp && lo.isLoopback && lo.supportsMulticast)
            let sockets = try namespace.run { () throws(IOError) -> [UDPSocket] in
                // Two responders on 5353, as castscope beside avahi-daemon.
                let a = try UDPSocket.bind(
                    to: SocketAddress(.any, port: 5353), on: loop, reuseAddress: true, reusePort: true,
                    onDatagram: first.add)
                let b = try UDPSocket.bind(
                    to: SocketAddress(.any, port: 5353), on: loop, reuseAddress: true, reusePort: true,
                    onDatagram: second.add)
                try a.joinGroup(.v4(.mDNSGroup), interfaceIndex: lo.index)
                try b.joinGroup(.v4(.mDNSGroup), interfaceIndex: lo.index)
                // A third socket on the port that joined nothing must hear nothing (IP_MULTICAST_ALL is off).
                let bystander = try UDPSocket.bind(
                    to: SocketAddress(.any, port: 5353), on: loop, reuseAddress: true, reusePort: true,
                    onDatagram: unjoined.add)
                let sender = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
                try sender.setMulticastInterface(lo.index)
                try sender.setMulticastLoop(true)
                try sender.setMulticastTTL(255)
                return [a, b, sender, bystander]
            }
            defer { for socket in sockets { socket.close() } }
            let sender = sockets[2]
            try sender.send(Array("query".utf8), to: .mDNSv4)
            // Per-packet interface choice works too, and overrides nothing here.
            try sender.send(Array("again".utf8), to: .mDNSv4, interfaceIndex: lo.index)
            #expect(await eventually { first.all.count == 2 && second.all.count == 2 })
            // The kernel queues a multicast datagram for every member socket at once; two loop turns later any
            // datagram for the bystander would have been delivered.
            _ = try await loop.submit { 0 }
            _ = try await loop.submit { 0 }
            #expect(unjoined.all.isEmpty)
            for inbox in [first, second] {
                #expect(inbox.all.map(\.bytes) == [Array("query".utf8), Array("again".utf8)])
                for datagram in inbox.all {
                    #expect(datagram.destination == .v4(.mDNSGroup))
                    #expect(datagram.interfaceIndex == lo.index)
                    #expect(datagram.source == sender.localAddress)
                    #expect(datagram.hopLimit == 255)
                }
            }
        }
    }

    @Test func ipv6MulticastCrossesANamespaceVethPairWithArrivalInterface() async throws {
        try await TestNamespace.with(vethPair: true) { namespace in
            let loop = try EventLoop()
            defer { loop.shutdown() }
            let inbox = Inbox()
            let linkLocal = { (interface: NetworkInterface) in
                interface.addresses.contains {
                    if case .v6(let address) = $0.address { address.isLinkLocal } else { false }
                }
            }
            #expect(
                await eventually {
                    let interfaces = (try? namespace.run { () throws(IOError) in try NetworkInterface.all() }) ?? []
                    return interfaces.filter { $0.name.hasPrefix("v") && linkLocal($0) }.count == 2
                })
            let interfaces = try namespace.run { () throws(IOError) in try NetworkInterface.all() }
            let va = try #require(interfaces.first { $0.name == "va" })
            let vb = try #require(interfaces.first { $0.name == "vb" })
            let sockets = try namespace.run { () throws(IOError) -> [UDPSocket] in
                let receiver = try UDPSocket.bind(
                    to: SocketAddress(IPv6Address.any, port: 0), on: loop, reuseAddress: true, reusePort: true,
                    onDatagram: inbox.add)
                try receiver.joinGroup(.v6(.mDNSGroup), interfaceIndex: vb.index)
                let sender = try UDPSocket.bind(to: SocketAddress(IPv6Address.any, port: 0), on: loop) { _ in }
                try sender.setMulticastInterface(va.index)
                try sender.setMulticastTTL(255)
                return [receiver, sender]
            }
            defer { for socket in sockets { socket.close() } }
            let group = SocketAddress(IPv6Address.mDNSGroup, port: sockets[0].localAddress.port)
            try sockets[1].send(Array("v6".utf8), to: group)
            #expect(await eventually { inbox.all.count == 1 })
            let datagram = try #require(inbox.all.first)
            #expect(datagram.bytes == Array("v6".utf8))
            #expect(datagram.destination == .v6(.mDNSGroup))
            #expect(datagram.interfaceIndex == vb.index)
            #expect(datagram.hopLimit == 255)
            #expect(va.addresses.contains { $0.address == datagram.source.ip })
            #expect(datagram.source.scopeID == vb.index)
        }
    }
}
