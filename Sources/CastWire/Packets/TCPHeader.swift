/// An owned, decoded TCP header, for callers that keep headers after the packet bytes are gone.
public struct TCPHeader: Sendable, Hashable {
    /// Source port.
    public var sourcePort: UInt16
    /// Destination port.
    public var destinationPort: UInt16
    /// Sequence number.
    public var sequenceNumber: UInt32
    /// Acknowledgment number.
    public var acknowledgmentNumber: UInt32
    /// Control bits.
    public var flags: TCPFlags
    /// Receive window (unscaled).
    public var window: UInt16
    /// Checksum as sent.
    public var checksum: UInt16
    /// Urgent pointer.
    public var urgentPointer: UInt16
    /// Header length in bytes.
    public var headerLength: Int
    /// Options that parsed.
    public var options: [TCPOption]
    /// The fault that stopped option parsing, if any.
    public var optionsError: PacketError?

    /// The MSS option's value, if present.
    public var maximumSegmentSize: UInt16? {
        for case .maximumSegmentSize(let value) in options { return value }
        return nil
    }

    /// The window scale option's shift count, if present.
    public var windowScale: UInt8? {
        for case .windowScale(let value) in options { return value }
        return nil
    }

    /// True when SACK-permitted was offered.
    public var sackPermitted: Bool { options.contains(.sackPermitted) }

    /// SACK blocks, if any.
    public var sackBlocks: [TCPSACKBlock] {
        for case .sack(let blocks) in options { return blocks }
        return []
    }

    /// The timestamps option, if present.
    public var timestamps: (value: UInt32, echoReply: UInt32)? {
        for case .timestamps(let value, let echo) in options { return (value, echo) }
        return nil
    }
}
