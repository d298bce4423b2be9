// Annotated byte fixtures shared by the packet header tests. Offsets in comments are from the start of the packet.

enum PacketFixtures {
    /// IPv4 (20 bytes, checksum 0x2074 valid) + TCP SYN with 20 bytes of options; 60 bytes, no payload.
    static let ipv4TCPSyn: [UInt8] = [
        // 0: IPv4 version 4, IHL 5; DSCP 0; total length 60
        0x45, 0x00, 0x00, 0x3C,
        // 4: identification 0x1C46; flags DF, fragment offset 0
        0x1C, 0x46, 0x40, 0x00,
        // 8: TTL 64, protocol 6 (TCP), header checksum 0x2074
        0x40, 0x06, 0x20, 0x74,
        // 12: source 127.0.0.1, destination 127.0.0.1
        0x7F, 0x00, 0x00, 0x01, 0x7F, 0x00, 0x00, 0x01,
        // 20: TCP source port 54321, destination port 443
        0xD4, 0x31, 0x01, 0xBB,
        // 24: sequence 0x11223344, acknowledgment 0
        0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00, 0x00,
        // 32: data offset 10 (40 bytes), flags SYN; window 65495
        0xA0, 0x02, 0xFF, 0xD7,
        // 36: checksum 0xFE30, urgent pointer 0
        0xFE, 0x30, 0x00, 0x00,
        // 40: options: MSS 65495
        0x02, 0x04, 0xFF, 0xD7,
        // 44: SACK permitted
        0x04, 0x02,
        // 46: timestamps value 0x00010203, echo 0
        0x08, 0x0A, 0x00, 0x01, 0x02, 0x03, 0x00, 0x00, 0x00, 0x00,
        // 56: NOP; window scale 7
        0x01, 0x03, 0x03, 0x07,
    ]

    /// Ethernet II header carrying IPv4: destination 02:00:00:00:00:02, source 02:00:00:00:00:01.
    static let ethernetIPv4Header: [UInt8] = [
        // 0: destination MAC
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02,
        // 6: source MAC
        0x02, 0x00, 0x00, 0x00, 0x00, 0x01,
        // 12: EtherType IPv4
        0x08, 0x00,
    ]

    /// An IPv4 + UDP datagram with IHL 6 (one 4-byte option), MF set: a first fragment.
    static let ipv4UDPFragmentWithOption: [UInt8] = [
        // 0: version 4, IHL 6 (24 bytes); total length 32
        0x46, 0x00, 0x00, 0x20,
        // 4: identification 1; flags MF, offset 0
        0x00, 0x01, 0x20, 0x00,
        // 8: TTL 64, protocol 17 (UDP), checksum 0x43C9
        0x40, 0x11, 0x43, 0xC9,
        // 12: source 10.0.0.1, destination 10.0.0.2
        0x0A, 0x00, 0x00, 0x01, 0x0A, 0x00, 0x00, 0x02,
        // 20: option bytes (kept raw)
        0x01, 0x01, 0x01, 0x00,
        // 24: UDP 5353 -> 5353, length 8, checksum 0
        0x14, 0xE9, 0x14, 0xE9, 0x00, 0x08, 0x00, 0x00,
    ]

    /// IPv4 + UDP 12345 → 53 with a 4-byte payload "ping" and 2 bytes of Ethernet-style padding after the datagram.
    static let ipv4UDPPadded: [UInt8] = [
        // 0: version 4, IHL 5; total length 32 (20 + 8 + 4)
        0x45, 0x00, 0x00, 0x20,
        // 4: identification 0, no flags
        0x00, 0x00, 0x00, 0x00,
        // 8: TTL 1, protocol 17, checksum 0 (invalid, offloaded)
        0x01, 0x11, 0x00, 0x00,
        // 12: source 192.168.1.1, destination 192.168.1.2
        0xC0, 0xA8, 0x01, 0x01, 0xC0, 0xA8, 0x01, 0x02,
        // 20: UDP 12345 -> 53, length 12, checksum 0
        0x30, 0x39, 0x00, 0x35, 0x00, 0x0C, 0x00, 0x00,
        // 28: payload "ping"
        0x70, 0x69, 0x6E, 0x67,
        // 32: padding beyond the total length
        0x00, 0x00,
    ]
}
