import CastNet
import Foundation
import Glibc

/// The host-side checks of `--diagnose`: interfaces, multicast route, packet filter, port 5353.
enum HostChecks {
    /// Interfaces up, with MULTICAST and an address.
    static func interfaces(selected: [NetworkInterface], explicit: Bool, all: [NetworkInterface]) -> DiagnosticCheck {
        let candidates = explicit ? selected : all.filter { !$0.isLoopback }
        var evidence: [String] = []
        var unusable: [String] = []
        for interface in candidates {
            var problems: [String] = []
            if !interface.isUp { problems.append("down") }
            if !interface.supportsMulticast { problems.append("no MULTICAST flag") }
            if interface.addresses.isEmpty { problems.append("no address") }
            let addresses = interface.addresses.map(\.description).joined(separator: " ")
            evidence.append(
                "\(interface.name): \(interface.flags) \(addresses)"
                    + (problems.isEmpty ? "" : " — \(problems.joined(separator: ", "))"))
            if !problems.isEmpty { unusable.append("\(interface.name) (\(problems.joined(separator: ", ")))") }
        }
        let usable = candidates.count - unusable.count
        if candidates.isEmpty {
            return DiagnosticCheck(
                id: "interfaces", status: .fail, summary: "no network interface besides loopback", evidence: evidence,
                fix: "connect to the network the Cast device is on, or pass --interface lo for local tests")
        }
        if usable == 0 {
            return DiagnosticCheck(
                id: "interfaces", status: .fail, summary: "no usable interface: \(unusable.joined(separator: "; "))",
                evidence: evidence,
                fix: unusable.contains { $0.contains("MULTICAST") }
                    ? "ip link set DEV multicast on (and check the driver/VM/container allows multicast)"
                    : "bring the interface up and give it an address")
        }
        if !unusable.isEmpty {
            return DiagnosticCheck(
                id: "interfaces", status: .warn, summary: "skipped: \(unusable.joined(separator: "; "))",
                evidence: evidence, fix: "if the device is on that network: ip link set DEV multicast on / up")
        }
        return DiagnosticCheck(
            id: "interfaces", status: .ok, summary: "\(usable) interface\(usable == 1 ? "" : "s") up with MULTICAST",
            evidence: evidence)
    }

