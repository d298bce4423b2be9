"""python-zeroconf peer for scripts/record-mdns-fixture: publishes a _googlecast._tcp service with a full Cast TXT
record on one interface address, browses the same type (QU first query, known-answer lists), and unregisters
(TTL-0 goodbyes) when it receives SIGTERM."""
import signal
import socket
import sys
import threading

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, Zeroconf

address = sys.argv[1]
service_type = "_googlecast._tcp.local."
properties = {
    "id": "8e0e23c0a1b2c3d4e5f60718293a4b5c",
    "cd": "5A3C2B1D0E9F8A7B6C5D4E3F2A1B0C9D",
    "rm": "",
    "ve": "05",
    "md": "Google Nest Audio",
    "ic": "/setup/icon.png",
    "fn": "Küche Lautsprecher",
    "ca": "199172",
    "st": "1",
    "bs": "FA8FCA9E4F21",
    "nf": "2",
    "rs": "Spotify",
    "flag": None,
}
info = ServiceInfo(
    service_type,
    "Nest-Audio-8e0e23c0a1b2c3d4e5f60718293a4b5c." + service_type,
    addresses=[socket.inet_aton(address)],
    port=8009,
    properties=properties,
    server="8e0e23c0-a1b2-c3d4-e5f6-0718293a4b5c.local.",
)

stop = threading.Event()
signal.signal(signal.SIGTERM, lambda *_: stop.set())
zc = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
zc.register_service(info)


class Listener:
    def add_service(self, zc, type_, name):
        zc.get_service_info(type_, name, timeout=2000)

    def update_service(self, zc, type_, name):
        pass

    def remove_service(self, zc, type_, name):
        pass


browser = ServiceBrowser(zc, service_type, Listener())
print("zeroconf: registered", flush=True)
stop.wait(60)
browser.cancel()
zc.unregister_service(info)
zc.close()
print("zeroconf: closed", flush=True)
