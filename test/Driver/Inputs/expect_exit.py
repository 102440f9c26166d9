"""Runs a command and succeeds only if it exits with the given status.

Usage: expect_exit.py STATUS COMMAND [ARG...]

The command's stdout and stderr pass through unchanged, so a RUN line can both
check the exit status and FileCheck the output:
  # RUN: %python %S/Inputs/expect_exit.py 2 %pykc --bogus 2>&1 | FileCheck %s
"""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.run(sys.argv[2:]).returncode
if status != expected:
    print(f"expect_exit.py: '{sys.argv[2]}' exited with {status}, expected {expected}",
          file=sys.stderr)
    sys.exit(1)
