import CastNet
import CastTestSupport
import Dispatch
import Foundation
import Glibc
import Testing

@testable import CastDiscovery

/// `MDNSTransport` when one interface cannot join a group: the others keep both families, in a network namespace
/// the test makes (a veth pair; nothing leaves the namespace).
@Suite(.serialized) struct MDNSTransportInterfaceFaultTests {
    private struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// A namespace with `lo` and a veth pair `va`/`vb` up, deleted afterwards also when the test fails.
    private func withNamespace(_ body: (String) async throws -> Void) async throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") else {
            let reason = "network namespace tests need root and /usr/sbin/ip (iproute2)"
            if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
                Issue.record(Comment(rawValue: reason))
            } else {
                print("skipped: \(reason)")
            }
            return
        }
        let name = "castdisc-tr-\(getpid())"
        func ip(_ arguments: [String]) async throws {
            let result = await SpawnedProcess.run("/usr/sbin/ip", arguments, timeout: 20)
            guard result.status == 0 else { throw Failed(description: "ip \(arguments): \(result.errors)") }
        }
        _ = await SpawnedProcess.run("/usr/sbin/ip", ["netns", "del", name], timeout: 20)
        try await ip(["netns", "add", name])
        do {
            try await ip(["netns", "exec", name, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0",
                          "net.ipv6.conf.default.accept_dad=0"])
            try await ip(["-n", name, "link", "set", "lo", "multicast", "on"])
            try await ip(["-n", name, "link", "set", "lo", "up"])
            try await ip(["-n", name, "link", "add", "va", "type", "veth", "peer", "name", "vb"])
            try await ip(["-n", name, "link", "set", "va", "up"])
            try await ip(["-n", name, "link", "set", "vb", "up"])
            try await body(NetworkNamespace.path(ofNamed: name))
        } catch {
            _ = await SpawnedProcess.run("/usr/sbin/ip", ["netns", "del", name], timeout: 20)
            throw error
        }
        _ = await SpawnedProcess.run("/usr/sbin/ip", ["netns", "del", name], timeout: 20)
    }

    /// Runs `body` in the namespace on a dispatch thread (never on the cooperative pool).
    private func inNamespace<T: Sendable>(
        _ path: String, _ body: @escaping @Sendable () throws(IOError) -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do throws(IOError) {
                    continuation.resume(returning: try NetworkNamespace.run(inNamespaceAt: path, body))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    @Test func interfaceThatCanJoinNoGroupIsDroppedAndIPv6StaysOnTheOthers() async throws {
        try await withNamespace { path in
            let loop = try EventLoop(name: "transport-fault")
            defer { loop.shutdown() }
            let linkLocal = IPAddress.v6(IPv6Address(high: 0xFE80_0000_0000_0000, low: 0x99))
            // A stale interface (gone since it was listed) with an IPv6 address, listed first: both joins fail.
            let gone = NetworkInterface(
                name: "gone0", index: 9_999, flags: [.up, .multicast],
                addresses: [InterfaceAddress(address: linkLocal, prefixLength: 64)])
            typealias Summary = (names: [String], six: [UInt32], vb: UInt32)
            let summary = try await inNamespace(path) { () throws(IOError) -> Summary in
                var vb: NetworkInterface?
                for _ in 0..<100 {
                    vb = try NetworkInterface.named("vb")
                    if vb?.addresses.contains(where: { !$0.address.isIPv4 }) == true { break }
                    usleep(50_000)  // a namespace thread of its own, not the task pool: link-local comes up async
                }
                guard let vb else { throw IOError(errno: ENODEV, call: "vb") }
                let lo = try NetworkInterface.named("lo")
                let transport = try MDNSTransport(
                    interfaces: [gone, vb] + (lo.map { [$0] } ?? []), eventLoop: loop, onDatagram: { _ in })
                defer { transport.close() }
                return (transport.interfaces.map(\.name), transport.ipv6InterfaceIndices, vb.index)
            }
            #expect(summary.names == ["vb", "lo"])
            #expect(summary.six == [summary.vb])
        }
    }

    @Test func noUsableInterfaceStillThrows() async throws {
        try await withNamespace { path in
            let loop = try EventLoop(name: "transport-none")
            defer { loop.shutdown() }
            let gone = NetworkInterface(
                name: "gone0", index: 9_999, flags: [.up, .multicast],
                addresses: [InterfaceAddress(address: .v4(IPv4Address(10, 9, 9, 9)), prefixLength: 24)])
            let threw = try await inNamespace(path) { () throws(IOError) -> Bool in
                do throws(IOError) {
                    let transport = try MDNSTransport(interfaces: [gone], eventLoop: loop, onDatagram: { _ in })
                    transport.close()
                    return false
                } catch {
                    return true
                }
            }
            #expect(threw)
        }
    }
}
