import CastJSON
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two hosts in network namespaces (A: devices, B: the client) joined by a veth pair, each with its own dbus and
/// avahi-daemon, made by `scripts/discovery-peers` and torn down by `with` also when the test fails.
struct DiscoveryPeers {
    let directory: String
    let environment: [String: String]

    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
    static var script: String { repositoryRoot + "/scripts/discovery-peers" }
    static var python: String { repositoryRoot + "/.venv/bin/python" }
    static var peerScript: String { repositoryRoot + "/scripts/discovery-zeroconf-peer.py" }

    var addressA: String { environment["ADDR_A"] ?? "" }
    var addressB: String { environment["ADDR_B"] ?? "" }
    var interfaceB: String { environment["IF_B"] ?? "" }
    var namespaceB: String { environment["NS_B"] ?? "" }

    /// How A and B are joined.
    enum Link: String {
        /// A veth pair: one link.
        case direct
        /// Through a bridge in namespace C (an access point).
        case bridge
        /// Through a router in namespace C: B on another subnet.
        case router
        /// The router, with avahi-daemon reflecting mDNS between the subnets.
        case reflector
    }

    /// Runs `body` with fresh hosts joined by `link`, or skips (fails with CASTSCOPE_REQUIRE_PEERS=1) when a tool
    /// is missing.
    static func with(
        noAvahi: [String] = [], link: Link = .direct, _ body: (DiscoveryPeers) async throws -> Void
    ) async throws {
        var missing: [String] = []
        if geteuid() != 0 { missing.append("root") }
        for tool in [
            "/usr/sbin/ip", "/usr/bin/dbus-daemon", "/usr/sbin/avahi-daemon", "/usr/bin/avahi-publish-service",
            "/usr/bin/avahi-browse", "/usr/sbin/nft",
        ] where !FileManager.default.isExecutableFile(atPath: tool) {
            missing.append(tool)
        }
        if !FileManager.default.isExecutableFile(atPath: python) { missing.append(".venv (scripts/setup)") }
        if CastscopeProcess.executablePath == nil { missing.append("castscope binary") }
        guard missing.isEmpty else {
            let reason = "discovery peer tests need: \(missing.joined(separator: ", "))"
            if ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" {
                Issue.record(Comment(rawValue: reason))
            } else {
                print("skipped: \(reason)")
            }
            return
        }
        let directory = NSTemporaryDirectory() + "castscope-discovery-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer {
            _ = SpawnedProcess.runBlocking(script, ["down", directory], timeout: 20)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let up = await SpawnedProcess.run(
            script, ["up", directory] + noAvahi.flatMap { ["--no-avahi", $0] } + (link == .direct ? [] : ["--\(link)"]),
            timeout: 30)
        guard up.status == 0, let text = try? String(contentsOfFile: directory + "/env", encoding: .utf8) else {
            Issue.record("discovery-peers up failed: \(up.errors)")
            return
        }
        var environment: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { environment[String(parts[0])] = String(parts[1]) }
        }
        try await body(DiscoveryPeers(directory: directory, environment: environment))
    }

    /// Runs a command on a host (its namespace and D-Bus) to completion.
    @discardableResult
    func run(_ host: String, _ arguments: [String], timeout: Double = 30) async -> SpawnedProcess.Result {
        await SpawnedProcess.run(Self.script, ["run", directory, host] + arguments, timeout: timeout)
    }

    /// Runs `castscope ARGS` on host B.
    func castscope(_ arguments: [String], on host: String = "B") async -> SpawnedProcess.Result {
        await run(host, [CastscopeProcess.executablePath ?? "castscope"] + arguments)
    }

    /// Starts a background process on a host; `down` stops it.
    func spawn(_ host: String, _ name: String, _ arguments: [String]) async {
        _ = await SpawnedProcess.run(Self.script, ["spawn", directory, host, name] + arguments, timeout: 10)
    }

    /// Signals a spawned process and waits up to 5 s for it to end.
    func signal(_ name: String, _ signal: String = "TERM") async {
        _ = await SpawnedProcess.run(Self.script, ["kill", directory, name, signal], timeout: 15)
    }

    /// What a spawned process printed so far.
    func log(_ name: String) -> String {
        (try? String(contentsOfFile: "\(directory)/\(name).log", encoding: .utf8)) ?? ""
    }

    /// Publishes the Living Room TV with avahi-publish-service on host A.
    func publishWithAvahi(id: String = DiscoveryPeers.avahiID, name: String = "avahipub") async {
        await spawn(
            "A", name,
            ["avahi-publish-service", "Living Room TV", "_googlecast._tcp", "8009"] + Self.avahiTXT(id: id))
    }

    /// The TXT strings `publishWithAvahi` publishes, in order.
    static func avahiTXT(id: String) -> [String] {
        [
            "id=\(id)", "ve=05", "md=Chromecast Ultra", "ic=/setup/icon.png", "fn=Living Room TV", "ca=201221", "st=0",
            "rs=YouTube",
        ]
    }

    /// The TXT strings of the default Living Room TV.
    static var avahiTXT: [String] { avahiTXT(id: avahiID) }

    /// Registers the Küche speaker with python-zeroconf on host A (TTLs in seconds).
    func registerWithZeroconf(name: String = "zeroconf", ttl: Int? = nil) async {
        var arguments = [Self.python, Self.peerScript, "register", addressA, "Küche Lautsprecher", Self.zeroconfID]
        if let ttl { arguments.append(String(ttl)) }
        await spawn("A", name, arguments)
    }

    static let avahiID = "4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5"
    static let zeroconfID = "8e0e23c0a1b2c3d4e5f60718293a4b5c"

    /// `castscope discover --json` on B, parsed.
    func discoverJSON(via: String, timeout: String = "3s") async throws -> [JSONValue] {
        let result = await castscope(["discover", "--via", via, "--json", "--timeout", timeout])
        guard result.status == 0 else { throw PeerError(description: "discover failed: \(result.errors)") }
        return try JSONValue(parsing: result.output).arrayValue ?? []
    }

    struct PeerError: Error, CustomStringConvertible { var description: String }
}
