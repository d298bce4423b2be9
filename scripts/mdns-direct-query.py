"""Sends one mDNS query for _googlecast._tcp.local PTR directly to ADDRESS:5353 (RFC 6762 §5.5) from LOCAL:5353 and
prints the instance names of a unicast answer, or "no answer" after the timeout. Standard library only.

usage: mdns-direct-query.py LOCAL ADDRESS [TIMEOUT_S]
The socket is bound to the local unicast address, so a multicast answer never reaches it: only a unicast one does."""
import socket
import struct
import sys


def name(labels):
    return b"".join(bytes([len(label)]) + label.encode() for label in labels) + b"\x00"


def read_name(data, offset, depth=0):
    labels = []
    while depth < 32:
        length = data[offset]
        if length & 0xC0 == 0xC0:
            pointer = (length & 0x3F) << 8 | data[offset + 1]
            labels += read_name(data, pointer, depth + 1)[0]
            return labels, offset + 2
        offset += 1
        if length == 0:
            return labels, offset
        labels.append(data[offset:offset + length].decode(errors="replace"))
        offset += length
    raise ValueError("name too deep")


local, address = sys.argv[1], sys.argv[2]
timeout = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
sock.bind((local, 5353))
sock.settimeout(timeout)
query = struct.pack(">HHHHHH", 0, 0, 1, 0, 0, 0) + name(["_googlecast", "_tcp", "local"]) + struct.pack(">HH", 12, 1)
sock.sendto(query, (address, 5353))
try:
    while True:
        data, peer = sock.recvfrom(9000)
        if peer[0] != address or not data[2] & 0x80:
            continue
        answers = struct.unpack(">H", data[6:8])[0]
        offset = 12
        for _ in range(struct.unpack(">H", data[4:6])[0]):
            offset = read_name(data, offset)[1] + 4
        for _ in range(answers):
            owner, offset = read_name(data, offset)
            rtype, _, _, length = struct.unpack(">HHIH", data[offset:offset + 10])
            if rtype == 12:
                print("answer " + ".".join(read_name(data, offset + 10)[0]))
            offset += 10 + length
        break
except socket.timeout:
    print("no answer")
