"""Starts a command, waits until it has started a helper, signals it.

Usage: interrupt.py SIGNAL MARKER COMMAND [ARG...]

Runs COMMAND, waits (60 s at most) until the file MARKER exists (a fake
tool the command runs creates it), sends SIGNAL (INT, TERM, ...) to the
command and prints how the command ended: "killed by SIGINT" or
"exit status N".
"""
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, "SIG" + sys.argv[1])
marker = sys.argv[2]
# The default dispositions, whatever lit's were: the command decides.
proc = subprocess.Popen(
    sys.argv[3:],
    preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGTERM)],
)
deadline = time.time() + 60
while not os.path.exists(marker):
    if proc.poll() is not None or time.time() > deadline:
        print(f"interrupt.py: the command ended or timed out before {marker} appeared")
        sys.exit(1)
    time.sleep(0.02)
proc.send_signal(sig)
status = proc.wait(timeout=60)
print(f"killed by {signal.Signals(-status).name}" if status < 0 else f"exit status {status}")
