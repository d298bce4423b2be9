"""pychromecast's channel layer against a castscope receiver: TLS connect + CONNECT + GET_STATUS, then serial
PING->PONG and GET_STATUS->RECEIVER_STATUS round trips. Sends exactly as SocketClient.send_message does
(CastMessage from pychromecast.generated, json.dumps payload, pack(">I") + sendall, no TCP_NODELAY) and reads with
pychromecast's own SocketClient._read_message / _read_bytes_from_socket. Prints one JSON object.

usage: pychannel.py HOST PORT ROUND_TRIPS
"""
import json
import logging
import socket
import ssl
import sys
import threading
import time
import types
from struct import pack

from pychromecast.generated.cast_channel_pb2 import CastMessage
from pychromecast.socket_client import SocketClient

NS_CONNECTION = "urn:x-cast:com.google.cast.tp.connection"
NS_HEARTBEAT = "urn:x-cast:com.google.cast.tp.heartbeat"
NS_RECEIVER = "urn:x-cast:com.google.cast.receiver"


class Channel:
    """Just the attributes SocketClient's read path uses."""

    def __init__(self, host, port):
        self.host, self.port, self.fn = host, port, None
        self.stop = threading.Event()
        self.logger = logging.getLogger("pychannel")
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # pychromecast's new_socket(): no TCP_NODELAY
        raw.connect((host, port))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        self.socket = context.wrap_socket(raw)
        self._read_bytes_from_socket = types.MethodType(SocketClient._read_bytes_from_socket, self)
        self.read_message = types.MethodType(SocketClient._read_message, self)
        self.request_id = 0

    def send(self, destination, namespace, data):
        self.request_id += 1
        data["requestId"] = self.request_id
        msg = CastMessage()
        msg.protocol_version = msg.CASTV2_1_0
        msg.source_id = "sender-0"
        msg.destination_id = destination
        msg.payload_type = CastMessage.STRING
        msg.namespace = namespace
        msg.payload_utf8 = json.dumps(data, ensure_ascii=False)
        self.socket.sendall(pack(">I", msg.ByteSize()) + msg.SerializeToString())

    def wait_for(self, namespace, kind):
        while True:
            message = self.read_message()
            if message.namespace == namespace and json.loads(message.payload_utf8).get("type") == kind:
                return


def main():
    host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    connects = []
    for _ in range(20):
        start = time.perf_counter()
        channel = Channel(host, port)
        channel.send("receiver-0", NS_CONNECTION, {"type": "CONNECT", "origin": {}})
        channel.send("receiver-0", NS_RECEIVER, {"type": "GET_STATUS"})
        channel.wait_for(NS_RECEIVER, "RECEIVER_STATUS")
        connects.append(time.perf_counter() - start)
        channel.socket.close()
    channel = Channel(host, port)
    channel.send("receiver-0", NS_CONNECTION, {"type": "CONNECT", "origin": {}})
    results = {"connect_ms": sorted(connects)[len(connects) // 2] * 1000}
    for name, namespace, request, reply in [
        ("ping", NS_HEARTBEAT, "PING", "PONG"),
        ("status", NS_RECEIVER, "GET_STATUS", "RECEIVER_STATUS"),
    ]:
        best = 0.0
        for _ in range(3):
            start = time.perf_counter()
            for _ in range(count):
                channel.send("receiver-0", namespace, {"type": request})
                channel.wait_for(namespace, reply)
            best = max(best, count / (time.perf_counter() - start))
        results[name + "_round_trips_per_s"] = best
    channel.socket.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
