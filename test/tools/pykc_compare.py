"""Runs a pykc command as a lit test asked, then the same command with a
reference pykc (another build, e.g. the commit before a refactoring), and
records every difference between the two: exit status, standard output,
standard error and the file -o names.

    pykc_compare.py --new NEW --reference REF --log LOG -- ARGS...

The new binary's run is the test's: its output and exit status pass through
unchanged. The reference runs only where that is safe and comparable:

  - with an explicit -o naming a new or writable regular file (the
    reference's output goes to a scratch folder instead, and the scratch
    path is written back in what it prints), or with no .py input at all
    (--help, --version);
  - not for subcommands (run, call, reduce, ...), -c or --cache-clear,
    whose effects go beyond one output;
  - not for a source read from standard input ('-'), with -v (timings), or
    with the compile cache on (the reference would fill the test's cache).

A command that is not compared is the new binary's own process (exec), as
without the comparison. LOG gets one line per command: `same ARGS`,
`skipped (WHY) ARGS` or `differs (WHAT) ARGS`, with the folder it ran in.
test/lit.cfg.py makes %pykc a script that runs this when PYKC_LIT_REFERENCE
names the reference binary; scripts/reference-build.sh builds one.
"""
import argparse
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile


def output_path(args):
    """The file -o / --output names, and where in ARGS it is; (None, None)."""
    for i, a in enumerate(args):
        if a in ("-o", "--output") and i + 1 < len(args):
            return args[i + 1], (i + 1, "")
        for flag in ("-o=", "--output="):
            if a.startswith(flag):
                return a[len(flag):], (i, flag)
    return None, None


# Options whose value is the next argument (a '-' there is no input).
TAKES_VALUE = {"-o", "--output", "--sig", "-D", "-I", "--header", "--link", "--namespace",
               "--arch", "-arch", "-Xptxas", "--host-cpu", "--cuda-path", "--libdevice", "-j",
               "--threads"}


def reads_standard_input(args):
    """Whether the source is '-' (standard input), not a value of -o."""
    return any(a == "-" and (i == 0 or args[i - 1] not in TAKES_VALUE)
               for i, a in enumerate(args))


def why_not_compared(args):
    if args and not args[0].startswith("-") and not args[0].endswith(".py"):
        return "a subcommand"
    if "-c" in args:
        return "-c"
    if "--cache-clear" in args:
        return "--cache-clear"
    if reads_standard_input(args):
        return "standard input"
    if "-v" in args or "--verbose" in args:
        return "-v"
    if os.environ.get("PYKC_CACHE", "1") != "0" and "--no-cache" not in args:
        return "the cache is on"
    if any(a.startswith("--debug-crash") for a in args):
        return "--debug-crash"
    out, _ = output_path(args)
    if out is None and any(a.endswith(".py") for a in args):
        return "no -o"
    # Only a new or rewritable regular file in a writable folder: not
    # /dev/null, a descriptor, a FIFO, a link, or a place the test made
    # unwritable to see the error (the reference writes elsewhere).
    if out is not None and out != "-":
        folder = os.path.dirname(os.path.abspath(out)) if out else ""
        if (not out or out.startswith(("/dev/", "/proc/")) or os.path.islink(out) or
                not os.path.isdir(folder) or not os.access(folder, os.W_OK) or
                (os.path.lexists(out) and (not os.path.isfile(out) or not os.access(out, os.W_OK)
                                           or not os.stat(out).st_mode & 0o222))):
            return "-o is not a writable regular file"
    return None


def log(path, line):
    # Under a test's `ulimit -f` the log may not grow: the line is lost, not
    # the command (SIGXFSZ ignored only meanwhile, as exec keeps ignored
    # signals ignored).
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        with open(path, "a") as f:
            f.write(line + "\n")
    except OSError:
        pass
    finally:
        signal.signal(signal.SIGXFSZ, previous)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--new", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--log", required=True)
    p.add_argument("args", nargs=argparse.REMAINDER)
    o = p.parse_args()
    args = o.args[1:] if o.args and o.args[0] == "--" else o.args

    where = f"[{os.getcwd()}] pykc {shlex.join(args)}"
    reason = why_not_compared(args)
    if reason:
        # The test's own process, as without the comparison: the same
        # standard input, descriptors and signals.
        log(o.log, f"skipped ({reason}) {where}")
        os.execv(o.new, [o.new] + args)

    new = subprocess.run([o.new] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         close_fds=False)
    sys.stdout.buffer.write(new.stdout)
    sys.stdout.buffer.flush()
    sys.stderr.buffer.write(new.stderr)
    sys.stderr.buffer.flush()

    out, place = output_path(args)
    scratch = tempfile.mkdtemp(prefix="pykc-compare-")
    try:
        ref_args = list(args)
        ref_out = None
        if out is not None and out != "-":
            ref_out = os.path.join(scratch, os.path.basename(out) or "out")
            index, flag = place
            ref_args[index] = flag + ref_out
        ref = subprocess.run([o.reference] + ref_args, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        differs = []
        if ref.returncode != new.returncode:
            differs.append(f"exit {new.returncode} vs {ref.returncode}")
        restore = (lambda b: b.replace(ref_out.encode(), out.encode())) if ref_out else (lambda b: b)
        if restore(ref.stdout) != new.stdout:
            differs.append("stdout")
        if restore(ref.stderr) != new.stderr:
            differs.append("stderr")
        if ref_out and new.returncode == 0 and ref.returncode == 0:
            have_new, have_ref = os.path.exists(out), os.path.exists(ref_out)
            if have_new != have_ref:
                differs.append("-o written by one only")
            elif have_new and open(out, "rb").read() != open(ref_out, "rb").read():
                differs.append("-o file")
        log(o.log, (f"differs ({', '.join(differs)}) " if differs else "same ") + where)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return new.returncode


if __name__ == "__main__":
    status = main()
    if status < 0:  # killed by a signal: end the same way
        os.kill(os.getpid(), -status)
    sys.exit(status)
