/// A validated view of a TCP header (RFC 9293) including its options; the payload is the rest of the segment.
public struct TCPHeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the header from the start of `storage`.
    public let offset: Int
    /// Header length in bytes (data offset × 4).
    public let headerLength: Int
    /// The segment's data: after the header up to what the enclosing layer allowed.
    public let payload: ByteReader

    /// The minimum header length.
    public static let minimumLength = 20

    /// Validates the fixed header and the data offset; `source` names what bounded `reader`.
    public init(_ reader: ByteReader, lengthSource source: PacketLengthSource = .captured) throws(PacketError) {
        let start = reader.position
        guard reader.remaining >= Self.minimumLength else {
            throw .truncated(.tcpHeader, need: Self.minimumLength, have: reader.remaining, at: start, source: source)
        }
        let dataOffset = reader.storage[start + 12] >> 4
        guard dataOffset >= 5 else { throw .malformed(.tcpHeader, .tcpDataOffsetTooSmall(dataOffset), at: start) }
        let length = Int(dataOffset) * 4
        guard reader.remaining >= length else {
            throw .truncated(.tcpHeader, need: length, have: reader.remaining, at: start, source: source)
        }
        storage = reader.storage
        offset = start
        headerLength = length
        payload = ByteReader(reader.storage, range: start + length..<reader.limit)
    }

    // SAFETY (all accessors): init checked `headerLength` (≥ 20) bytes from `offset`.
    /// Source port.
    public var sourcePort: UInt16 { storage.packetUInt16(at: offset) }
    /// Destination port.
    public var destinationPort: UInt16 { storage.packetUInt16(at: offset + 2) }
    /// Sequence number.
    public var sequenceNumber: UInt32 { storage.packetUInt32(at: offset + 4) }
    /// Acknowledgment number (meaningful when ACK is set).
    public var acknowledgmentNumber: UInt32 { storage.packetUInt32(at: offset + 8) }
    /// Data offset in 32-bit words.
    public var dataOffset: UInt8 { storage[offset + 12] >> 4 }
    /// Control bits.
    public var flags: TCPFlags { TCPFlags(rawValue: storage.packetUInt16(at: offset + 12) & 0x01FF) }
    /// Receive window (unscaled).
    public var window: UInt16 { storage.packetUInt16(at: offset + 14) }
    /// Checksum as sent.
    public var checksum: UInt16 { storage.packetUInt16(at: offset + 16) }
    /// Urgent pointer.
    public var urgentPointer: UInt16 { storage.packetUInt16(at: offset + 18) }
    /// Raw option bytes.
    public var optionBytes: ArraySlice<UInt8> { storage[offset + 20..<offset + headerLength] }

    /// Options that parsed, and the fault that stopped option parsing if any.
    public var parsedOptions: (options: [TCPOption], error: PacketError?) {
        TCPOption.parse(storage, range: offset + 20..<offset + headerLength)
    }

    /// The fault that stops option parsing, if any (no options built).
    public var optionsFault: PacketError? {
        TCPOption.firstFault(storage, range: offset + 20..<offset + headerLength)
    }

    /// Options, throwing at the first malformed one.
    public func options() throws(PacketError) -> [TCPOption] {
        let result = parsedOptions
        if let error = result.error { throw error }
        return result.options
    }

    /// The owned, decoded header.
    public var decoded: TCPHeader {
        let result = parsedOptions
        return TCPHeader(sourcePort: sourcePort, destinationPort: destinationPort, sequenceNumber: sequenceNumber,
                         acknowledgmentNumber: acknowledgmentNumber, flags: flags, window: window,
                         checksum: checksum, urgentPointer: urgentPointer, headerLength: headerLength,
                         options: result.options, optionsError: result.error)
    }
}
