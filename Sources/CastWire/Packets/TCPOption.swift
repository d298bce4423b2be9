/// One TCP option (RFC 9293 §3.1, RFC 7323 window scale and timestamps, RFC 2018 SACK).
public enum TCPOption: Sendable, Hashable {
    /// Kind 0: end of option list.
    case endOfList
    /// Kind 1: padding.
    case noOperation
    /// Kind 2: maximum segment size.
    case maximumSegmentSize(UInt16)
    /// Kind 3: window scale shift count.
    case windowScale(UInt8)
    /// Kind 4: SACK permitted.
    case sackPermitted
    /// Kind 5: SACK blocks as (left edge, right edge) pairs.
    case sack([TCPSACKBlock])
    /// Kind 8: timestamp value and echo reply.
    case timestamps(value: UInt32, echoReply: UInt32)
    /// Any other kind, with its data bytes (excluding kind and length).
    case unknown(kind: UInt8, data: [UInt8])

    /// Parses option bytes `range` of `bytes`, keeping the options that parsed before any fault.
    ///
    /// Options past an end-of-list are padding and are not reported.
    public static func parse(_ bytes: [UInt8], range: Range<Int>) -> (options: [TCPOption], error: PacketError?) {
        var options: [TCPOption] = []
        var cursor = range.lowerBound
        let end = range.upperBound
        while cursor < end {
            let kind = bytes[cursor]
            if kind == 0 {
                options.append(.endOfList)
                break
            }
            if kind == 1 {
                options.append(.noOperation)
                cursor += 1
                continue
            }
            guard cursor + 1 < end else {
                return (options, .truncated(.tcpOptions, need: 2, have: end - cursor, at: cursor))
            }
            let length = bytes[cursor + 1]
            guard length >= 2, cursor + Int(length) <= end else {
                return (options, .malformed(.tcpOptions, .tcpOptionLength(kind: kind, length: length), at: cursor))
            }
            let dataStart = cursor + 2
            let dataLength = Int(length) - 2
            let option: TCPOption
            switch (kind, dataLength) {
            case (2, 2): option = .maximumSegmentSize(bytes.packetUInt16(at: dataStart))
            case (3, 1): option = .windowScale(bytes[dataStart])
            case (4, 0): option = .sackPermitted
            case (5, _) where dataLength % 8 == 0 && dataLength > 0:
                option = .sack(stride(from: dataStart, to: dataStart + dataLength, by: 8).map { at in
                    TCPSACKBlock(left: bytes.packetUInt32(at: at), right: bytes.packetUInt32(at: at + 4))
                })
            case (8, 8):
                option = .timestamps(value: bytes.packetUInt32(at: dataStart),
                                     echoReply: bytes.packetUInt32(at: dataStart + 4))
            case (2...5, _), (8, _):
                return (options, .malformed(.tcpOptions, .tcpOptionLength(kind: kind, length: length), at: cursor))
            default:
                option = .unknown(kind: kind, data: Array(bytes[dataStart..<dataStart + dataLength]))
            }
            options.append(option)
            cursor += Int(length)
        }
        return (options, nil)
    }
}
