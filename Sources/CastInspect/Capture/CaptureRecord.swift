/// One packet record as a capture reader returns it, before it is numbered and becomes a `CapturedPacket`.
struct CaptureRecord {
    /// The LINKTYPE of the interface it was captured on.
    var linkType: UInt32
    var seconds: Int64
    var microseconds: Int32
    /// Captured bytes, already cut to the interface's snapshot length.
    var bytes: [UInt8]
    /// Length on the wire (at least the captured length).
    var originalLength: Int
}
