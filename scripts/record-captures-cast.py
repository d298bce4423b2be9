"""Cast traffic driver for scripts/record-captures: writes framed CastMessages (built with pychromecast's real
cast_channel_pb2 schema) into the stdin FIFOs of `openssl s_client` (sender side) and `openssl s_server`
(receiver side), so the TLS session between them carries a realistic Cast conversation in both directions.

usage: record-captures-cast.py CLIENT_FIFO SERVER_FIFO [keyupdate | bulk=MIB]
bulk=MIB appends MIB mebibytes of MEDIA_STATUS traffic (about 16 KiB per message, one TLS record each) with
PING/PONG between them, for the benchmark's large capture.
Every write starts with a frame's 4-byte length (first byte 0x00), so the openssl tools never mistake it for one
of their single-letter commands; "k\\n" alone asks s_server for a TLS 1.3 KeyUpdate when 'keyupdate' is given."""
import sys
import time

from pychromecast_support import cast_frame as frame

client = open(sys.argv[1], "wb", buffering=0)
server = open(sys.argv[2], "wb", buffering=0)
keyupdate = len(sys.argv) > 3 and sys.argv[3] == "keyupdate"
bulk = int(sys.argv[3][5:]) if len(sys.argv) > 3 and sys.argv[3].startswith("bulk=") else 0

NS = "urn:x-cast:com.google.cast."


def c2s(src, dst, ns, payload):
    client.write(frame(src, dst, ns, payload))
    time.sleep(0.05)


def s2c(src, dst, ns, payload):
    server.write(frame(src, dst, ns, payload))
    time.sleep(0.05)


app = {"appId": "CC1AD845", "displayName": "Default Media Receiver", "sessionId": "7E2F", "transportId": "7E2F",
       "namespaces": [{"name": NS + "media"}, {"name": NS + "tp.connection"}]}
c2s("sender-0", "receiver-0", NS + "tp.connection", {"type": "CONNECT", "connType": 0})
c2s("sender-0", "receiver-0", NS + "receiver", {"type": "GET_STATUS", "requestId": 1})
s2c("receiver-0", "sender-0", NS + "receiver",
    {"type": "RECEIVER_STATUS", "requestId": 1, "status": {"applications": [], "volume": {"level": 0.5}}})
c2s("sender-0", "receiver-0", NS + "tp.heartbeat", {"type": "PING"})
s2c("receiver-0", "sender-0", NS + "tp.heartbeat", {"type": "PONG"})
c2s("sender-0", "receiver-0", NS + "receiver", {"type": "LAUNCH", "requestId": 2, "appId": "CC1AD845"})
s2c("receiver-0", "sender-0", NS + "receiver",
    {"type": "RECEIVER_STATUS", "requestId": 2, "status": {"applications": [app]}})
if keyupdate:
    server.write(b"k\n")
    time.sleep(0.2)
c2s("sender-1", "7E2F", NS + "tp.connection", {"type": "CONNECT", "connType": 0})
c2s("sender-1", "7E2F", NS + "media",
    {"type": "LOAD", "requestId": 3, "media": {"contentId": "http://127.0.0.1/x.mp4", "contentType": "video/mp4"}})
s2c("7E2F", "sender-1", NS + "media", {"type": "LOAD_FAILED", "requestId": 3, "detailedErrorCode": 104})
c2s("sender-1", "7E2F", "urn:x-cast:com.example.custom", {"type": "HELLO", "requestId": 4})
c2s("sender-1", "7E2F", NS + "media", {"type": "GET_STATUS", "requestId": 5})
s2c("7E2F", "sender-1", NS + "media",
    {"type": "MEDIA_STATUS", "requestId": 5, "status": [{"mediaSessionId": 1, "playerState": "IDLE"}]})
if bulk:
    metadata = {"title": "x" * 15_800}
    sent = 0
    request = 100
    while sent < bulk << 20:
        data = frame("7E2F", "sender-1", NS + "media", {"type": "MEDIA_STATUS", "requestId": 0, "status": [
            {"mediaSessionId": 1, "playerState": "PLAYING", "currentTime": sent, "media": {"metadata": metadata}}]})
        server.write(data)
        sent += len(data)
        if request % 16 == 0:
            client.write(frame("sender-0", "receiver-0", NS + "tp.heartbeat", {"type": "PING"}))
            server.write(frame("receiver-0", "sender-0", NS + "tp.heartbeat", {"type": "PONG"}))
        request += 1
        time.sleep(0.002)
s2c("7E2F", "sender-1", NS + "tp.connection", {"type": "CLOSE"})
time.sleep(0.3)
