#!/usr/bin/env python3
"""pychromecast side of `make bench-channel`: the same measurements as ChannelBench's own channel layer, against the
same `castscope receiver` (loopback only). Prints one JSON object on stdout.

Usage: bench-channel-pychromecast.py HOST PORT ID ROUNDS SECONDS
  connect_ms   median of ROUNDS: Chromecast() + wait() = TCP + TLS + CONNECT + GET_STATUS → RECEIVER_STATUS
  load_ms      median of ROUNDS: play_media() on the running Default Media Receiver → its LOAD reply (MEDIA_STATUS)
  getstatus_per_s  media GET_STATUS → MEDIA_STATUS round trips per second for SECONDS, one at a time
"""
import json
import logging
import statistics
import sys
import threading
import time
import uuid

import pychromecast

logging.disable(logging.CRITICAL)


def connect(host, port, device_id):
    cast = pychromecast.get_chromecast_from_host(
        (host, port, uuid.UUID(device_id), "Chromecast", "bench"), tries=1, timeout=10)
    cast.wait(timeout=10)
    if cast.status is None:
        raise SystemExit("no RECEIVER_STATUS")
    return cast


def round_trip(send):
    done = threading.Event()
    send(lambda *args: done.set())
    if not done.wait(10):
        raise SystemExit("no reply within 10 s")


def main():
    host, port, device_id, rounds, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), \
        float(sys.argv[5])
    if not host.startswith("127."):
        raise SystemExit("loopback only")
    connect_ms = []
    for _ in range(rounds):
        start = time.perf_counter()
        cast = connect(host, port, device_id)
        connect_ms.append((time.perf_counter() - start) * 1000)
        cast.disconnect(timeout=5)

    cast = connect(host, port, device_id)
    mc = cast.media_controller
    mc.play_media("http://127.0.0.1:9/bench.mp4", "video/mp4", stream_type="BUFFERED")
    mc.block_until_active(timeout=10)
    load_ms = []
    for index in range(rounds):
        start = time.perf_counter()
        round_trip(lambda cb: mc.play_media(f"http://127.0.0.1:9/bench-{index}.mp4", "video/mp4",
                                            stream_type="BUFFERED", callback_function=cb))
        load_ms.append((time.perf_counter() - start) * 1000)

    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        round_trip(lambda cb: mc.update_status(callback_function=cb))
        count += 1
    rate = count / (time.perf_counter() - start)
    cast.disconnect(timeout=5)
    print(json.dumps({"connect_ms": statistics.median(connect_ms), "load_ms": statistics.median(load_ms),
                      "getstatus_per_s": rate}))


if __name__ == "__main__":
    main()
