/// A validated view of an IPv6 header (RFC 8200) that walks the extension headers with bounds checks.
public struct IPv6HeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the fixed header from the start of `storage`.
    public let offset: Int
    /// Extension headers skipped, in order.
    public let extensionHeaders: [IPv6ExtensionHeader]
    /// The fragment header's contents, when one was present.
    public let fragment: IPv6FragmentInfo?
    /// The protocol after the extension headers (6 TCP, 17 UDP, 59 none), or the last value reached.
    public let upperLayerProtocol: UInt8
    /// Bytes after the extension headers, bounded by the payload length and the capture.
    public let payload: ByteReader
    /// What bounded `payload`.
    public let payloadLengthSource: PacketLengthSource
    /// True when the capture holds fewer bytes than the payload length announces.
    public let isPayloadTruncated: Bool
    /// The fault that stopped the extension-header walk, if any; the fixed header is still valid.
    public let extensionError: PacketError?

    /// The fixed header length.
    public static let fixedLength = 40

    /// Validates the fixed header, then skips extension headers until an upper-layer protocol or a fragment.
    public init(_ reader: ByteReader) throws(PacketError) {
        let start = reader.position
        let bytes = reader.storage
        guard reader.remaining >= Self.fixedLength else {
            throw .truncated(.ipv6Header, need: Self.fixedLength, have: reader.remaining, at: start)
        }
        let version = bytes[start] >> 4
        guard version == 6 else {
            throw .malformed(.ipv6Header, .ipVersionMismatch(expected: 6, found: version), at: start)
        }
        let declared = Int(bytes.packetUInt16(at: start + 4))
        // A zero payload length means a jumbogram (RFC 2675) or an offloaded send: trust the capture.
        var end = declared == 0 ? reader.limit : start + Self.fixedLength + declared
        var source: PacketLengthSource = declared == 0 ? .captured : .ipv6PayloadLength
        isPayloadTruncated = end > reader.limit
        if isPayloadTruncated {
            end = reader.limit
            source = .captured
        }
        payloadLengthSource = source
        storage = bytes
        offset = start

        var headers: [IPv6ExtensionHeader] = []
        var fragmentInfo: IPv6FragmentInfo?
        var next = bytes[start + 6]
        var cursor = start + Self.fixedLength
        var failure: PacketError?
        // Every header advances the cursor by at least 8 bytes, so the walk ends within the captured length.
        walk: while true {
            let isGeneric = IPv6ExtensionHeader.genericTypes.contains(next)
            guard isGeneric || next == IPv6ExtensionHeader.fragment || next == IPv6ExtensionHeader.authentication else {
                break walk
            }
            let have = end - cursor
            guard have >= 8 else {
                failure = .truncated(.ipv6ExtensionHeader, need: 8, have: have, at: cursor, source: source)
                break walk
            }
            let length: Int
            switch next {
            case IPv6ExtensionHeader.fragment: length = 8
            case IPv6ExtensionHeader.authentication: length = (Int(bytes[cursor + 1]) + 2) * 4
            default: length = (Int(bytes[cursor + 1]) + 1) * 8
            }
            guard have >= length else {
                failure = .truncated(.ipv6ExtensionHeader, need: length, have: have, at: cursor, source: source)
                break walk
            }
            let header = IPv6ExtensionHeader(headerType: next, nextHeader: bytes[cursor], offset: cursor,
                                             length: length)
            headers.append(header)
            if next == IPv6ExtensionHeader.fragment {
                let field = bytes.packetUInt16(at: cursor + 2)
                let info = IPv6FragmentInfo(fragmentOffset: field >> 3, moreFragments: field & 1 != 0,
                                            identification: bytes.packetUInt32(at: cursor + 4), offset: cursor)
                fragmentInfo = info
                cursor += length
                next = header.nextHeader
                // Past a real fragment header the rest is a piece of the datagram, not headers to walk.
                if info.isFragment { break walk }
                continue walk
            }
            cursor += length
            next = header.nextHeader
        }
        extensionHeaders = headers
        fragment = fragmentInfo
        upperLayerProtocol = next
        extensionError = failure
        payload = ByteReader(bytes, range: min(cursor, end)..<end)
    }

    // SAFETY (all accessors): init checked 40 bytes from `offset`.
    /// Traffic class.
    public var trafficClass: UInt8 { UInt8(truncatingIfNeeded: storage.packetUInt16(at: offset) >> 4) }
    /// Flow label (20 bits).
    public var flowLabel: UInt32 { storage.packetUInt32(at: offset) & 0x000F_FFFF }
    /// The payload length field as sent.
    public var payloadLength: UInt16 { storage.packetUInt16(at: offset + 4) }
    /// The next-header value of the fixed header.
    public var nextHeader: UInt8 { storage[offset + 6] }
    /// Hop limit.
    public var hopLimit: UInt8 { storage[offset + 7] }
    /// Where the source address lies in `storage` (16 bytes), for reading it without a copy.
    public var sourceRange: Range<Int> { offset + 8..<offset + 24 }
    /// Where the destination address lies in `storage` (16 bytes).
    public var destinationRange: Range<Int> { offset + 24..<offset + 40 }
    /// Source address (16 bytes).
    public var source: [UInt8] { Array(storage[sourceRange]) }
    /// Destination address (16 bytes).
    public var destination: [UInt8] { Array(storage[destinationRange]) }
    /// True when a fragment header marks this packet as one piece of a larger datagram.
    public var isFragment: Bool { fragment?.isFragment ?? false }

    /// RFC 5952 text for a 16-byte address ("fe80::1").
    public static func format(address: [UInt8]) -> String {
        guard address.count == 16 else { return address.map { String($0) }.joined(separator: ".") }
        let groups = (0..<8).map { UInt16(address[2 * $0]) << 8 | UInt16(address[2 * $0 + 1]) }
        var bestStart = -1, bestLength = 0, runStart = -1
        for index in 0...8 {
            if index < 8, groups[index] == 0 {
                if runStart < 0 { runStart = index }
            } else if runStart >= 0 {
                if index - runStart > bestLength { (bestStart, bestLength) = (runStart, index - runStart) }
                runStart = -1
            }
        }
        if bestLength < 2 { return groups.map { String($0, radix: 16) }.joined(separator: ":") }
        let head = groups[..<bestStart].map { String($0, radix: 16) }.joined(separator: ":")
        let tail = groups[(bestStart + bestLength)...].map { String($0, radix: 16) }.joined(separator: ":")
        return head + "::" + tail
    }
}
