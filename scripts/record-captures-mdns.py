"""mDNS peers for scripts/record-captures-library, built on python-zeroconf (run inside a network namespace only).

usage: record-captures-mdns.py browse ADDR SECONDS     python-zeroconf ServiceBrowser for _googlecast._tcp (QM
                                                       questions), resolving what it finds; prints each service
       record-captures-mdns.py resolve ADDR ATTEMPTS   a plain querier with a fixed schedule: ATTEMPTS PTR queries
                                                       1.5 s apart until one is answered, then one SRV+TXT query per
                                                       instance that came without them; prints what it learned
       record-captures-mdns.py ptr-only ADDR NAME      a broken responder: answers PTR questions for _googlecast._tcp
                                                       with instance NAME but never sends SRV, TXT or an address
ADDR is the namespace's IPv4 address (every socket is bound to its interface: nothing reaches another one).
"""
import select
import socket
import sys
import time

from zeroconf import (DNSIncoming, DNSOutgoing, DNSPointer, DNSQuestion, DNSQuestionType, IPVersion,
                      ServiceBrowser, ServiceStateChange, Zeroconf)

SERVICE = "_googlecast._tcp.local."
GROUP = "224.0.0.251"
TYPE_PTR, TYPE_TXT, TYPE_SRV, CLASS_IN = 12, 16, 33, 1


def multicast_socket(addr):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("", 5353))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                    socket.inet_aton(GROUP) + socket.inet_aton(addr))
    # Always name the interface: without it a socket could send elsewhere.
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(addr))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 0)
    return sock


def receive(sock, seconds):
    """Yields decoded messages until `seconds` have passed."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([sock], [], [], left)
        if not ready:
            continue
        data, source = sock.recvfrom(9000)
        try:
            yield DNSIncoming(data), source
        except Exception:  # noqa: BLE001 - a peer's bad packet must not stop the recording
            continue


def send(sock, out):
    for packet in out.packets():
        sock.sendto(packet, (GROUP, 5353))


def browse(addr, seconds):
    zc = Zeroconf(interfaces=[addr], ip_version=IPVersion.V4Only)
    found = []

    def changed(zeroconf, service_type, name, state_change):
        if state_change is ServiceStateChange.Added:
            found.append(name)

    browser = ServiceBrowser(zc, SERVICE, handlers=[changed], question_type=DNSQuestionType.QM)
    time.sleep(seconds / 2)
    for name in list(found):
        info = zc.get_service_info(SERVICE, name, timeout=int(seconds * 400))
        props = {k.decode(): (v or b"").decode(errors="replace") for k, v in (info.properties if info else {}).items()}
        print(f"found {name} {info.parsed_addresses() if info else []} {props}", flush=True)
    time.sleep(seconds / 2)
    browser.cancel()
    zc.close()
    print(f"browse done: {len(found)} service(s)", flush=True)


def resolve(addr, attempts):
    sock = multicast_socket(addr)
    instances, complete = set(), set()
    for _ in range(attempts):
        out = DNSOutgoing(0, True)
        out.add_question(DNSQuestion(SERVICE, TYPE_PTR, CLASS_IN))
        send(sock, out)
        for message, _ in receive(sock, 1.5):
            if message.is_query():
                continue
            for record in message.answers():
                if record.type == TYPE_PTR and record.name.lower() == SERVICE:
                    instances.add(record.alias)
                elif record.type in (TYPE_SRV, TYPE_TXT):
                    complete.add(record.name.lower())
        if instances:
            break
    for instance in sorted(instances):
        if instance.lower() in complete:
            continue
        out = DNSOutgoing(0, True)
        out.add_question(DNSQuestion(instance, TYPE_SRV, CLASS_IN))
        out.add_question(DNSQuestion(instance, TYPE_TXT, CLASS_IN))
        send(sock, out)
        for message, _ in receive(sock, 1.5):
            if not message.is_query() and any(r.name.lower() == instance.lower() for r in message.answers()):
                complete.add(instance.lower())
    for instance in sorted(instances):
        print(f"instance {instance} {'complete' if instance.lower() in complete else 'without SRV/TXT'}", flush=True)
    print(f"resolve done: {len(instances)} instance(s)", flush=True)


def ptr_only(addr, name):
    sock = multicast_socket(addr)
    instance = f"{name}.{SERVICE}"
    print("responding", flush=True)
    while True:
        for message, _ in receive(sock, 3600):
            if not message.is_query():
                continue
            if any(q.type == TYPE_PTR and q.name.lower() == SERVICE for q in message.questions):
                out = DNSOutgoing(0x8400, True)
                out.add_answer_at_time(DNSPointer(SERVICE, TYPE_PTR, CLASS_IN, 120, instance), 0)
                send(sock, out)


def main():
    mode, addr = sys.argv[1], sys.argv[2]
    if mode == "browse":
        browse(addr, float(sys.argv[3]))
    elif mode == "resolve":
        resolve(addr, int(sys.argv[3]))
    elif mode == "ptr-only":
        ptr_only(addr, sys.argv[3])
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
