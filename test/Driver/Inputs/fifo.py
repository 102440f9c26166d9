"""A reader for a FIFO that pykc writes to, since lit's shell has no `&`.

Usage:
  fifo.py read FIFO OUT   in the background (this returns at once), copy
                          what is written to FIFO into OUT, which appears
                          (renamed into place) when the writer closes it
  fifo.py wait OUT        wait up to a minute for OUT to appear, then print
                          it (exit 1 if it does not)
"""
import os
import signal
import sys
import time


def read(fifo, out):
    if os.fork() != 0:
        return
    # The reader: detached from lit's pipes, so lit does not wait for it.
    os.setsid()
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    signal.alarm(60)
    with open(fifo, "rb") as f:
        data = f.read()
    with open(out + ".part", "wb") as f:
        f.write(data)
    os.rename(out + ".part", out)
    os._exit(0)


def wait(out):
    deadline = time.monotonic() + 60
    while not os.path.exists(out):
        if time.monotonic() > deadline:
            print(f"fifo.py: {out} did not appear", file=sys.stderr)
            sys.exit(1)
        time.sleep(0.05)
    sys.stdout.buffer.write(open(out, "rb").read())


if __name__ == "__main__":
    if sys.argv[1] == "read":
        read(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "wait":
        wait(sys.argv[2])
    else:
        sys.exit("fifo.py: unknown command " + sys.argv[1])
