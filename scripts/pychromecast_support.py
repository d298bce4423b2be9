"""Shared by the pychromecast scripts (interop test driver and benchmark)."""
import json
import struct
import sys
import threading
import time

import pychromecast.socket_client as socket_client
from pychromecast.generated import cast_channel_pb2


def fail(step, why):
    """Prints "FAIL <step>: <why>" and exits 1."""
    print(f"FAIL {step}: {why}", flush=True)
    sys.exit(1)


def wait_for(step, predicate, timeout=15.0):
    """Polls `predicate` (errors of a status not there yet count as false); prints "ok <step>" or fails."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                print(f"ok {step}", flush=True)
                return
        except (AttributeError, TypeError, KeyError):
            pass
        time.sleep(0.05)
    fail(step, f"not reached within {timeout}s")


def cast_frame(src, dst, ns, payload):
    """One Cast frame: a 4-byte big-endian length, then a CastMessage with a JSON string payload."""
    m = cast_channel_pb2.CastMessage()
    m.protocol_version = cast_channel_pb2.CastMessage.CASTV2_1_0
    m.source_id = src
    m.destination_id = dst
    m.namespace = ns
    m.payload_type = cast_channel_pb2.CastMessage.STRING
    m.payload_utf8 = json.dumps(payload, separators=(",", ":"))
    body = m.SerializeToString()
    return struct.pack(">I", len(body)) + body


def serialize_socket_io():
    """Make pychromecast's use of its TLS socket single-threaded.

    pychromecast reads the SSL socket on its worker thread while `send_message` writes it from whichever thread
    calls it, with no lock. OpenSSL does not allow one SSL object in two threads at once; under load the record
    stream breaks ("SSLV3_ALERT_BAD_RECORD_MAC" on the client, "decryption failed or bad record mac" in the
    emulator's log) and pychromecast reconnects, failing pending requests. The same crash is reported from the field
    (pychromecast issues #156 and #193, home-assistant/core #111762 and #141619). The emulator reproduces it
    reliably on a busy machine, so the interop test serialises the two paths and tests the protocol, not the race.
    """
    lock = threading.RLock()
    original_read = socket_client.SocketClient._read_bytes_from_socket
    original_send = socket_client.SocketClient.send_message

    def locked_read(self, msglen):
        with lock:
            return original_read(self, msglen)

    def locked_send(self, *args, **kwargs):
        with lock:
            return original_send(self, *args, **kwargs)

    socket_client.SocketClient._read_bytes_from_socket = locked_read
    socket_client.SocketClient.send_message = locked_send
