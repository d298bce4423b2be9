#!/usr/bin/env python3
"""pychromecast side of `make bench-sender`: the figures SenderBench measures for castscope's sender, taken with
pychromecast against the same receiver emulator in the same run (loopback only, no mDNS: the device is given by
host and port). Prints one JSON object on stdout.

Usage: bench-sender-pychromecast.py HOST PORT DEVICE_ID ROUNDS ROUND_TRIPS
       bench-sender-pychromecast.py HOST PORT DEVICE_ID --once
  --once          one start to PLAYING, then quit_app and exit: timed from outside as a whole process
  start_ms        every round: get_chromecast_from_host + wait (TCP, TLS, CONNECT, GET_STATUS), play_media (LAUNCH of
                  the Default Media Receiver, CONNECT to it, LOAD) until MEDIA_STATUS says PLAYING; then quit_app
  round_trip_us   every PAUSE/PLAY → MEDIA_STATUS reply, one at a time on one session
  commands_per_s  ROUND_TRIPS / the time they took
  idle_rss_kib    resident memory of this process holding one idle session (media loaded, 1 s after the last command)
"""
import json
import logging
import sys
import threading
import time
import uuid

import pychromecast
from pychromecast_support import serialize_socket_io

logging.disable(logging.CRITICAL)
URL = "http://127.0.0.1:9/bench.mp4"


class PlayingWaiter:
    """Sets an event when a MEDIA_STATUS reports PLAYING."""

    def __init__(self):
        self.playing = threading.Event()

    def new_media_status(self, status):
        if status.player_state == "PLAYING":
            self.playing.set()

    def load_media_failed(self, queue_item_id, error_code):
        raise SystemExit(f"LOAD failed: {error_code}")


def connect(host, port, device_id):
    cast = pychromecast.get_chromecast_from_host(
        (host, port, uuid.UUID(device_id), "Chromecast", "bench"), tries=1, timeout=10)
    cast.wait(timeout=10)
    if cast.status is None:
        raise SystemExit("no RECEIVER_STATUS")
    return cast


def start_to_playing(host, port, device_id):
    """Connect, launch, load, wait for PLAYING: returns (seconds, cast)."""
    start = time.perf_counter()
    cast = connect(host, port, device_id)
    waiter = PlayingWaiter()
    cast.media_controller.register_status_listener(waiter)
    cast.media_controller.play_media(URL, "video/mp4", stream_type="BUFFERED")
    if not waiter.playing.wait(10):
        raise SystemExit("not PLAYING within 10 s")
    return time.perf_counter() - start, cast


def resident_kib():
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    host, port, device_id = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if not host.startswith("127."):
        raise SystemExit("loopback only")
    # Without this pychromecast's unlocked cross-thread TLS use can break the connection mid-run.
    serialize_socket_io()
    if sys.argv[4:] == ["--once"]:
        _, cast = start_to_playing(host, port, device_id)
        cast.quit_app()
        cast.disconnect(timeout=5)
        return
    rounds, round_trips = int(sys.argv[4]), int(sys.argv[5])
    start_ms = []
    for _ in range(rounds):
        seconds, cast = start_to_playing(host, port, device_id)
        start_ms.append(seconds * 1000)
        cast.quit_app()
        cast.disconnect(timeout=5)

    _, cast = start_to_playing(host, port, device_id)
    mc = cast.media_controller
    trips = []
    began = time.perf_counter()
    for index in range(round_trips):
        start = time.perf_counter()
        if index % 2 == 0:
            mc.pause()
        else:
            mc.play()
        trips.append((time.perf_counter() - start) * 1e6)
    elapsed = time.perf_counter() - began
    time.sleep(1)
    rss = resident_kib()
    cast.quit_app()
    cast.disconnect(timeout=5)
    print(json.dumps({"start_ms": start_ms, "round_trip_us": trips, "commands_per_s": round_trips / elapsed,
                      "idle_rss_kib": rss}))


if __name__ == "__main__":
    main()
