/// The 16 flag bits of a DNS header (RFC 1035 §4.1.1, RFC 2535 AD/CD), with a settable view of each field.
public struct DNSFlags: RawRepresentable, Sendable, Hashable {
    /// The wire value.
    public var rawValue: UInt16

    /// Wraps a wire value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Builds flags from fields; mDNS responses use `qr: true, aa: true`.
    public init(qr: Bool = false, opcode: UInt8 = 0, aa: Bool = false, tc: Bool = false, rd: Bool = false,
                ra: Bool = false, rcode: UInt8 = 0) {
        rawValue = 0
        self.qr = qr
        self.opcode = opcode
        self.aa = aa
        self.tc = tc
        self.rd = rd
        self.ra = ra
        self.rcode = rcode
    }

    /// Response (true) or query (false).
    public var qr: Bool { get { bit(15) } set { setBit(15, newValue) } }
    /// Operation code (0 standard query), 4 bits.
    public var opcode: UInt8 {
        get { UInt8(truncatingIfNeeded: rawValue >> 11) & 0x0F }
        set { rawValue = rawValue & ~0x7800 | UInt16(newValue & 0x0F) << 11 }
    }
    /// Authoritative answer.
    public var aa: Bool { get { bit(10) } set { setBit(10, newValue) } }
    /// Truncated (in mDNS queries: more known answers follow, RFC 6762 §7.2).
    public var tc: Bool { get { bit(9) } set { setBit(9, newValue) } }
    /// Recursion desired.
    public var rd: Bool { get { bit(8) } set { setBit(8, newValue) } }
    /// Recursion available.
    public var ra: Bool { get { bit(7) } set { setBit(7, newValue) } }
    /// The reserved Z bit (must be zero).
    public var z: Bool { get { bit(6) } set { setBit(6, newValue) } }
    /// Authentic data (RFC 4035).
    public var ad: Bool { get { bit(5) } set { setBit(5, newValue) } }
    /// Checking disabled (RFC 4035).
    public var cd: Bool { get { bit(4) } set { setBit(4, newValue) } }
    /// Response code, 4 bits (the low part when EDNS0 extends it).
    public var rcode: UInt8 {
        get { UInt8(truncatingIfNeeded: rawValue) & 0x0F }
        set { rawValue = rawValue & ~0x000F | UInt16(newValue & 0x0F) }
    }

    private func bit(_ n: UInt16) -> Bool { rawValue & (1 << n) != 0 }
    private mutating func setBit(_ n: UInt16, _ on: Bool) {
        if on { rawValue |= 1 << n } else { rawValue &= ~(1 << n) }
    }
}
