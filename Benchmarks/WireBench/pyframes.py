"""Parses a file of Cast frames (4-byte big-endian length + CastMessage) with Python protobuf, timed inside Python.

Usage: .venv/bin/python Benchmarks/WireBench/pyframes.py FRAMES [SECONDS]
Prints one JSON object: frames_per_s, mb_per_s, frames, implementation (upb expected).
"""
import json
import struct
import sys
import time

from google.protobuf.internal import api_implementation
from pychromecast.generated.cast_channel_pb2 import CastMessage


def main():
    path = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    with open(path, "rb") as f:
        data = f.read()
    # Split once so the timed loop measures what a socket reader does per frame: slice the body, parse it.
    unpack = struct.unpack_from
    from_string = CastMessage.FromString

    def one_pass():
        offset, count, end = 0, 0, len(data)
        while offset < end:
            (length,) = unpack(">I", data, offset)
            message = from_string(data[offset + 4:offset + 4 + length])
            offset += 4 + length
            count += 1
        return count

    def one_pass_reading_fields():
        # upb creates Python strings lazily; this variant also reads the fields castscope materialises.
        offset, count, end = 0, 0, len(data)
        while offset < end:
            (length,) = unpack(">I", data, offset)
            message = from_string(data[offset + 4:offset + 4 + length])
            _ = (message.source_id, message.destination_id, message.namespace, message.payload_utf8)
            offset += 4 + length
            count += 1
        return count

    def timed(run):
        frames = run()  # warm-up
        passes = 0
        start = time.perf_counter()
        while True:
            run()
            passes += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return frames, passes, elapsed

    frames, passes, elapsed = timed(one_pass)
    _, field_passes, field_elapsed = timed(one_pass_reading_fields)
    print(json.dumps({"frames_per_s": passes * frames / elapsed, "mb_per_s": passes * len(data) / elapsed / 1e6,
                      "frames_per_s_reading_fields": field_passes * frames / field_elapsed,
                      "frames": frames, "implementation": api_implementation.Type()}))


if __name__ == "__main__":
    main()
