"""Offline writers for scripts/record-tls-suites: Cast frame files for the openssl tools, a multi-section pcapng, and
802.11 captures (DLT 105 and radiotap, DLT 127). Nothing here touches a network.

usage: record-tls-suites-synth.py frames DIR          early.bin (0-RTT), ping.bin, pong.bin, hello.bin, status.bin
       record-tls-suites-synth.py sections OUT.pcapng  three sections: 2 IDBs (EN10MB us, LINUX_SLL2 ns + if_tsoffset),
                                                      one with no IDB and no packet, one with its own IDB (RAW, ms)
       record-tls-suites-synth.py wifi OUT.pcap        DLT_IEEE802_11 (105), no FCS
       record-tls-suites-synth.py radiotap OUT.pcap    DLT_IEEE802_11_RADIO (127); one frame with TSFT, an extended
                                                      present bitmap and the FCS flag with a real FCS
Frames are a 4-byte big-endian length and a CastMessage (pychromecast's cast_channel_pb2), like
scripts/record-captures-cast.py; the rest is the standard library."""
import json
import os
import struct
import sys
import zlib

NS = "urn:x-cast:com.google.cast."


# Cast frames -------------------------------------------------------------------------------------------------------

def cast_frame(src, dst, ns, payload):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from pychromecast_support import cast_frame as frame
    return frame(src, dst, ns, payload)


def frames(directory):
    files = {
        # The 0-RTT frame: a CONNECT the driver never sends (its userAgent), so it is found in tshark's stream.
        "early.bin": cast_frame("sender-0", "receiver-0", NS + "tp.connection",
                                {"type": "CONNECT", "connType": 0, "userAgent": "record-tls-suites 0-RTT"}),
        "ping.bin": cast_frame("sender-0", "receiver-0", NS + "tp.heartbeat", {"type": "PING"}),
        "pong.bin": cast_frame("receiver-0", "sender-0", NS + "tp.heartbeat", {"type": "PONG"}),
        # After a client KeyUpdate: one frame each way under the new keys.
        "hello.bin": cast_frame("sender-0", "receiver-0", NS + "receiver", {"type": "GET_STATUS", "requestId": 9}),
        "status.bin": cast_frame("receiver-0", "sender-0", NS + "receiver",
                                 {"type": "RECEIVER_STATUS", "requestId": 9,
                                  "status": {"applications": [], "volume": {"level": 0.25}}}),
    }
    for name, data in files.items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)


# Packets ---------------------------------------------------------------------------------------------------------

def checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(">%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def ip4(a):
    return bytes(int(x) for x in a.split("."))


def ipv4_udp(src, dst, sport, dport, payload, ident=0x1234, ttl=255):
    udp_len = 8 + len(payload)
    pseudo = ip4(src) + ip4(dst) + struct.pack(">BBH", 0, 17, udp_len)
    udp = struct.pack(">HHHH", sport, dport, udp_len, 0) + payload
    csum = checksum(pseudo + udp) or 0xFFFF
    udp = udp[:6] + struct.pack(">H", csum) + udp[8:]
    header = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + udp_len, ident, 0x4000, ttl, 17, 0, ip4(src), ip4(dst))
    header = header[:10] + struct.pack(">H", checksum(header)) + header[12:]
    return header + udp


def ipv4_tcp(src, dst, sport, dport, seq, ack, flags, payload, ident=0x4321):
    tcp = struct.pack(">HHIIBBHHH", sport, dport, seq, ack, 5 << 4, flags, 65535, 0, 0) + payload
    pseudo = ip4(src) + ip4(dst) + struct.pack(">BBH", 0, 6, len(tcp))
    tcp = tcp[:16] + struct.pack(">H", checksum(pseudo + tcp)) + tcp[18:]
    header = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), ident, 0x4000, 64, 6, 0, ip4(src), ip4(dst))
    header = header[:10] + struct.pack(">H", checksum(header)) + header[12:]
    return header + tcp


def dns_name(name):
    out = b""
    for label in name.rstrip(".").split("."):
        out += bytes([len(label)]) + label.encode()
    return out + b"\0"


