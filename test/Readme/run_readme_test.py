#!/usr/bin/env python3
"""Runs the commands README.md shows, so that the README cannot drift from pykc.

Usage: run_readme_test.py README BUILD_DIR PYTHON3

Every fenced ```sh block of README runs, in order, with `bash -euo pipefail`
in one scratch folder laid out like the repository after the quick start:
  examples/      a link to the repository's examples/
  build/         a folder of links to each entry of BUILD_DIR (so `build/bin/pykc`
                 and `cmake --install build` use the tested build), except
                 build/ptx/, which is new and empty: nothing the README's
                 commands write reaches the real build or source tree
  (a block naming a build/bin/ program this build lacks, such as the examples
  with -DPYKC_BUILD_EXAMPLES=OFF, is skipped and says so)
  scripts/build.sh  a stand-in that only says the tree is built (the test
                 runs on a built tree; configuring a second one is not its job)
  home/          $HOME, so `--prefix "$HOME/.local"` installs in the scratch folder
  bin/python3    PYTHON3 (one with NumPy), first on PATH, as a fresh Debian's
                 python3 is after scripts/setup.sh
Directives in HTML comments (invisible when the README is rendered), each on
the line before a fence:
  <!-- readme-test: file PATH -->  write the block to PATH in the scratch folder
                                   before the commands after it run
  <!-- readme-test: skip REASON -->  do not run this sh block (REASON is required)
  <!-- readme-test: expect -->  this block is exactly what the sh block before
                                it prints on stdout
A block that fails, or an expectation that does not match, is a FAIL line with
the README line number and what the block printed; exit status 1 if any.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\S*)\s*$")
DIRECTIVE = re.compile(r"^<!-- readme-test: (file|skip|expect)\b ?(.*?) -->\s*$")


def blocks(lines):
    """(line number, language, text, directive, argument) for each fenced block."""
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, lang = i + 1, m.group(1)
        d = DIRECTIVE.match(lines[i - 1]) if i > 0 else None
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        if j == len(lines):
            sys.exit(f"README:{start}: error: this fence is never closed")
        out.append((start, lang, "".join(lines[i + 1:j]), d.group(1) if d else None,
                    d.group(2).strip() if d else ""))
        i = j + 1
    return out


def scratch_tree(root, readme, build_dir, python3):
    repo = os.path.dirname(os.path.abspath(readme))
    os.symlink(os.path.join(repo, "examples"), os.path.join(root, "examples"))
    build = os.path.join(root, "build")
    os.mkdir(build)
    for entry in os.listdir(build_dir):
        if entry != "ptx":
            os.symlink(os.path.join(build_dir, entry), os.path.join(build, entry))
    os.mkdir(os.path.join(build, "ptx"))
    os.makedirs(os.path.join(root, "scripts"))
    stub = os.path.join(root, "scripts", "build.sh")
    with open(stub, "w") as f:
        f.write("#!/bin/sh\necho 'build: (the README test runs on the tree already built)'\n")
    os.chmod(stub, 0o755)
    os.mkdir(os.path.join(root, "home"))
    os.mkdir(os.path.join(root, "bin"))
    os.symlink(python3, os.path.join(root, "bin", "python3"))


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: run_readme_test.py README BUILD_DIR PYTHON3")
    readme, build_dir, python3 = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    with open(readme, encoding="utf-8") as f:
        lines = f.readlines()
    root = tempfile.mkdtemp(prefix="pykc-readme-test.")
    env = dict(os.environ, HOME=os.path.join(root, "home"),
               PATH=os.path.join(root, "bin") + os.pathsep + os.environ.get("PATH", ""))
    # Nothing of the user's: no backend choice, and the compile cache in the
    # scratch folder's $HOME (XDG_CACHE_HOME and PYKC_CACHE_DIR would point
    # elsewhere).
    for var in ("PYKC_BACKEND", "XDG_CACHE_HOME", "PYKC_CACHE_DIR", "PYKC_CACHE"):
        env.pop(var, None)
    passed = failed = skipped = 0
    last_stdout = None
    try:
        scratch_tree(root, readme, build_dir, python3)
        for line, lang, text, directive, arg in blocks(lines):
            if directive == "file":
                path = os.path.join(root, arg)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
                continue
            if directive == "expect":
                if last_stdout is None:
                    print(f"FAIL: README:{line}: an expected output with no command before it")
                    failed += 1
                elif last_stdout.rstrip() != text.rstrip():
                    print(f"FAIL: README:{line}: the command before printed:\n{last_stdout}"
                          f"README says:\n{text}")
                    failed += 1
                else:
                    print(f"PASS: README:{line}: output as shown")
                    passed += 1
                last_stdout = None
                continue
            if lang != "sh":
                continue
            if directive == "skip":
                if not arg:
                    print(f"FAIL: README:{line}: a skip must say why")
                    failed += 1
                else:
                    print(f"SKIP: README:{line}: {arg}")
                    skipped += 1
                continue
            missing = [p for p in re.findall(r"\bbuild/bin/[\w.-]+", text)
                       if not os.path.exists(os.path.join(build_dir, p[len("build/"):]))]
            if missing:
                print(f"SKIP: README:{line}: {missing[0]} was not built")
                skipped += 1
                last_stdout = None
                continue
            r = subprocess.run(["bash", "-euo", "pipefail", "-c", text], cwd=root, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               timeout=300)
            first = text.strip().splitlines()[0]
            if r.returncode != 0:
                print(f"FAIL: README:{line}: `{first}` ... exited with {r.returncode}:\n"
                      f"{r.stdout}{r.stderr}")
                failed += 1
                last_stdout = None
            else:
                print(f"PASS: README:{line}: `{first}` ...")
                passed += 1
                last_stdout = r.stdout
    finally:
        if os.environ.get("PYKC_TEST_KEEP") == "1":
            print(f"note: keeping {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    print(f"readme: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
