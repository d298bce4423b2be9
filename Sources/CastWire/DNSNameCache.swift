/// Remembers the last few names decoded in a message by the offset they start at, so a name that is only a
/// compression pointer to one of them shares its storage instead of allocating again. In a Cast answer the SRV and
/// TXT owners point at the PTR target and the A owner at the SRV target, which saves three allocations per packet.
struct DNSNameCache {
    private var offsets: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    private var names: (DNSName, DNSName, DNSName, DNSName) = (.root, .root, .root, .root)
    private var next = 0

    /// The name that starts at absolute offset `offset`, if remembered.
    func name(at offset: Int) -> DNSName? {
        if offsets.0 == offset { return names.0 }
        if offsets.1 == offset { return names.1 }
        if offsets.2 == offset { return names.2 }
        if offsets.3 == offset { return names.3 }
        return nil
    }

    /// Remembers `name` as starting at `offset`, replacing the oldest entry.
    mutating func remember(_ name: DNSName, at offset: Int) {
        switch next {
        case 0: offsets.0 = offset; names.0 = name
        case 1: offsets.1 = offset; names.1 = name
        case 2: offsets.2 = offset; names.2 = name
        default: offsets.3 = offset; names.3 = name
        }
        next = (next + 1) & 3
    }
}
