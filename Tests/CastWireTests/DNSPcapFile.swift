/// A minimal classic-pcap reader for the DNS cross-check: global header, record headers, and the UDP payload of
/// Ethernet + IPv4/IPv6 frames (no VLANs, no IPv6 extension headers). The inspector's real packet views live
/// elsewhere; this only has to read what tcpdump writes on a veth.
struct DNSPcapFile {
    /// One UDP datagram from the capture.
    struct Datagram {
        /// 1-based frame number, as tshark counts.
        var frameNumber: Int
        var sourcePort: UInt16
        var destinationPort: UInt16
        var payload: [UInt8]
    }

    enum ReadError: Error { case badMagic, truncated(frame: Int), unsupportedLinkType(UInt32) }

    var datagrams: [Datagram] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 24 else { throw ReadError.badMagic }
        let magic = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        let littleEndian: Bool
        switch magic {
        case 0xA1B2_C3D4, 0xA1B2_3C4D: littleEndian = true
        case 0xD4C3_B2A1, 0x4D3C_B2A1: littleEndian = false
        default: throw ReadError.badMagic
        }
        func u32(_ at: Int) -> UInt32 {
            let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
            return littleEndian ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3
        }
        let linkType = u32(20) & 0x0FFF_FFFF
        guard linkType == 1 else { throw ReadError.unsupportedLinkType(linkType) }
        var offset = 24
        var frame = 0
        while offset < bytes.count {
            frame += 1
            guard offset + 16 <= bytes.count else { throw ReadError.truncated(frame: frame) }
            let length = Int(u32(offset + 8))
            guard offset + 16 + length <= bytes.count else { throw ReadError.truncated(frame: frame) }
            let packet = Array(bytes[offset + 16..<offset + 16 + length])
            offset += 16 + length
            if let datagram = DNSPcapFile.udp(in: packet, frame: frame) { datagrams.append(datagram) }
        }
    }

    private static func be16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    private static func udp(in packet: [UInt8], frame: Int) -> Datagram? {
        guard packet.count >= 14 else { return nil }
        let etherType = be16(packet, 12)
        var udpStart: Int
        switch etherType {
        case 0x0800:
            guard packet.count >= 34, packet[23] == 17 else { return nil }
            udpStart = 14 + Int(packet[14] & 0x0F) * 4
        case 0x86DD:
            guard packet.count >= 62, packet[20] == 17 else { return nil }
            udpStart = 54
        default:
            return nil
        }
        guard packet.count >= udpStart + 8 else { return nil }
        let udpLength = be16(packet, udpStart + 4)
        let end = min(packet.count, udpStart + max(8, udpLength))
        return Datagram(frameNumber: frame, sourcePort: UInt16(be16(packet, udpStart)),
                        destinationPort: UInt16(be16(packet, udpStart + 2)),
                        payload: Array(packet[udpStart + 8..<end]))
    }
}
