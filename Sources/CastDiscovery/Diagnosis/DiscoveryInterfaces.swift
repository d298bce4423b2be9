public import CastNet

/// Which interfaces discovery uses.
public enum DiscoveryInterfaces {
    /// Why a requested interface cannot be used.
    public struct SelectionError: Error, Sendable, CustomStringConvertible {
        /// The interface name as given.
        public var name: String
        /// What is wrong with it.
        public var reason: String
        /// "interface NAME: REASON".
        public var description: String { "interface \(name): \(reason)" }
    }

    /// The interfaces to browse on: those named (loopback included when named), or by default every interface
    /// that is up, multicast-capable, not loopback and has an address.
    public static func select(
        names: [String], from all: [NetworkInterface]
    ) throws(SelectionError) -> [NetworkInterface] {
        if names.isEmpty {
            return all.filter { $0.isUp && $0.supportsMulticast && !$0.isLoopback && !$0.addresses.isEmpty }
        }
        var chosen: [NetworkInterface] = []
        for name in names {
            guard let interface = all.first(where: { $0.name == name }) else {
                throw SelectionError(name: name, reason: "no such interface")
            }
            if !chosen.contains(interface) { chosen.append(interface) }
        }
        return chosen
    }

    /// `select(names:from:)` over the host's interfaces.
    public static func select(names: [String]) throws(SelectionError) -> [NetworkInterface] {
        let all: [NetworkInterface]
        do { all = try NetworkInterface.all() } catch {
            throw SelectionError(name: names.joined(separator: ","), reason: "cannot list interfaces: \(error)")
        }
        return try select(names: names, from: all)
    }
}