    /// A route covering 224.0.0.251 on the interfaces (from /proc/net/route).
    static func multicastRoute(interfaces: [NetworkInterface]) -> DiagnosticCheck {
        guard let table = ProcFile.read("/proc/net/route") else {
            return DiagnosticCheck(id: "route", status: .warn, summary: "cannot read /proc/net/route")
        }
        let group: UInt32 = 0xFB00_00E0  // 224.0.0.251 as /proc/net/route prints it (little-endian hex)
        var covered: Set<String> = []
        var evidence: [String] = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, let destination = UInt32(fields[1], radix: 16),
                let mask = UInt32(fields[7], radix: 16)
            else { continue }
            if group & mask == destination & mask {
                covered.insert(String(fields[0]))
                evidence.append("\(fields[0]): destination \(hexIPv4(destination))/\(mask.nonzeroBitCount)")
            }
        }
        let missing = interfaces.filter { !$0.isLoopback && !covered.contains($0.name) }.map(\.name)
        if missing.isEmpty {
            return DiagnosticCheck(id: "route", status: .ok, summary: "224.0.0.0/4 is routed", evidence: evidence)
        }
        return DiagnosticCheck(
            id: "route", status: .warn, summary: "no route for 224.0.0.251 on \(missing.joined(separator: ", "))",
            evidence: evidence.isEmpty ? ["no matching route in /proc/net/route"] : evidence,
            fix:
                "castscope sets the interface explicitly, but other tools need: ip route add 224.0.0.0/4 dev \(missing[0])"
        )
    }

    private static func hexIPv4(_ value: UInt32) -> String {
        "\(value & 0xFF).\((value >> 8) & 0xFF).\((value >> 16) & 0xFF).\(value >> 24)"
    }

    /// nftables and iptables rules that drop or reject UDP 5353 (or mDNS), as the process can see them.
    static func packetFilter() -> DiagnosticCheck {
        var evidence: [String] = []
        var sources: [String] = []
        for (tool, arguments) in [
            ("/usr/sbin/nft", ["list", "ruleset"]), ("/usr/sbin/iptables-save", []),
            ("/usr/sbin/ip6tables-save", []),
        ] {
            guard FileManager.default.isExecutableFile(atPath: tool), let output = runTool(tool, arguments) else {
                continue
            }
            sources.append((tool as NSString).lastPathComponent)
            for line in output.split(separator: "\n") {
                let text = line.trimmingCharacters(in: .whitespaces)
                let lower = text.lowercased()
                let blocks = lower.contains("drop") || lower.contains("reject")
                let mentions = lower.contains("5353") || lower.contains("mdns")
                if blocks && mentions { evidence.append(text) }
                if lower.contains("hook input") && lower.contains("policy drop") {
                    evidence.append(text + " (input policy drop)")
                }
                if lower.hasPrefix(":input drop") { evidence.append(text + " (input policy drop)") }
            }
        }
        if sources.isEmpty {
            return DiagnosticCheck(
                id: "firewall", status: .ok, summary: "no nft or iptables tools found: no visible rules")
        }
        if evidence.isEmpty {
            return DiagnosticCheck(
                id: "firewall", status: .ok,
                summary: "no rule dropping UDP 5353 (\(sources.joined(separator: ", ")))")
        }
        return DiagnosticCheck(
            id: "firewall", status: .fail, summary: "a packet filter rule drops mDNS (UDP 5353)", evidence: evidence,
            fix:
                "allow UDP 5353 in: nft add rule inet filter input udp dport 5353 accept (or firewall-cmd --add-service=mdns)"
        )
    }

    /// Whether port 5353 can be shared: a socket bound without SO_REUSEPORT locks everyone else out.
    static func port5353() -> DiagnosticCheck {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { return DiagnosticCheck(id: "port", status: .warn, summary: "cannot create a UDP socket") }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(5353).bigEndian
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let error = errno
        let owners = socketOwners(port: 5353)
        if result == 0 {
            return DiagnosticCheck(
                id: "port", status: .ok, summary: "UDP 5353 can be shared (SO_REUSEPORT)",
                evidence: owners.isEmpty ? [] : ["also bound by: \(owners.joined(separator: ", "))"])
        }
        return DiagnosticCheck(
            id: "port", status: .fail,
            summary: "UDP 5353 is taken by a process without SO_REUSEPORT (\(String(cString: strerror(error))))",
            evidence: owners.isEmpty ? ["owner not visible (other user or namespace)"] : owners.map { "owner: \($0)" },
            fix: "stop that responder or make it share the port; avahi-daemon and castscope both share it")
    }

    /// "comm[pid]" of processes with a UDP socket on `port` (from /proc/net/udp and /proc/*/fd).
    static func socketOwners(port: UInt16) -> [String] {
        var inodes: Set<String> = []
        for file in ["/proc/net/udp", "/proc/net/udp6"] {
            guard let table = ProcFile.read(file) else { continue }
            let suffix = ":" + String(format: "%04X", port)
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                if fields.count > 9, fields[1].hasSuffix(suffix) { inodes.insert(String(fields[9])) }
            }
        }
        guard !inodes.isEmpty, let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
            return []
        }
        var owners: [String] = []
        let own = String(getpid())
        for pid in pids where Int(pid) != nil && pid != own {
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { continue }
            for fd in fds {
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                    target.hasPrefix("socket:["), inodes.contains(String(target.dropFirst(8).dropLast()))
                else { continue }
                let comm =
                    ProcFile.read("/proc/\(pid)/comm")?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
                owners.append("\(comm)[\(pid)]")
                break
            }
        }
        return owners.sorted()
    }

    /// Runs a tool and returns its standard output, nil when it fails to start or exits non-zero.
    static func runTool(_ path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
