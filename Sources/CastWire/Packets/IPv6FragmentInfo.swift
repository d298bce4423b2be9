/// The contents of an IPv6 fragment header (RFC 8200 §4.5).
public struct IPv6FragmentInfo: Sendable, Hashable {
    /// Fragment offset in 8-byte units.
    public var fragmentOffset: UInt16
    /// More-fragments flag.
    public var moreFragments: Bool
    /// Identification shared by all fragments of the datagram.
    public var identification: UInt32
    /// Offset of the fragment header from the start of the packet.
    public var offset: Int

    /// True unless this is an atomic fragment (offset 0, no more fragments), which carries a whole datagram.
    public var isFragment: Bool { moreFragments || fragmentOffset != 0 }
}