CAST_SERVICE = "_googlecast._tcp.local"
INSTANCE = "Chromecast-0123456789abcdef0123456789abcdef"


def mdns_query():
    return struct.pack(">HHHHHH", 0, 0, 1, 0, 0, 0) + dns_name(CAST_SERVICE) + struct.pack(">HH", 12, 1)


def mdns_response():
    # Answer: PTR _googlecast._tcp.local -> INSTANCE._googlecast._tcp.local; additionals TXT, SRV, A. The service
    # name sits at offset 12 (the answer's owner), so later names point at it (0xC00C).
    head = struct.pack(">HHHHHH", 0, 0x8400, 0, 1, 0, 3)
    service = dns_name(CAST_SERVICE)
    instance_label = bytes([len(INSTANCE)]) + INSTANCE.encode()
    ptr_rdata = instance_label + b"\xc0\x0c"
    body = service + struct.pack(">HHIH", 12, 1, 4500, len(ptr_rdata)) + ptr_rdata
    instance_offset = 12 + len(service) + 10  # where the PTR rdata (the instance name) starts
    instance_ptr = struct.pack(">H", 0xC000 | instance_offset)
    txt = b"".join(bytes([len(s)]) + s for s in
                   [b"id=0123456789abcdef0123456789abcdef", b"md=Chromecast", b"fn=Living Room", b"ve=05"])
    body += instance_ptr + struct.pack(">HHIH", 16, 0x8001, 4500, len(txt)) + txt
    target = dns_name("0123456789abcdef0123456789abcdef.local")
    srv = struct.pack(">HHH", 0, 0, 8009) + target
    body += instance_ptr + struct.pack(">HHIH", 33, 0x8001, 120, len(srv)) + srv
    target_offset = 12 + len(body) - len(target)
    body += struct.pack(">H", 0xC000 | target_offset) + struct.pack(">HHIH", 1, 0x8001, 120, 4) + ip4("192.168.1.50")
    return head + body


def ether(dst, src, ethertype, payload):
    return bytes.fromhex(dst.replace(":", "")) + bytes.fromhex(src.replace(":", "")) + struct.pack(">H", ethertype) \
        + payload


def sll2(protocol, ifindex, pkttype, addr, payload):
    # LINUX_SLL2: protocol, reserved, interface index, ARPHRD, packet type, address length, 8 address bytes.
    a = bytes.fromhex(addr.replace(":", ""))
    return struct.pack(">HHIHBB", protocol, 0, ifindex, 1, pkttype, len(a)) + a.ljust(8, b"\0") + payload


# pcapng ----------------------------------------------------------------------------------------------------------

def block(kind, body):
    body += b"\0" * (-len(body) % 4)
    total = 12 + len(body)
    return struct.pack("<II", kind, total) + body + struct.pack("<I", total)


def option(code, value):
    return struct.pack("<HH", code, len(value)) + value + b"\0" * (-len(value) % 4)


def shb(comment):
    return block(0x0A0D0D0A, struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1)
                 + option(1, comment.encode()) + option(4, b"record-tls-suites-synth.py") + option(0, b""))


def idb(linktype, snaplen, name, tsresol=None, tsoffset=None):
    opts = option(2, name.encode())
    if tsresol is not None:
        opts += option(9, bytes([tsresol]))
    if tsoffset is not None:
        opts += option(14, struct.pack("<q", tsoffset))
    return block(1, struct.pack("<HHI", linktype, 0, snaplen) + opts + option(0, b""))


def epb(interface, ticks, data, snaplen):
    captured = data[:snaplen]
    body = struct.pack("<IIIII", interface, ticks >> 32, ticks & 0xFFFFFFFF, len(captured), len(data)) + captured
    return block(6, body)


