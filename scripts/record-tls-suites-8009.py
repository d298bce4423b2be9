"""Non-Cast traffic on the Cast port, for scripts/record-tls-suites (run inside its network namespace): a server on
127.0.0.1:8009 and a client talking to it, one request and one response.

usage: record-tls-suites-8009.py ajp | http [BODYBYTES] | mdns
ajp:  AJP13 (what Tomcat's connector speaks on 8009): the client sends a FORWARD_REQUEST (0x12 0x34, length, prefix
      code 2) for GET /index.html; the server answers "AB" packets SEND_HEADERS (4) 200 OK, SEND_BODY_CHUNK (3) and
      END_RESPONSE (5), each in its own segment.
http: a plain HTTP/1.1 GET and a 200 response (body "hello\n", or BODYBYTES bytes).
mdns: no server; one mDNS query (PTR _googlecast._tcp.local) from 127.0.0.1 to 224.0.0.251:5353."""
import socket
import struct
import sys
import threading
import time

PORT = 8009


def ajp_string(s):
    if s is None:
        return b"\xff\xff"
    b = s.encode()
    return struct.pack(">H", len(b)) + b + b"\0"


def forward_request():
    body = bytes([2, 2])                                   # FORWARD_REQUEST, method GET
    body += ajp_string("HTTP/1.1") + ajp_string("/index.html") + ajp_string("127.0.0.1") + ajp_string(None)
    body += ajp_string("localhost") + struct.pack(">H", 80) + b"\0"  # server name, port, is_ssl false
    headers = [(0xA00B, "localhost"), (0xA00E, "record-tls-suites"), (0xA001, "*/*")]  # host, user-agent, accept
    body += struct.pack(">H", len(headers))
    for code, value in headers:
        body += struct.pack(">H", code) + ajp_string(value)
    body += b"\xff"                                         # request terminator (no attributes)
    return b"\x12\x34" + struct.pack(">H", len(body)) + body


def container_packet(body):
    return b"AB" + struct.pack(">H", len(body)) + body


def ajp_responses():
    headers = [(0xA001, "text/plain"), (0xA003, "6")]       # Content-Type, Content-Length
    send_headers = bytes([4]) + struct.pack(">H", 200) + ajp_string("OK") + struct.pack(">H", len(headers))
    for code, value in headers:
        send_headers += struct.pack(">H", code) + ajp_string(value)
    chunk = b"hello\n"
    body_chunk = bytes([3]) + struct.pack(">H", len(chunk)) + chunk + b"\0"
    end = bytes([5, 1])                                     # END_RESPONSE, reuse
    return [container_packet(send_headers), container_packet(body_chunk), container_packet(end)]


def http_response(size):
    body = b"hello\n" if size is None else bytes(48 + i % 64 for i in range(size))
    return (b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
            % len(body)) + body


def send_mdns_query():
    name = b"".join(bytes([len(p)]) + p for p in b"_googlecast._tcp.local".split(b".")) + b"\0"
    query = struct.pack(">HHHHHH", 0, 0, 1, 0, 0, 0) + name + struct.pack(">HH", 12, 1)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
    s.bind(("127.0.0.1", 5353))
    s.sendto(query, ("224.0.0.251", 5353))
    s.close()


HTTP_REQUEST = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:8009\r\nUser-Agent: record-tls-suites\r\nAccept: */*\r\n"
                b"Connection: close\r\n\r\n")


def recv_exactly_or_idle(conn, want):
    data = b""
    conn.settimeout(3)
    while len(data) < want:
        chunk = conn.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def main():
    mode = sys.argv[1]
    if mode == "ajp":
        request, responses = forward_request(), ajp_responses()
    elif mode == "http":
        request, responses = HTTP_REQUEST, [http_response(int(sys.argv[2]) if len(sys.argv) > 2 else None)]
    elif mode == "mdns":
        send_mdns_query()
        print("mdns: one query")
        return
    else:
        sys.exit("record-tls-suites-8009.py: ajp, http or mdns")
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", PORT))
    listener.listen(1)
    result = {}

    def serve():
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        result["request"] = recv_exactly_or_idle(conn, len(request))
        for packet in responses:
            conn.sendall(packet)
            time.sleep(0.05)
        conn.close()

    server = threading.Thread(target=serve)
    server.start()
    client = socket.create_connection(("127.0.0.1", PORT))
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    client.sendall(request)
    want = sum(len(p) for p in responses)
    answer = recv_exactly_or_idle(client, want)
    server.join()
    client.close()
    listener.close()
    if result.get("request") != request or answer != b"".join(responses):
        sys.exit("record-tls-suites-8009.py: %s exchange incomplete" % mode)
    print("%s: request %d bytes, response %d bytes" % (mode, len(request), len(answer)))


if __name__ == "__main__":
    main()
