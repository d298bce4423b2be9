public import CastLog
public import CastWire

/// One packet as read from a capture file: its number, time, link type and captured bytes.
public struct CapturedPacket: Sendable {
    /// 1-based packet number within its file.
    public var number: Int
    /// Capture time.
    public var time: LogTimestamp
    /// Link type of the interface it was captured on.
    public var linkType: LinkType
    /// The captured bytes (possibly fewer than `originalLength`).
    public var bytes: [UInt8]
    /// Length of the packet on the wire.
    public var originalLength: Int

    /// A packet from its parts.
    public init(number: Int, time: LogTimestamp, linkType: LinkType, bytes: [UInt8], originalLength: Int) {
        self.number = number
        self.time = time
        self.linkType = linkType
        self.bytes = bytes
        self.originalLength = originalLength
    }

    /// True when the capture kept fewer bytes than were sent (snaplen).
    public var isSnaplenTruncated: Bool { bytes.count < originalLength }
}
