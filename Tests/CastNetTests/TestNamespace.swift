import CastNet
import Foundation
import Glibc
import Synchronization
import Testing

/// A throw-away network namespace with `lo` brought up with MULTICAST (and, when asked, a veth pair `va`/`vb` with
/// both ends inside it), for multicast tests that must never touch a real interface. Deleted by `with` also when the
/// test fails.
///
/// IPv6 multicast is not delivered over `lo` (tried with an ff00::/8 route and a link-local address on it), so IPv6
/// tests send from `va` to a socket joined on `vb`.
struct TestNamespace {
    let name: String
    var path: String { NetworkNamespace.path(ofNamed: name) }

    private static let counter = Atomic<Int>(0)

    /// Runs `body` with a fresh namespace, or prints why it cannot (and fails when CASTSCOPE_REQUIRE_PEERS=1).
    static func with(vethPair: Bool = false, _ body: (TestNamespace) async throws -> Void) async throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") else {
            let reason = "network namespace tests need root and /usr/sbin/ip (iproute2)"
            if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
                Issue.record(Comment(rawValue: reason))
            } else {
                print("skipped: \(reason)")
            }
            return
        }
        let number = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        let namespace = TestNamespace(name: "castnet-\(getpid())-\(number)")
        try ip(["netns", "add", namespace.name])
        defer { try? ip(["netns", "del", namespace.name]) }
        try ip(["-n", namespace.name, "link", "set", "lo", "multicast", "on"])
        try ip(["-n", namespace.name, "link", "set", "lo", "up"])
        // IPv6 adds ff00::/8 routes only for interfaces other than lo; IPv4 multicast with an interface needs none.
        if vethPair {
            // No duplicate address detection: link-local addresses are usable as soon as the links are up.
            try run(
                "/usr/sbin/ip",
                [
                    "netns", "exec", namespace.name, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0",
                    "net.ipv6.conf.default.accept_dad=0",
                ])
            try ip(["-n", namespace.name, "link", "add", "va", "type", "veth", "peer", "name", "vb"])
            try ip(["-n", namespace.name, "link", "set", "va", "up"])
            try ip(["-n", namespace.name, "link", "set", "vb", "up"])
        }
        try await body(namespace)
    }

    /// Runs `body` inside the namespace (on a thread of its own) and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws(IOError) -> T) throws(IOError) -> T {
        try NetworkNamespace.run(inNamespaceAt: path, body)
    }

    private struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    private static func ip(_ arguments: [String]) throws { try run("/usr/sbin/ip", arguments) }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw CommandFailed(description: "\(tool) \(arguments.joined(separator: " ")): \(text)")
        }
    }
}
