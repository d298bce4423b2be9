/// Why a header that was long enough still could not be decoded.
public enum PacketMalformation: Sendable, Hashable, CustomStringConvertible {
    /// The link type number is not one the slicer decodes.
    case unsupportedLinkType(UInt32)
    /// A radiotap header whose version is not 0.
    case unknownRadiotapVersion(UInt8)
    /// Radiotap present bitmaps or fields that run past the header's length.
    case radiotapPresentBitmapOverrun
    /// The BSD loopback family is neither IPv4 nor any platform's IPv6 value.
    case unknownLoopbackFamily(UInt32)
    /// A raw-IP packet whose version nibble is neither 4 nor 6.
    case unknownIPVersion(UInt8)
    /// An IP header whose version nibble differs from the one the link layer announced.
    case ipVersionMismatch(expected: UInt8, found: UInt8)
    /// IPv4 IHL below 5 words.
    case ipv4HeaderLengthTooSmall(ihl: UInt8)
    /// IPv4 total length shorter than the header itself.
    case ipv4TotalLengthTooSmall(totalLength: UInt16, headerLength: Int)
    /// UDP length field below the 8-byte header.
    case udpLengthTooSmall(UInt16)
    /// TCP data offset below 5 words.
    case tcpDataOffsetTooSmall(UInt8)
    /// A TCP option whose length byte is impossible (below 2, past the options, or wrong for its kind).
    case tcpOptionLength(kind: UInt8, length: UInt8)

    /// A human-readable reason.
    public var description: String {
        switch self {
        case .unsupportedLinkType(let dlt): "unsupported link type \(dlt)"
        case .unknownRadiotapVersion(let version): "radiotap version \(version) is not 0"
        case .radiotapPresentBitmapOverrun: "present bitmaps or fields run past the header length"
        case .unknownLoopbackFamily(let family): "unknown address family \(family)"
        case .unknownIPVersion(let version): "IP version \(version) is neither 4 nor 6"
        case .ipVersionMismatch(let expected, let found): "IP version \(found), expected \(expected)"
        case .ipv4HeaderLengthTooSmall(let ihl): "IHL \(ihl) is below the minimum of 5"
        case .ipv4TotalLengthTooSmall(let total, let header):
            "total length \(total) is below the header length \(header)"
        case .udpLengthTooSmall(let length): "length \(length) is below the header length 8"
        case .tcpDataOffsetTooSmall(let offset): "data offset \(offset) is below the minimum of 5"
        case .tcpOptionLength(let kind, let length): "option kind \(kind) has invalid length \(length)"
        }
    }
}
