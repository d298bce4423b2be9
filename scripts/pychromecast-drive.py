#!/usr/bin/env python3
"""Drives a castscope receiver emulator with pychromecast (loopback only) and asserts every step.

Usage: pychromecast-drive.py session HOST PORT ID NAME   -- launch DMR, load, PLAYING, pause, seek, volume, quit
       pychromecast-drive.py heartbeat HOST PORT ID NAME -- against --fault heartbeat-stop-after=…: expect LOST
       pychromecast-drive.py custom HOST PORT ID NAME    -- against --app ECHO1234=urn:x-cast:com.example.echo:
                                                            launch it, send on its namespace, expect the echo
Prints one "ok <step>" line per passed step; exits 1 with "FAIL <step>: <why>" otherwise.
"""
import sys
import threading
import time
import uuid

import pychromecast
import pychromecast.controllers.heartbeat as heartbeat
from pychromecast.controllers import BaseController
import pychromecast.socket_client as socket_client
from pychromecast_support import fail, serialize_socket_io, wait_for

MEDIA_URL = "http://127.0.0.1:9/castscope/bunny.mp4"
TITLE = "Big Buck Bunny (castscope)"


def connect(host, port, device_id, name):
    if not host.startswith("127."):
        fail("connect", "loopback only")
    cast = pychromecast.get_chromecast_from_host(
        (host, int(port), uuid.UUID(device_id), "Chromecast", name), tries=1, timeout=10)
    cast.wait(timeout=10)
    if cast.status is None:
        fail("connect", "no RECEIVER_STATUS")
    print("ok connect", flush=True)
    return cast


def session(cast):
    mc = cast.media_controller
    wait_for("idle-app", lambda: cast.status.app_id == "E8C28D3C")
    mc.play_media(
        MEDIA_URL, "video/mp4", title=TITLE, stream_type="BUFFERED",
        metadata={"metadataType": 0, "title": TITLE, "subtitle": "loaded by pychromecast"})
    wait_for("launch", lambda: cast.status.app_id == "CC1AD845"
             and cast.status.display_name == "Default Media Receiver")
    mc.block_until_active(timeout=10)
    wait_for("playing", lambda: mc.status.player_state == "PLAYING")
    if mc.status.content_id != MEDIA_URL or mc.status.title != TITLE:
        fail("media-status", f"content {mc.status.content_id!r} title {mc.status.title!r}")
    if not mc.status.supports_pause or not mc.status.supports_seek:
        fail("media-status", f"supportedMediaCommands {mc.status.supported_media_commands}")
    print("ok media-status", flush=True)
    mc.pause()
    wait_for("pause", lambda: mc.status.player_state == "PAUSED")
    mc.seek(42)
    wait_for("seek", lambda: mc.status.player_state == "PLAYING" and 42 <= mc.status.current_time < 44)
    cast.set_volume(0.3)
    wait_for("volume", lambda: abs(cast.status.volume_level - 0.3) < 1e-6)
    cast.set_volume_muted(True)
    wait_for("mute", lambda: cast.status.volume_muted is True)
    mc.update_status()
    mc.update_status()
    wait_for("media-status-read", lambda: mc.status.media_session_id is not None and mc.status.duration == 600
             and mc.status.stream_type == "BUFFERED" and mc.status.volume_level == 1)
    cast.quit_app()
    wait_for("quit", lambda: cast.status.app_id == "E8C28D3C")
    cast.disconnect(timeout=5)
    print("ok disconnect", flush=True)


class LostListener:
    def __init__(self):
        self.lost = threading.Event()

    def new_connection_status(self, status):
        if status.status == socket_client.CONNECTION_STATUS_LOST:
            self.lost.set()


def heartbeat_loss(host, port, device_id, name):
    # pychromecast pings every 10 s and gives up after 20 s without PONG; shrink both so the test is quick.
    heartbeat.HB_PING_TIME = 1
    heartbeat.HB_PONG_TIME = 1
    socket_client.SELECT_TIMEOUT = 0.25
    cast = connect(host, port, device_id, name)
    listener = LostListener()
    cast.register_connection_listener(listener)
    if not listener.lost.wait(timeout=20):
        fail("heartbeat-lost", "pychromecast never reported the connection LOST")
    print("ok heartbeat-lost", flush=True)
    cast.disconnect(timeout=2)


class EchoController(BaseController):
    """A controller for the emulator's echo app: collects what comes back on its namespace, then quits the app."""

    def __init__(self, cast):
        super().__init__("urn:x-cast:com.example.echo", "ECHO1234")
        self.cast = cast
        self.received = []
        self.got = threading.Event()
        self.stopped = threading.Event()
        self.stop_ok = False

    def receive_message(self, _message, data):
        self.received.append(data)
        self.got.set()

        def on_stopped(ok, _response):
            self.stop_ok = ok
            self.stopped.set()

        # Still on the socket thread (see custom()).
        self.cast.socket_client.receiver_controller.stop_app(callback_function=on_stopped)
        return True


def custom(cast):
    # Every request here goes out from pychromecast's socket thread, in reply callbacks (see serialize_socket_io).
    echo = EchoController(cast)
    cast.register_handler(echo)
    launched = threading.Event()

    def on_launched(ok, _response):
        if ok:
            echo.send_message({"greeting": "hello emulator", "n": 7})
        launched.set()

    cast.socket_client.receiver_controller.launch_app("ECHO1234", callback_function=on_launched)
    if not launched.wait(10):
        fail("launch-custom", "no reply to LAUNCH")
    print("ok launch-custom", flush=True)
    if not echo.got.wait(10):
        fail("echo", "no echo on urn:x-cast:com.example.echo")
    reply = echo.received[0]
    if reply.get("greeting") != "hello emulator" or reply.get("n") != 7:
        fail("echo", f"unexpected echo {reply!r}")
    print("ok echo", flush=True)
    if not echo.stopped.wait(10) or not echo.stop_ok:
        fail("quit-custom", "STOP not answered")
    wait_for("quit-custom", lambda: cast.status.app_id == "E8C28D3C")
    cast.disconnect(timeout=5)


def main():
    if len(sys.argv) != 6:
        fail("usage", __doc__)
    mode, host, port, device_id, name = sys.argv[1:]
    serialize_socket_io()
    if mode == "session":
        session(connect(host, port, device_id, name))
    elif mode == "heartbeat":
        heartbeat_loss(host, port, device_id, name)
    elif mode == "custom":
        custom(connect(host, port, device_id, name))
    else:
        fail("usage", f"unknown mode {mode}")


if __name__ == "__main__":
    main()
