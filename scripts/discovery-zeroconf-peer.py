"""python-zeroconf and raw-socket peers for the discovery tests and benchmarks (run inside a namespace).

  register ADDR NAME ID [TTL]  registers a _googlecast._tcp instance with a full Cast TXT record on ADDR; on SIGTERM
                          unregisters (TTL-0 goodbyes); on SIGUSR1 exits at once without goodbyes (silent death)
  browse ADDR TIMEOUT     prints "first <seconds>" when the first _googlecast instance is resolved, then exits
  pychromecast ADDR T     pychromecast.discovery.discover_chromecasts on ADDR for T seconds; prints one line per
                          device: "friendly_name|uuid|host|port|model_name"
  ptr-only ADDR NAME      a broken responder: answers _googlecast PTR queries with a PTR and nothing else,
                          and ignores SRV/TXT/A questions
  known-answers ADDR IFNAME NAME HOST PORT TXT...
                          another querier on this host: every 100 ms multicasts, from port 5353 of ADDR and of
                          IFNAME's IPv6 link-local address, a query for NAME's SRV and TXT that carries both as
                          known answers (as a resolving avahi-daemon does), so responders suppress their
                          multicast answers to this host
"""
import os
import signal
import socket
import struct
import sys
import threading
import time

SERVICE = "_googlecast._tcp.local."


def txt_properties(device_id, name):
    return {
        "id": device_id, "cd": "5A3C2B1D0E9F8A7B6C5D4E3F2A1B0C9D", "rm": "", "ve": "05",
        "md": "Google Nest Audio", "ic": "/setup/icon.png", "fn": name, "ca": "199172", "st": "1",
        "bs": "FA8FCA9E4F21", "nf": "2", "rs": "Spotify",
    }


def register(address, name, device_id, ttl=None):
    from zeroconf import IPVersion, ServiceInfo, Zeroconf
    info = ServiceInfo(
        SERVICE, f"Nest-Audio-{device_id}.{SERVICE}", addresses=[socket.inet_aton(address)], port=8009,
        properties=txt_properties(device_id, name), server=f"nest-{device_id[:8]}.local.",
        host_ttl=int(ttl) if ttl else 120, other_ttl=int(ttl) if ttl else 4500)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGUSR1, lambda *_: os._exit(0))
    zc = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
    zc.register_service(info)
    print("registered", flush=True)
    stop.wait(3600)
    zc.unregister_service(info)
    zc.close()
    print("unregistered", flush=True)


def browse(address, timeout):
    from zeroconf import IPVersion, ServiceBrowser, Zeroconf
    start = time.monotonic()
    found = threading.Event()
    zc = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)

    class Listener:
        def add_service(self, zc, type_, name):
            if zc.get_service_info(type_, name, timeout=2000) is not None:
                found.set()

        def update_service(self, *_):
            pass

        def remove_service(self, *_):
            pass

    ServiceBrowser(zc, SERVICE, Listener())
    ok = found.wait(float(timeout))
    if ok:
        print(f"first {time.monotonic() - start:.4f}", flush=True)
    zc.close()
    sys.exit(0 if ok else 1)


def pychromecast_discover(address, timeout):
    import pychromecast
    from zeroconf import IPVersion, Zeroconf
    zc = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
    infos, browser = pychromecast.discovery.discover_chromecasts(timeout=float(timeout), zeroconf_instance=zc)
    browser.stop_discovery()
    for info in infos:
        print(f"{info.friendly_name}|{info.uuid.hex}|{info.host}|{info.port}|{info.model_name}", flush=True)
    zc.close()


def encode_name(name):
    out = b""
    for label in name.rstrip(".").split("."):
        raw = label.encode()
        out += bytes([len(raw)]) + raw
    return out + b"\0"


def ptr_only(address, instance):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("", 5353))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                    socket.inet_aton("224.0.0.251") + socket.inet_aton(address))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(address))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
    service = encode_name(SERVICE)
    target = encode_name(f"{instance}.{SERVICE}")
    print("listening", flush=True)
    while True:
        data, _ = sock.recvfrom(9000)
        if len(data) < 12 or data[2] & 0x80:
            continue
        if service not in data[12:] or b"\x00\x0c\x00" not in data[12:]:
            continue
        answer = service + struct.pack(">HHIH", 12, 1, 4500, len(target)) + target
        header = struct.pack(">HHHHHH", 0, 0x8400, 0, 1, 0, 0)
        sock.sendto(header + answer, ("224.0.0.251", 5353))


def known_answers(address, interface, instance, host, port, txt):
    index = socket.if_nametoindex(interface)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock6 = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
    for each in (sock, sock6):
        each.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        each.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("", 5353))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(address))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
    sock6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
    sock6.bind(("::", 5353))
    sock6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_MULTICAST_IF, index)
    sock6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_MULTICAST_HOPS, 255)
    name = encode_name(f"{instance}.{SERVICE}")
    srv_data = struct.pack(">HHH", 0, 0, int(port)) + encode_name(host)
    txt_data = b"".join(bytes([len(item.encode())]) + item.encode() for item in txt)
    questions = name + struct.pack(">HH", 33, 1) + name + struct.pack(">HH", 16, 1)
    answers = (name + struct.pack(">HHIH", 33, 1, 120, len(srv_data)) + srv_data
               + name + struct.pack(">HHIH", 16, 1, 4500, len(txt_data)) + txt_data)
    packet = struct.pack(">HHHHHH", 0, 0, 2, 2, 0, 0) + questions + answers
    print("querying", flush=True)
    while True:
        sock.sendto(packet, ("224.0.0.251", 5353))
        sock6.sendto(packet, ("ff02::fb", 5353, 0, index))
        time.sleep(0.1)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "register":
        register(*sys.argv[2:6])
    elif mode == "browse":
        browse(sys.argv[2], sys.argv[3])
    elif mode == "pychromecast":
        pychromecast_discover(sys.argv[2], sys.argv[3])
    elif mode == "ptr-only":
        ptr_only(sys.argv[2], sys.argv[3])
    elif mode == "known-answers":
        known_answers(*sys.argv[2:7], sys.argv[7:])
