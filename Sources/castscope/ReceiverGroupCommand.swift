import CastCLI
import CastNet
import CastReceiver

#if canImport(Glibc)
    import Glibc
#endif

/// `castscope receiver --group NAME --member NAME[@HOST]…`: glue for `ReceiverGroup`. Prints the group's
/// `listening` line, a `member` line per speaker and a `moved` line when the leader moves.
enum ReceiverGroupCommand {
    static func run(
        _ invocation: Invocation, _ io: any CommandOutput, name: String, groupID: String,
        base: ReceiverEmulatorOptions, advertise: Bool
    ) async throws -> Int32 {
        guard invocation.option("http-port") == nil else {
            throw CommandLineError.validation("--http-port is for a single device, not with --group")
        }
        let members = try parseMembers(invocation.options("member"), groupName: name, defaultHost: base.address)
        let loop = try EventLoop(name: "castscope-receiver")
        defer { loop.shutdown() }
        let group = try ReceiverGroup(
            options: ReceiverGroupOptions(name: name, deviceID: groupID, members: members, base: base), eventLoop: loop)
        let stop = StopSignal.install()
        signal(SIGPIPE, SIG_IGN)
        let started = try await group.start()
        io.print("listening \(shown(started.group)) id=\(groupID) name=\"\(name)\"")
        for (member, address) in zip(members, started.members) {
            io.print("member \(shown(address)) id=\(member.deviceID) name=\"\(member.name)\"")
        }
        if advertise {
            var interfaces: [NetworkInterface] = []
            for host in Set(members.map { SocketAddress(ip: $0.address.ip, port: 0) }) {
                for interface in try ReceiverCommand.advertisingInterfaces(
                    names: invocation.options("interface"), host: host)
                where !interfaces.contains(where: { $0.index == interface.index }) {
                    interfaces.append(interface)
                }
            }
            try await group.advertise(on: interfaces)
            io.printError("receiver: advertising group \"\(name)\" and \(members.count) member(s) on "
                + interfaces.map(\.name).joined(separator: ", "))
        }
        let watcher = Task {
            var last = started.group
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                if let now = await group.groupAddress, now != last {
                    io.print("moved \(shown(now)) id=\(groupID)")
                    last = now
                }
            }
        }
        await stop.wait()
        watcher.cancel()
        StopSignal.restoreDefault()
        await group.stop()
        return 0
    }

    /// `NAME` or `NAME@HOST`; the first member on a host takes --port, later ones on the same host a free port.
    static func parseMembers(_ specs: [String], groupName: String, defaultHost: SocketAddress) throws
        -> [ReceiverGroupMember]
    {
        guard !specs.isEmpty else { throw CommandLineError.validation("--group needs at least one --member") }
        var members: [ReceiverGroupMember] = []
        var takenHosts: Set<IPAddress> = []
        var names: Set<String> = [groupName.lowercased()]
        for spec in specs {
            let parts = spec.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let memberName = parts[0]
            guard !memberName.isEmpty else {
                throw CommandLineError.validation("invalid --member \"\(spec)\": expected NAME or NAME@HOST")
            }
            // Two instances with one name would conflict on mDNS (one would rename itself or hide the other).
            guard names.insert(memberName.lowercased()).inserted else {
                throw CommandLineError.validation(
                    "--member \"\(memberName)\": each member needs a name of its own, other than the group's")
            }
            var ip = defaultHost.ip
            if parts.count == 2 {
                guard let parsed = IPAddress(parts[1]) else {
                    throw CommandLineError.validation(
                        "invalid --member \"\(spec)\": \"\(parts[1])\" is not an IPv4 or IPv6 address")
                }
                ip = parsed
            }
            let port = takenHosts.insert(ip).inserted ? defaultHost.port : 0
            members.append(ReceiverGroupMember(
                name: memberName, deviceID: ReceiverCommand.randomDeviceID(), address: SocketAddress(ip: ip, port: port)))
        }
        return members
    }

    private static func shown(_ address: SocketAddress) -> String {
        address.ip.isIPv4 ? "\(address.ip):\(address.port)" : "[\(address.ip)]:\(address.port)"
    }
}
