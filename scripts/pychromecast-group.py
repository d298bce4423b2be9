#!/usr/bin/env python3
"""pychromecast against an emulated speaker group (run inside a network namespace).

Usage: pychromecast-group.py members ADDR T   -- discover for T s; print "cast NAME|TYPE|PORT" per device, then
                                                connect to the group and print "members NAME,NAME" (sorted) from
                                                its multizone controller
       pychromecast-group.py session ADDR T   -- discover, play media on the group, then wait for the group to come
                                                back elsewhere (leader-move-after) and pause it there
Prints "ok <step>" lines; exits 1 with "FAIL <step>: <why>".
"""
import os
import sys
import threading

import pychromecast
from pychromecast.controllers.multizone import MultizoneController
from pychromecast.socket_client import CONNECTION_STATUS_CONNECTED, CONNECTION_STATUS_LOST
from zeroconf import IPVersion, Zeroconf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pychromecast_support import fail, wait_for  # noqa: E402

MEDIA_URL = "http://127.0.0.1:9/castscope/group.mp3"


def discover(address, timeout):
    """Every cast found in T seconds; the browser keeps running, as pychromecast follows services through it."""
    zc = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
    casts, browser = pychromecast.get_chromecasts(timeout=float(timeout), zeroconf_instance=zc, retry_wait=0.5)
    for found in sorted(casts, key=lambda c: c.cast_info.friendly_name):
        info = found.cast_info
        print(f"cast {info.friendly_name}|{info.cast_type}|{info.port}", flush=True)
    groups = [found for found in casts if found.cast_info.cast_type == "group"]
    if len(groups) != 1:
        fail("discover", f"expected one group, found {len(groups)}")
    return zc, browser, groups[0]


def connect(cast):
    cast.wait(timeout=15)
    if cast.status is None:
        fail("connect", "no RECEIVER_STATUS from the group")
    print("ok connect", flush=True)
    return cast


def members(address, timeout):
    zc, browser, cast = discover(address, timeout)
    connect(cast)
    controller = MultizoneController(cast.uuid)
    cast.register_handler(controller)
    controller.update_members()
    wait_for("members", lambda: len(controller.members) > 0)
    names = sorted(controller._members.values())  # noqa: SLF001 - the names the controller kept
    print("members " + ",".join(names), flush=True)
    cast.disconnect(timeout=5)
    browser.stop_discovery()
    zc.close()


class ConnectionWatch:
    def __init__(self):
        self.events = []
        self.lock = threading.Lock()

    def new_connection_status(self, status):
        with self.lock:
            self.events.append(status.status)


def session(address, timeout):
    zc, browser, cast = discover(address, timeout)
    connect(cast)
    watch = ConnectionWatch()
    cast.register_connection_listener(watch)
    mc = cast.media_controller
    mc.play_media(MEDIA_URL, "audio/mpeg", title="castscope group", stream_type="BUFFERED")
    wait_for("playing", lambda: mc.status.player_state == "PLAYING")
    session_id = cast.status.session_id
    first = (cast.socket_client.host, cast.socket_client.port)
    wait_for("lost", lambda: CONNECTION_STATUS_LOST in watch.events, timeout=40)
    wait_for("reconnected", lambda: watch.events[-1] == CONNECTION_STATUS_CONNECTED, timeout=40)
    now = (cast.socket_client.host, cast.socket_client.port)
    if now == first:
        fail("moved", f"still on {first}")
    print(f"ok moved {first[0]}:{first[1]} -> {now[0]}:{now[1]}", flush=True)
    wait_for("same-session", lambda: cast.status.session_id == session_id)
    mc.update_status()
    wait_for("media-after-move", lambda: mc.status.player_state in ("PLAYING", "BUFFERING"))
    mc.pause()
    wait_for("paused", lambda: mc.status.player_state == "PAUSED")
    cast.disconnect(timeout=5)
    browser.stop_discovery()
    zc.close()


if __name__ == "__main__":
    mode, address, seconds = sys.argv[1], sys.argv[2], sys.argv[3]
    {"members": members, "session": session}[mode](address, seconds)
