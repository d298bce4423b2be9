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
        let error = walk(bytes, range: range) { kind, dataStart, dataLength in
            options.append(option(kind: kind, in: bytes, dataStart: dataStart, dataLength: dataLength))
        }
        return (options, error)
    }

    /// The fault that stops parsing option bytes `range` of `bytes`, if any, without building the options (the
    /// packet slicer checks every segment's options; few are ever read).
    public static func firstFault(_ bytes: [UInt8], range: Range<Int>) -> PacketError? {
        walk(bytes, range: range) { _, _, _ in }
    }

    /// Visits each well-formed option's kind and data range in order, up to the end-of-list, and returns the fault
    /// that stopped the walk, if any.
    private static func walk(_ bytes: [UInt8], range: Range<Int>,
                             _ visit: (_ kind: UInt8, _ dataStart: Int, _ dataLength: Int) -> Void) -> PacketError? {
        var cursor = range.lowerBound
        let end = range.upperBound
        while cursor < end {
            let kind = bytes[cursor]
            if kind <= 1 {
                visit(kind, cursor + 1, 0)
                if kind == 0 { break }
                cursor += 1
                continue
            }
            guard cursor + 1 < end else {
                return .truncated(.tcpOptions, need: 2, have: end - cursor, at: cursor)
            }
            let length = bytes[cursor + 1]
            guard length >= 2, cursor + Int(length) <= end else {
                return .malformed(.tcpOptions, .tcpOptionLength(kind: kind, length: length), at: cursor)
            }
            let dataLength = Int(length) - 2
            switch (kind, dataLength) {
            case (2, 2), (3, 1), (4, 0), (8, 8): break
            case (5, _) where dataLength % 8 == 0 && dataLength > 0: break
            case (2...5, _), (8, _):
                return .malformed(.tcpOptions, .tcpOptionLength(kind: kind, length: length), at: cursor)
            default: break
            }
            visit(kind, cursor + 2, dataLength)
            cursor += Int(length)
        }
        return nil
    }

    /// The option of `kind` whose data (already checked by `walk`) is `dataLength` bytes at `dataStart`.
    private static func option(kind: UInt8, in bytes: [UInt8], dataStart: Int, dataLength: Int) -> TCPOption {
        switch kind {
        case 0: .endOfList
        case 1: .noOperation
        case 2: .maximumSegmentSize(bytes.packetUInt16(at: dataStart))
        case 3: .windowScale(bytes[dataStart])
        case 4: .sackPermitted
        case 5:
            .sack(stride(from: dataStart, to: dataStart + dataLength, by: 8).map { at in
                TCPSACKBlock(left: bytes.packetUInt32(at: at), right: bytes.packetUInt32(at: at + 4))
            })
        case 8: .timestamps(value: bytes.packetUInt32(at: dataStart), echoReply: bytes.packetUInt32(at: dataStart + 4))
        default: .unknown(kind: kind, data: Array(bytes[dataStart..<dataStart + dataLength]))
        }
    }
}
