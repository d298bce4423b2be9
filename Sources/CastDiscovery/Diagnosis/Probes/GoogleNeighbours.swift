public import CastNet

/// Neighbours of this host (the kernel's ARP table) whose MAC address starts with an OUI the IEEE registered to
/// Google: likely Cast devices, probed as candidates by `--diagnose` when mDNS finds nothing.
///
/// A heuristic: Google's OUIs also cover phones, routers and speakers that are not Cast devices, while TVs and
/// speakers with Cast built in carry their own maker's OUI; and a neighbour is listed only after this host spoke
/// to it. The table is the registry's "Google, Inc." MA-L entries (as Wireshark's manuf file lists them).
public enum GoogleNeighbours {
    /// The 24-bit OUIs registered to Google, Inc.
    static let ouis: Set<UInt32> = [
        0x001A11, 0x00F620, 0x088BC8, 0x089E08, 0x08B4B1, 0x0CC413, 0x14223B, 0x14C14E, 0x1C53F9, 0x1CF29A,
        0x201F3B, 0x20DFB9, 0x20F094, 0x240588, 0x242934, 0x24952F, 0x24E50F, 0x28BD89, 0x30FD38, 0x34C7E9,
        0x3886F7, 0x388B59, 0x3C286D, 0x3C3174, 0x3C5AB4, 0x3C8D20, 0x44070B, 0x44BB3B, 0x48D6D5, 0x546009,
        0x582429, 0x58CB52, 0x5C337B, 0x60706C, 0x60B76E, 0x703ACB, 0x747446, 0x7C2EBD, 0x7CD95C, 0x883D24,
        0x88541F, 0x900CC8, 0x90CAFA, 0x944560, 0x9495A0, 0x94EB2C, 0x98D293, 0x9C4F5F, 0xA47733, 0xAC3EB1,
        0xAC6784, 0xB02A43, 0xB06A41, 0xB0E4D5, 0xB87BD4, 0xB8DB38, 0xBCDF58, 0xC01C6A, 0xC82ADD, 0xCCA7C1,
        0xCCF411, 0xD43A2C, 0xD4F547, 0xD86C63, 0xD88C79, 0xD8EB46, 0xDAA119, 0xDCE55B, 0xE45E1B, 0xE4F042,
        0xE8D52B, 0xF05C77, 0xF072EA, 0xF0EF86, 0xF40304, 0xF4F5D8, 0xF4F5E8, 0xF80FF9, 0xF81A2B, 0xF88FCA,
        0xFC4116, 0xFC915D,
    ]

    /// The most ARP entries read (a host with more neighbours than this is not a home network).
    public static let maximumEntries = 1024

    /// The IPv4 neighbours in `/proc/net/arp` text with a Google OUI, on `interfaces` (every one when empty).
    /// Lines that do not parse (the header, incomplete entries) are skipped.
    public static func parseARP(_ text: String, interfaces: Set<String> = []) -> [IPAddress] {
        var found: [IPAddress] = []
        for line in text.split(separator: "\n").prefix(maximumEntries + 1) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // IP address, HW type, Flags, HW address, Mask, Device; flags 0x0 is an unanswered (incomplete) entry.
            guard fields.count == 6, fields[2] != "0x0", let ip = IPv4Address(String(fields[0])),
                interfaces.isEmpty || interfaces.contains(String(fields[5])), let oui = oui(of: fields[3]),
                ouis.contains(oui)
            else { continue }
            let address = IPAddress.v4(ip)
            if !found.contains(address) { found.append(address) }
        }
        return found
    }

    /// The IPv6 neighbours in `ip -6 neigh show` text (`ADDR dev IF lladdr MAC [router] STATE`) with a Google OUI,
    /// on `interfaces` (every one when empty). Link-local addresses are left out (an address alone cannot reach
    /// them), as are FAILED and INCOMPLETE entries.
    public static func parseIPNeighbours(_ text: String, interfaces: Set<String> = []) -> [IPAddress] {
        var found: [IPAddress] = []
        for line in text.split(separator: "\n").prefix(maximumEntries) {
            let words = line.split(separator: " ")
            guard let first = words.first, let ip = IPv6Address(String(first)), !ip.isLinkLocal,
                let dev = words.firstIndex(of: "dev"), dev + 1 < words.count,
                interfaces.isEmpty || interfaces.contains(String(words[dev + 1])),
                let mac = words.firstIndex(of: "lladdr"), mac + 1 < words.count, let oui = oui(of: words[mac + 1]),
                ouis.contains(oui), let state = words.last, state != "FAILED", state != "INCOMPLETE"
            else { continue }
            let address = IPAddress.v6(ip)
            if !found.contains(address) { found.append(address) }
        }
        return found
    }

    /// The neighbours of this host's `/proc/net/arp` and `ip -6 neigh` (empty when neither can be read).
    public static func fromSystem(interfaces: Set<String> = []) -> [IPAddress] {
        var found = ProcFile.read("/proc/net/arp").map { parseARP($0, interfaces: interfaces) } ?? []
        if let text = HostChecks.runTool("/usr/sbin/ip", ["-6", "neigh", "show"]) {
            found += parseIPNeighbours(text, interfaces: interfaces)
        }
        return found
    }

    /// The first three octets of `aa:bb:cc:dd:ee:ff`, or nil when it is not a MAC address.
    static func oui(of mac: Substring) -> UInt32? {
        let octets = mac.split(separator: ":", omittingEmptySubsequences: false)
        guard octets.count == 6, octets.allSatisfy({ $0.count == 2 }) else { return nil }
        var value: UInt32 = 0
        for octet in octets.prefix(3) {
            guard let byte = UInt8(octet, radix: 16) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return octets.suffix(3).allSatisfy({ UInt8($0, radix: 16) != nil }) ? value : nil
    }
}
