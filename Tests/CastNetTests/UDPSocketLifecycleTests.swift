import CastNet
import CastTestSupport
import Glibc
import Synchronization
import Testing

/// UDP descriptor ownership, loop shutdown, and what interface index 0 means.
@Suite struct UDPSocketLifecycleTests {
    @Test func callsAfterCloseThrowBadDescriptorAndReachNoSocketReusingTheNumber() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let old = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        old.close()
        _ = try await loop.submit { 0 }  // the close has run
        // Likely to get the number `old` had.
        let received = Mutex<[[UInt8]]>([])
        let target = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop) { datagram in
            received.withLock { $0.append(datagram.bytes) }
        }
        defer { target.close() }
        let badDescriptor = IOError(errno: EBADF, call: "sendmsg")
        #expect(throws: badDescriptor) { try old.send([9, 9, 9], to: target.localAddress) }
        #expect(throws: IOError(errno: EBADF, call: "setsockopt")) {
            try old.joinGroup(.v4(.mDNSGroup), interfaceIndex: 1)
        }
        #expect(throws: IOError(errno: EBADF, call: "setsockopt")) { try old.setUnicastTTL(1) }
        // The target itself still works, and got nothing from the closed socket.
        try target.send([1], to: target.localAddress)
        #expect(await eventually { !received.withLock { $0 }.isEmpty })
        #expect(received.withLock { $0 } == [[1]])
    }

    @Test func bindOnAStoppedLoopThrowsCancelledAndReleasesThePort() async throws {
        let running = try EventLoop()
        defer { running.shutdown() }
        let probe = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: running) { _ in }
        let address = probe.localAddress
        probe.close()
        _ = try await running.submit { 0 }
        let stopped = try EventLoop()
        stopped.shutdown()
        #expect(throws: IOError(errno: ECANCELED, call: "bind (event loop stopped)")) {
            _ = try UDPSocket.bind(to: address, on: stopped) { _ in }
        }
        // Without SO_REUSEADDR a leaked socket would still hold the port.
        let again = try UDPSocket.bind(to: address, on: running) { _ in }
        again.close()
    }

    @Test func multicastInterfaceZeroIsRefused() throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let socket = try UDPSocket.bind(to: SocketAddress(.loopback, port: 0), on: loop) { _ in }
        defer { socket.close() }
        #expect(throws: IOError(errno: EINVAL, call: "setsockopt (multicast interface 0 means none)")) {
            try socket.setMulticastInterface(0)
        }
    }

    @Test func interfaceIndexZeroCountsAsNoneForMulticast() async throws {
        // In a namespace of its own: even if this regressed, nothing could leave by a real interface.
        try await TestNamespace.with { namespace in
            let loop = try EventLoop()
            defer { loop.shutdown() }
            let received = Mutex<[Datagram]>([])
            let lo = try #require(try namespace.run { () throws(IOError) in try NetworkInterface.named("lo") })
            let sockets = try namespace.run { () throws(IOError) -> [UDPSocket] in
                let listener = try UDPSocket.bind(
                    to: SocketAddress(.any, port: 5353), on: loop, reuseAddress: true, reusePort: true
                ) { datagram in received.withLock { $0.append(datagram) } }
                try listener.joinGroup(.v4(.mDNSGroup), interfaceIndex: lo.index)
                let sender = try UDPSocket.bind(to: SocketAddress(.any, port: 0), on: loop) { _ in }
                try sender.setMulticastLoop(true)
                return [listener, sender]
            }
            defer { for socket in sockets { socket.close() } }
            let sender = sockets[1]
            // No interface configured: 0 is not one.
            #expect(throws: IOError(errno: EDESTADDRREQ, call: "sendmsg (multicast without an interface)")) {
                try sender.send([0], to: .mDNSv4, interfaceIndex: 0)
            }
            // With one configured, 0 falls back to it.
            try sender.setMulticastInterface(lo.index)
            try sender.send(Array("zero".utf8), to: .mDNSv4, interfaceIndex: 0, source: .v4(.loopback))
            #expect(await eventually { received.withLock { $0.count } == 1 })
            let datagram = try #require(received.withLock { $0.first })
            #expect(datagram.bytes == Array("zero".utf8))
            #expect(datagram.interfaceIndex == lo.index)
        }
    }
}
