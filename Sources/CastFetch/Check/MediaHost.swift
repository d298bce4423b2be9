import CastMedia

/// What a media URL's host means to a Cast device on the user's network: its own loopback, a link-local address,
/// or a name only the LAN's resolver (or mDNS) knows.
enum MediaHost {
    /// Names that only a local resolver answers (RFC 6762 `.local`, RFC 8375 `.home.arpa`, and the suffixes home
    /// routers hand out); a device that asks a public resolver gets nothing.
    static let privateSuffixes = [".home.arpa", ".lan", ".home", ".internal", ".localdomain", ".intranet", ".corp"]

    /// Reasons the host alone gives, before any fetch.
    static func reasons(host rawHost: String) -> [MediaReason] {
        let host = rawHost.hasPrefix("[") ? String(rawHost.dropFirst().dropLast()).lowercased() : rawHost.lowercased()
        if let reason = addressReason(host) { return [reason] }
        if host.contains(":") || ipv4(host) != nil { return [] }
        if host == "localhost" || host.hasSuffix(".localhost") {
            return [loopback("\(host) is this machine's own name")]
        }
        let trimmed = host.hasSuffix(".") ? String(host.dropLast()) : host
        if trimmed.hasSuffix(".local") {
            return [MediaReason(.localName, .error, "\(trimmed) is a multicast DNS name; Cast devices do not resolve "
                                + ".local names for media", fix: "use the server's IP address or a name in public DNS")]
        }
        if !trimmed.contains(".") {
            return [MediaReason(.localName, .warning, "\(trimmed) is a single-label name: only the LAN's resolver may "
                                + "know it, and many Cast devices use a public resolver", fix: "use a fully qualified "
                                + "name in public DNS or the server's IP address")]
        }
        if let suffix = privateSuffixes.first(where: { trimmed.hasSuffix($0) }) {
            return [MediaReason(.localName, .warning, "\(trimmed) ends in \(suffix), a name only the LAN's resolver "
                                + "knows; many Cast devices use a public resolver", fix: "use the server's IP address "
                                + "or a name in public DNS")]
        }
        return []
    }

    /// Reasons an address the name resolved to gives (a name pointing at 127.0.1.1 in /etc/hosts).
    static func reasons(address: String, host: String) -> [MediaReason] {
        guard let reason = addressReason(address.lowercased()) else { return [] }
        var named = reason
        named.message = "\(host) resolves here to \(address): " + reason.message
        return [named]
    }

    private static func addressReason(_ host: String) -> MediaReason? {
        if let octets = ipv4(host) {
            if octets[0] == 127 || octets == [0, 0, 0, 0] { return loopback("\(host) is a loopback address") }
            if octets[0] == 169 && octets[1] == 254 { return linkLocal(host) }
            return nil
        }
        guard host.contains(":") else { return nil }
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return loopback("\(host) is the IPv6 loopback address") }
        if host.hasPrefix("::ffff:"), let reason = addressReason(String(host.dropFirst(7))) { return reason }
        if let first = host.split(separator: ":").first, let value = UInt16(first, radix: 16),
           value & 0xFFC0 == 0xFE80 {
            return linkLocal(host)
        }
        return nil
    }

    private static func ipv4(_ host: String) -> [Int]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let octets = parts.compactMap { Int($0) }.filter { (0...255).contains($0) }
        return octets.count == 4 ? octets : nil
    }

    private static func loopback(_ what: String) -> MediaReason {
        MediaReason(.loopbackURL, .error, "\(what): on the device it names the device itself",
                    fix: "use this machine's LAN address (the one the Cast device can reach) instead")
    }

    private static func linkLocal(_ host: String) -> MediaReason {
        MediaReason(.linkLocalURL, .error, "\(host) is a link-local address: reachable only on one link, and an IPv6 "
                    + "one needs a zone the device does not know", fix: "use a routable LAN address or a public name")
    }
}
