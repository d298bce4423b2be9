public import CastLog
public import CastWire

/// A `_googlecast` service instance as assembled from mDNS records across packets.
public struct CastDeviceRecord: Sendable {
    /// Instance name (`Chromecast-….\_googlecast._tcp.local.`).
    public var instance: String
    /// SRV target host.
    public var host: String?
    /// SRV port.
    public var port: UInt16?
    /// Decoded TXT record.
    public var txt: CastTXTRecord?
    /// IPv4 addresses of the host.
    public var ipv4: Set<String> = []
    /// IPv6 addresses of the host.
    public var ipv6: Set<String> = []
    /// True when a PTR pointed at the instance.
    public var seenPTR = false
    /// First and last time any of its records were seen.
    public var firstSeen: LogTimestamp
    /// Last time any record was seen.
    public var lastSeen: LogTimestamp
    /// Timeline entries (bounded), oldest first.
    public var timeline: [(time: LogTimestamp, text: String)] = []
    /// Smallest and largest TTL seen on its records.
    public var ttls: ClosedRange<UInt32>?
    /// True when some record carried the cache-flush bit.
    public var cacheFlush = false
    /// True once a goodbye (TTL 0) was seen.
    public var goodbye = false
    /// Each SRV target and port the instance had, with when it changed (a group's leader moves); bounded.
    public var endpoints: [(time: LogTimestamp, host: String, port: UInt16)] = []

    /// True for a speaker group: the MULTIZONE_GROUP bit in TXT `ca`, or the model groups publish.
    public var isGroup: Bool {
        txt?.capabilities?.contains(.multizoneGroup) == true || txt?.model?.lowercased() == "google cast group"
    }

    /// Most endpoints kept per instance.
    static let maximumEndpoints = 64

    /// Most timeline entries kept per device.
    public static let maximumTimeline = 256

    /// The TXT RDATA `txt` was decoded from (a repeat is not decoded again).
    var txtRDATA: [UInt8]?
    /// The SRV target `host` was made from, as a key (a repeat is not made into text again).
    var srvTarget: DNSName.CaseInsensitiveKey?

    /// Notes a timeline entry; the text is made only while the timeline has room.
    mutating func note(_ time: LogTimestamp, _ text: @autoclosure () -> String) {
        lastSeen = time
        if timeline.count < Self.maximumTimeline { timeline.append((time, text())) }
    }
}
