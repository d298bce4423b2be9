"""Times python-zeroconf's DNSIncoming on the packets castscope's DNS benchmark parses (one hex packet per line in
the file given as argument). Parsing is forced completely by calling answers(). Prints packets_per_s last."""
import sys
import time

from zeroconf import DNSIncoming

packets = [bytes.fromhex(line.strip()) for line in open(sys.argv[1]) if line.strip()]
for packet in packets:
    message = DNSIncoming(packet)
    assert message.valid and len(message.answers()) == 4, "benchmark packet does not parse"


def run(rounds):
    start = time.perf_counter()
    for _ in range(rounds):
        for packet in packets:
            DNSIncoming(packet).answers()
    return time.perf_counter() - start


run(2000)  # warm-up
rounds = 20000
best = min(run(rounds) for _ in range(3))
count = rounds * len(packets)
print(f"packets {count} seconds {best:.3f}")
print(f"packets_per_s {count / best:.1f}")
