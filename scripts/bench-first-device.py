"""Times one discovery tool from process start to its first found device: runs CMD, reads its stdout line by line,
prints the seconds until a line matches PATTERN, then stops it. Exit 1 when nothing matched within TIMEOUT.
Usage: bench-first-device.py TIMEOUT PATTERN CMD..."""
import os
import re
import select
import signal
import subprocess
import sys
import time

timeout, pattern, command = float(sys.argv[1]), re.compile(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
found = None
buffer = b""
while found is None and time.monotonic() - start < timeout:
    ready, _, _ = select.select([process.stdout], [], [], 0.05)
    if not ready:
        if process.poll() is not None:
            break
        continue
    chunk = os.read(process.stdout.fileno(), 65536)
    if not chunk:
        break
    buffer += chunk
    while b"\n" in buffer:
        line, buffer = buffer.split(b"\n", 1)
        if pattern.search(line.decode("utf-8", "replace")):
            found = time.monotonic() - start
            break
try:
    os.killpg(process.pid, signal.SIGTERM)
except ProcessLookupError:
    pass
process.wait()
if found is None:
    sys.exit(1)
print(f"{found:.4f}")
