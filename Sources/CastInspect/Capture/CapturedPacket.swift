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
    /// The captured bytes (possibly fewer than `originalLength`); a copy when the packet is a region of a chunk
    /// read with its neighbours.
    public var bytes: [UInt8] {
        get { region == storage.indices ? storage : Array(storage[region]) }
        set { (storage, region) = (newValue, newValue.indices) }
    }
    /// Length of the packet on the wire.
    public var originalLength: Int
    /// Where the captured bytes lie: all of `storage`, or the `region` of a chunk shared with neighbouring packets
    /// (large packets of a classic pcap file are read a chunk at a time, without a copy each).
    private(set) var storage: [UInt8]
    private(set) var region: Range<Int>

    /// A packet from its parts.
    public init(number: Int, time: LogTimestamp, linkType: LinkType, bytes: [UInt8], originalLength: Int) {
        self.init(number: number, time: time, linkType: linkType, storage: bytes, region: bytes.indices,
                  originalLength: originalLength)
    }

    /// A packet whose bytes are `region` of `storage`.
    init(number: Int, time: LogTimestamp, linkType: LinkType, storage: [UInt8], region: Range<Int>,
         originalLength: Int) {
        self.number = number
        self.time = time
        self.linkType = linkType
        self.storage = storage
        self.region = region
        self.originalLength = originalLength
    }

    /// Captured bytes (possibly fewer than `originalLength`).
    public var capturedLength: Int { region.count }

    /// True when the bytes are a region of a larger buffer (a chunk read with neighbouring packets), which whatever
    /// keeps them keeps alive too.
    var sharesStorage: Bool { storage.count != region.count }

    /// True when the capture kept fewer bytes than were sent (snaplen).
    public var isSnaplenTruncated: Bool { region.count < originalLength }

    /// The packet sliced into its link, network and transport headers, read where its bytes lie.
    var sliced: LaxPacket { PacketSlicer.lax(storage, range: region, linkType: linkType) }
}