def sections(path):
    # Section 1, interface 0: Ethernet, microseconds (if_tsresol 6), snaplen 262144: mDNS query and response.
    # Section 1, interface 1: LINUX_SLL2, nanoseconds (if_tsresol 9), if_tsoffset 1700000000 s (timestamps are
    #   nanoseconds since then), snaplen 200: a TCP segment of 400 bytes of payload, truncated to 200.
    # Section 2: an SHB alone (no interface, no packet).
    # Section 3, its interface 0 (tshark's interface 2): LINKTYPE_RAW (101), milliseconds (if_tsresol 3), snaplen
    #   65535: a UDP datagram.
    mac_a, mac_b = "02:00:00:00:00:01", "01:00:5e:00:00:fb"
    q = ether(mac_b, mac_a, 0x0800, ipv4_udp("192.168.1.20", "224.0.0.251", 5353, 5353, mdns_query()))
    r = ether(mac_b, "02:00:00:00:00:02", 0x0800, ipv4_udp("192.168.1.50", "224.0.0.251", 5353, 5353,
                                                           mdns_response()))
    seg = sll2(0x0800, 1, 0, "00:00:00:00:00:00",
               ipv4_tcp("127.0.0.1", "127.0.0.1", 40000, 8009, 1000, 2000, 0x18, bytes(range(200)) * 2))
    ack = sll2(0x0800, 1, 4, "00:00:00:00:00:00",
               ipv4_tcp("127.0.0.1", "127.0.0.1", 8009, 40000, 2000, 1400, 0x10, b""))
    raw = ipv4_udp("10.0.0.1", "10.0.0.2", 40001, 9, b"section three")
    us = 1_700_000_000_000_000  # 2023-11-14T22:13:20Z in microseconds
    out = shb("section 1: two interfaces, different link types, snaplens, if_tsresol; if_tsoffset on one")
    out += idb(1, 262144, "eth-us", tsresol=6)
    out += idb(276, 200, "any-ns-offset", tsresol=9, tsoffset=1_700_000_000)
    out += epb(0, us + 100_000, q, 262144)                  # 1700000000.100000
    out += epb(1, 123_456_789, seg, 200)                    # 1700000000.123456789 (offset + 0.123456789)
    out += epb(1, 150_000_001, ack, 200)                    # 1700000000.150000001
    out += epb(0, us + 200_001, r, 262144)                  # 1700000000.200001
    out += shb("section 2: no interface, no packet")
    out += shb("section 3: its own interface, milliseconds")
    out += idb(101, 65535, "raw-ms", tsresol=3)
    out += epb(0, 1_700_000_001_250, raw, 65535)            # 1700000001.250
    with open(path, "wb") as f:
        f.write(out)


# 802.11 -------------------------------------------------------------------------------------------------------------

BSSID = bytes.fromhex("02aabbccdd01")
STA = bytes.fromhex("02aabbccdd02")      # the sender (a phone)
CAST = bytes.fromhex("02aabbccdd03")     # the Cast device
MDNS_MAC = bytes.fromhex("01005e0000fb")
BROADCAST = b"\xff" * 6
LLC_SNAP_IPV4 = bytes.fromhex("aaaa030000000800")


def seqctl(n):
    return struct.pack("<H", n << 4)


