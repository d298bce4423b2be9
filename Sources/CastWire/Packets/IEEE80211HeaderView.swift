/// A validated view of an IEEE 802.11 MAC header (DLT 105, or after radiotap), and of the LLC/SNAP header that
/// carries an EtherType in unprotected data frames.
///
/// Data frames: frame control (2), duration (2), three addresses (18), sequence control (2) = 24 bytes, a fourth
/// address when both ToDS and FromDS are set, QoS control (2) in QoS subtypes, HT control (4) when a QoS frame has
/// the Order bit. Management, control and protected frames carry no IP the slicer can read; `kind` says which.
public struct IEEE80211HeaderView: Sendable {
    /// What a frame is, as far as IP is concerned.
    public enum Kind: Sendable, Hashable {
        case management
        case control
        /// A data frame that carries no payload (Null, QoS Null).
        case nullData
        /// A data frame whose body is encrypted (WEP, TKIP, CCMP, GCMP): the Protected Frame bit is set.
        case protectedData
        /// A data frame whose body is an A-MSDU or is not LLC/SNAP.
        case otherData
        /// A data frame with LLC/SNAP: `etherType` names its payload.
        case data
        /// Frame type 3 (extension) or protocol version other than 0.
        case other
    }

    /// Frame control, first byte (version, type, subtype) and second (flags).
    public let frameControl: (UInt8, UInt8)
    /// What the frame is.
    public let kind: Kind
    /// The EtherType of an unprotected LLC/SNAP data frame.
    public let etherType: UInt16?
    /// The radiotap header before the frame, when the link type was radiotap.
    public let radiotap: RadiotapHeaderView?
    /// The bytes after the MAC (and LLC/SNAP) headers.
    public let payload: ByteReader

    /// The payload's network protocol, if one the slicer decodes.
    public var networkProtocol: PacketNetworkProtocol? { etherType.flatMap(PacketNetworkProtocol.init(etherType:)) }
    /// The frame type: 0 management, 1 control, 2 data, 3 extension.
    public var type: UInt8 { frameControl.0 >> 2 & 0x3 }
    /// The subtype (4 bits).
    public var subtype: UInt8 { frameControl.0 >> 4 }

    /// Validates a radiotap header and the 802.11 frame after it (DLT 127).
    public init(radiotap reader: ByteReader) throws(PacketError) {
        let radiotap = try RadiotapHeaderView(reader)
        try self.init(radiotap.frame, radiotap: radiotap)
    }

    /// Validates the frame at `reader` (DLT 105).
    public init(_ reader: ByteReader, radiotap: RadiotapHeaderView? = nil) throws(PacketError) {
        self.radiotap = radiotap
        let start = reader.position, storage = reader.storage
        guard reader.remaining >= 2 else { throw .truncated(.ieee80211, need: 2, have: reader.remaining, at: start) }
        let control = (storage[start], storage[start + 1])
        frameControl = control
        let version = control.0 & 0x3, type = control.0 >> 2 & 0x3, subtype = control.0 >> 4
        guard version == 0, type == 2 else {
            kind = version != 0 || type == 3 ? .other : type == 0 ? .management : .control
            etherType = nil
            payload = ByteReader(storage, range: reader.limit..<reader.limit)
            return
        }
        let fromAndToDS = control.1 & 0x3 == 0x3, qos = subtype & 0x8 != 0, order = control.1 & 0x80 != 0
        var headerLength = 24 + (fromAndToDS ? 6 : 0) + (qos ? 2 : 0) + (qos && order ? 4 : 0)
        if let radiotap, radiotap.flags & RadiotapHeaderView.flagDataPad != 0 { headerLength = (headerLength + 3) / 4 * 4 }
        guard reader.remaining >= headerLength else {
            throw .truncated(.ieee80211, need: headerLength, have: reader.remaining, at: start)
        }
        (kind, etherType, payload) = Self.body(storage, control: control, qos: qos,
                                               qosControlAt: start + 24 + (fromAndToDS ? 6 : 0),
                                               from: start + headerLength, to: reader.limit)
    }

    /// What the frame body is: null, protected, an A-MSDU or other, or LLC/SNAP with its EtherType.
    private static func body(_ storage: [UInt8], control: (UInt8, UInt8), qos: Bool, qosControlAt: Int, from body: Int,
                             to limit: Int) -> (Kind, UInt16?, ByteReader) {
        let rest = ByteReader(storage, range: body..<limit)
        if control.0 >> 4 & 0x4 != 0 { return (.nullData, nil, rest) }
        if control.1 & 0x40 != 0 { return (.protectedData, nil, rest) }
        // QoS control bit 7: the body is an A-MSDU (subframes with their own headers), not one LLC/SNAP packet.
        if qos, storage[qosControlAt] & 0x80 != 0 { return (.otherData, nil, rest) }
        let snapOUIs: [[UInt8]] = [[0, 0, 0], [0, 0, 0xF8]]  // RFC 1042, 802.1H bridge tunnel
        guard limit - body >= 8, storage[body] == 0xAA, storage[body + 1] == 0xAA, storage[body + 2] == 0x03,
              snapOUIs.contains(Array(storage[body + 3..<body + 6]))
        else { return (.otherData, nil, rest) }
        let etherType = UInt16(storage[body + 6]) << 8 | UInt16(storage[body + 7])
        return (.data, etherType, ByteReader(storage, range: body + 8..<limit))
    }
}
