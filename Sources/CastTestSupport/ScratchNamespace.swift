import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A throw-away network namespace holding a veth pair with a private address, for servers a test must
/// reach at an address that is not loopback (as a Cast device would). Deleted when `with` returns or throws.
public struct ScratchNamespace: Sendable {
    /// The namespace's name (for `ip netns exec`).
    public let name: String
    /// The address on its dummy interface.
    public let address: String

    /// Runs `body` with a fresh namespace; reports a skip (a failure under CASTSCOPE_REQUIRE_PEERS=1) and returns
    /// nil when namespaces cannot be made here (not root, no iproute2).
    public static func with<T>(address: String = "10.77.0.1", _ body: (ScratchNamespace) async throws -> T)
        async throws -> T? {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") else {
            MissingPeer.report("network namespace tests need root and /usr/sbin/ip (iproute2)")
            return nil
        }
        let namespace = ScratchNamespace(name: "castscope-\(getpid())-\(UInt32.random(in: 0...UInt32.max))",
                                         address: address)
        try await ip(["netns", "add", namespace.name])
        do {
            // A veth pair with both ends inside (the kernel may lack the dummy module); the address on one end.
            for step in [["link", "set", "lo", "up"], ["link", "add", "va", "type", "veth", "peer", "name", "vb"],
                         ["addr", "add", "\(address)/24", "dev", "va"], ["link", "set", "va", "up"],
                         ["link", "set", "vb", "up"]] {
                try await ip(["-n", namespace.name] + step)
            }
            let result = try await body(namespace)
            try? await ip(["netns", "del", namespace.name])
            return result
        } catch {
            try? await ip(["netns", "del", namespace.name])
            throw error
        }
    }

    /// Runs `program arguments` inside the namespace and returns what it did.
    public func run(_ program: String, _ arguments: [String], timeout: Double = 60) async -> SpawnedProcess.Result {
        await SpawnedProcess.run("/usr/sbin/ip", ["netns", "exec", name, program] + arguments, timeout: timeout)
    }

    private static func ip(_ arguments: [String]) async throws {
        let result = await SpawnedProcess.run("/usr/sbin/ip", arguments)
        guard result.status == 0 else {
            throw LogDaemonError(description: "ip \(arguments.joined(separator: " ")): \(result.errors)")
        }
    }
}
