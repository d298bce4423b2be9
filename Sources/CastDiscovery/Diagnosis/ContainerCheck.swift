import CastNet
import Foundation

/// The `container` check of `--diagnose`: a program inside a container on a bridge network (Docker's and Podman's
/// default) sees only a veth whose other end is on the container bridge, behind NAT; multicast from the LAN never
/// crosses into it, so nothing is discovered however healthy the network is.
enum ContainerCheck {
    /// What the check looks at, gathered from the system (`gather`) or made up by tests.
    struct Signals: Sendable {
        /// Container markers found (`/.dockerenv`, `/run/.containerenv`, a container cgroup, `container=` of PID 1).
        var markers: [String]
        /// Selected interfaces whose link is the peer of one in another namespace (a veth), by name.
        var vethInterfaces: [String]
        /// Interfaces carrying a default route through a gateway (`/proc/net/route`): the NAT side of a bridge.
        var gatewayInterfaces: [String]
        /// The selected interfaces.
        var interfaces: [NetworkInterface]
    }

    /// The check; `multicastArrived` (Cast answers arrived by mDNS during the diagnosis) clears a container whose
    /// network evidently passes multicast.
    static func check(_ signals: Signals, multicastArrived: Bool = false) -> DiagnosticCheck {
        guard !signals.markers.isEmpty else {
            return DiagnosticCheck(id: "container", status: .ok, summary: "not inside a container")
        }
        var evidence = signals.markers.map { "container marker: \($0)" }
        for interface in signals.interfaces {
            var kind = signals.vethInterfaces.contains(interface.name) ? "veth (peer in another namespace)" : "own link"
            if signals.gatewayInterfaces.contains(interface.name) { kind += ", default route through a gateway" }
            evidence.append("\(interface.name): \(kind) \(interface.addresses.map(\.description).joined(separator: " "))")
        }
        let bridged = !signals.interfaces.isEmpty
            && signals.interfaces.allSatisfy { interface in
                signals.vethInterfaces.contains(interface.name) && signals.gatewayInterfaces.contains(interface.name)
                    && interface.addresses.allSatisfy { !$0.address.isIPv4 || isPrivate($0.address) }
            }
        guard bridged else {
            return DiagnosticCheck(
                id: "container", status: .ok,
                summary: "inside a container with the host's network (or its own link)", evidence: evidence)
        }
        guard !multicastArrived else {
            return DiagnosticCheck(
                id: "container", status: .ok,
                summary: "inside a container behind a gateway, but Cast answers arrive by mDNS: its network passes multicast",
                evidence: evidence)
        }
        return DiagnosticCheck(
            id: "container", status: .fail,
            summary: "inside a container whose only network is a bridge behind NAT: LAN multicast does not cross it",
            evidence: evidence,
            fix: "run with the host's network (docker run --network host, podman run --network host, "
                + "network_mode: host in compose), or use castscope cast --device ADDR / CASTSCOPE_KNOWN_DEVICES")
    }

    /// The markers and veth interfaces of this system.
    static func gather(interfaces: [NetworkInterface]) -> Signals {
        var markers: [String] = []
        let files = FileManager.default
        if files.fileExists(atPath: "/.dockerenv") { markers.append("/.dockerenv") }
        if files.fileExists(atPath: "/run/.containerenv") { markers.append("/run/.containerenv") }
        if let cgroup = ProcFile.read("/proc/1/cgroup") {
            for word in ["docker", "kubepods", "libpod", "containerd", "lxc"] where cgroup.contains(word) {
                markers.append("/proc/1/cgroup mentions \(word)")
                break
            }
        }
        if let environ = ProcFile.read("/proc/1/environ"),
            let entry = environ.split(separator: "\0").first(where: { $0.hasPrefix("container=") })
        {
            markers.append("PID 1 has \(entry)")
        }
        let veths = interfaces.filter { interface in
            guard let link = ProcFile.read("/sys/class/net/\(interface.name)/iflink"),
                let peer = UInt32(link.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return false }
            return peer != interface.index
        }
        return Signals(
            markers: markers, vethInterfaces: veths.map(\.name),
            gatewayInterfaces: defaultGateways(ProcFile.read("/proc/net/route") ?? ""), interfaces: interfaces)
    }

    /// The interfaces of `/proc/net/route` text with a default route (destination and mask 0) through a gateway.
    static func defaultGateways(_ table: String) -> [String] {
        table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // Iface Destination Gateway Flags RefCnt Use Metric Mask …
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000", fields[2] != "00000000" else {
                return nil
            }
            return String(fields[0])
        }
    }

    /// RFC 1918 and RFC 6598 (carrier-grade NAT) IPv4 ranges.
    static func isPrivate(_ address: IPAddress) -> Bool {
        guard case .v4(let ip) = address else { return false }
        let value = ip.value
        return value >> 24 == 10 || value >> 20 == 0xAC1 || value >> 16 == 0xC0A8 || value >> 22 == 0x191
    }
}