def wifi_frames():
    """(name, frame) in order; frames carry no FCS."""
    ies = (b"\x00\x0dCastscope-Lab" + b"\x01\x08\x82\x84\x8b\x96\x0c\x12\x18\x24" + b"\x03\x01\x06")
    beacon = (struct.pack("<BBH", 0x80, 0x00, 0) + BROADCAST + BSSID + BSSID + seqctl(1)
              + struct.pack("<QHH", 0x1122334455, 100, 0x0411) + ies)
    ack = struct.pack("<BBH", 0xD4, 0x00, 0) + STA
    # QoS data, ToDS: addr1 BSSID, addr2 SA (the phone), addr3 DA (mDNS group); QoS control TID 0.
    qos = (struct.pack("<BBH", 0x88, 0x01, 44) + BSSID + STA + MDNS_MAC + seqctl(2) + struct.pack("<H", 0)
           + LLC_SNAP_IPV4 + ipv4_udp("192.168.1.20", "224.0.0.251", 5353, 5353, mdns_query()))
    # Data (not QoS), FromDS: addr1 DA (mDNS group), addr2 BSSID, addr3 SA (the Cast device).
    fromds = (struct.pack("<BBH", 0x08, 0x02, 0) + MDNS_MAC + BSSID + CAST + seqctl(3)
              + LLC_SNAP_IPV4 + ipv4_udp("192.168.1.50", "224.0.0.251", 5353, 5353, mdns_response()))
    # Protected QoS data, ToDS: CCMP header (PN 1, key 0, ExtIV), 48 bytes of ciphertext, 8-byte MIC.
    ccmp = bytes([0x01, 0x00, 0x00, 0x20, 0, 0, 0, 0])
    protected = (struct.pack("<BBH", 0x88, 0x41, 44) + BSSID + STA + CAST + seqctl(4) + struct.pack("<H", 0)
                 + ccmp + bytes((i * 37 + 11) & 0xFF for i in range(48)) + bytes.fromhex("0102030405060708"))
    # Null data, ToDS, power management set.
    null = struct.pack("<BBH", 0x48, 0x11, 44) + BSSID + STA + BSSID + seqctl(5)
    return [("beacon", beacon), ("ack", ack), ("qos-mdns-query", qos), ("fromds-mdns-response", fromds),
            ("protected", protected), ("null", null)]


def pcap(path, linktype, packets, snaplen=65535):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, snaplen, linktype))
        for i, data in enumerate(packets):
            f.write(struct.pack("<IIII", 1_700_000_000 + i, 1000 * i, len(data), len(data)) + data)


def radiotap_simple(flags):
    # present: Flags (1), Rate (2), Channel (3), dBm antenna signal (5). Flags at offset 8.
    present = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 5)
    fields = struct.pack("<BBHHb", flags, 12, 2437, 0x00A0, -42)
    return struct.pack("<BBHI", 0, 0, 8 + len(fields), present) + fields


def radiotap_rich(flags):
    # Two present words (bit 31, Ext, in the first): word 0 TSFT (0), Flags (1), Rate (2), Channel (3),
    # dBm antenna signal (5), RX flags (14), radiotap namespace (29), Ext (31); word 1 dBm antenna signal (5) and
    # antenna (11) for chain 0. The header is 12 bytes, so the 8-aligned TSFT is at 16 and Flags at 24.
    word0 = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 5) | (1 << 14) | (1 << 29) | (1 << 31)
    word1 = (1 << 5) | (1 << 11)
    fields = b"\0" * 4                                     # pad 12 -> 16
    fields += struct.pack("<Q", 0x0000000102030405)        # TSFT at 16
    fields += struct.pack("<BB", flags, 12)               # Flags at 24, Rate at 25
    fields += struct.pack("<HH", 2437, 0x00A0)            # Channel at 26
    fields += struct.pack("<b", -40)                       # antenna signal at 30
    fields += b"\0"                                        # pad 31 -> 32
    fields += struct.pack("<H", 0)                         # RX flags at 32
    fields += struct.pack("<bB", -41, 0)                   # chain 0: antenna signal at 34, antenna at 35
    return struct.pack("<BBHII", 0, 0, 12 + len(fields), word0, word1) + fields


def radiotap(path):
    FCS_FLAG, SHORT_PREAMBLE = 0x10, 0x02
    packets = []
    for name, frame in wifi_frames():
        if name == "qos-mdns-query":
            fcs = struct.pack("<I", zlib.crc32(frame) & 0xFFFFFFFF)
            packets.append(radiotap_rich(FCS_FLAG) + frame + fcs)
        else:
            packets.append(radiotap_simple(SHORT_PREAMBLE if name == "beacon" else 0) + frame)
    pcap(path, 127, packets)


def main():
    what, target = sys.argv[1], sys.argv[2]
    if what == "frames":
        frames(target)
    elif what == "sections":
        sections(target)
    elif what == "wifi":
        pcap(target, 105, [f for _, f in wifi_frames()])
    elif what == "radiotap":
        radiotap(target)
    else:
        sys.exit("record-tls-suites-synth.py: unknown %r" % what)


if __name__ == "__main__":
    main()
