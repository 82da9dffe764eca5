#!/usr/bin/env python3
"""Progress on long work is drawn on stderr only when stderr is a terminal (a pty here), never in
a pipe, unless asked (--progress always: plain lines, no escape codes), and never with
--progress never or TERM=dumb. The long work is `patchbay repro` on a copy of examples/demo with
one command reproducer that takes a moment."""

import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile

BINARY = os.environ["PATCHBAY_BINARY"]
SOURCE = os.environ["PATCHBAY_SOURCE_DIR"]
REDRAW = b"\r\x1b[K"
STEP = b"repro [1/1] slow: running"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(folder, args, stderr_on_pty, term="xterm"):
    """Runs patchbay; returns (status, stdout, stderr) as bytes."""
    env = dict(os.environ, TERM=term)
    env.pop("NO_COLOR", None)
    if not stderr_on_pty:
        done = subprocess.run([BINARY, *args], cwd=folder, env=env, capture_output=True)
        return done.returncode, done.stdout, done.stderr
    master, slave = pty.openpty()
    child = subprocess.Popen([BINARY, *args], cwd=folder, env=env, stdout=subprocess.PIPE,
                             stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    stdout = child.stdout.read()
    err = b""
    while True:  # the pty's buffer, until the child closes it (EIO on Linux)
        ready, _, _ = select.select([master], [], [], 10)
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    os.close(master)
    return child.wait(), stdout, err


def audit_progress(scratch):
    """audit-kernels over a tree of 3,000 copies of the demo's Triton kernel says what it is
    doing with --progress always (plain lines come at once; on a terminal the line waits out a
    quiet time this run may not reach, which the repro case above covers)."""
    tree = os.path.join(scratch, "big")
    kernel = os.path.join(SOURCE, "examples/demo/upstream/vllm/attention/ops/paged_gather.py")
    with open(kernel) as f:
        text = f.read()
    for i in range(3000):
        folder = os.path.join(tree, f"pkg{i // 100}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"k{i}.py"), "w") as f:
            f.write(text)
    args = ["audit-kernels", "--tree", tree, "--jobs", "1", "--format", "json"]
    status, out, err = run(scratch, args + ["--progress", "always"], stderr_on_pty=False)
    print("audit, pipe, --progress always:", repr(err[:200]))
    check(b"patchbay: checking 3000 of 3000 files\n" in err,
          f"audit: no progress line for the check: {err!r}")
    check(b"patchbay: reading " in err, f"audit: no progress line for the reading: {err!r}")
    status, out, err = run(scratch, args, stderr_on_pty=False)
    check(err == b"", f"audit, pipe: progress written to a pipe: {err!r}")


def main():
    scratch = tempfile.mkdtemp(prefix="patchbay-progress-")
    try:
        folder = os.path.join(scratch, "demo")
        shutil.copytree(os.path.join(SOURCE, "examples/demo"), folder,
                        ignore=shutil.ignore_patterns(".patchbay-cache"))
        with open(os.path.join(folder, "patchbay.toml"), "a") as f:
            f.write('\n[[repro]]\nname = "slow"\ncommand = ["sh", "-c", "sleep 0.3"]\n')
        args = ["repro", "slow"]

        status, out, err = run(folder, args, stderr_on_pty=True)
        print("terminal:", repr(err))
        check(status == 0, f"terminal: exit {status}: {out!r} {err!r}")
        check(STEP in err and REDRAW in err, "terminal: no progress line drawn in place")
        check(err.endswith(REDRAW), "terminal: the progress line is not cleared at the end")
        check(b"\x1b" not in out and b"slow" in out, "terminal: the report changed on stdout")

        status, out, err = run(folder, args, stderr_on_pty=False)
        print("pipe:", repr(err))
        check(status == 0, f"pipe: exit {status}")
        check(err == b"", f"pipe: progress written to a pipe: {err!r}")

        status, out, err = run(folder, args + ["--progress", "always"], stderr_on_pty=False)
        print("pipe, --progress always:", repr(err))
        check(b"patchbay: " + STEP + b"\n" in err, "always: no plain progress line in the pipe")
        check(b"\x1b" not in err and b"\r" not in err, "always: escape codes in a pipe")

        for extra, term, what in ((["--progress", "never"], "xterm", "never"),
                                  ([], "dumb", "TERM=dumb")):
            status, out, err = run(folder, args + extra, stderr_on_pty=True, term=term)
            print(f"terminal, {what}:", repr(err))
            check(STEP not in err and REDRAW not in err, f"{what}: progress drawn: {err!r}")
        audit_progress(scratch)
    finally:
        shutil.rmtree(scratch)
    print("FAILED" if failures else "OK")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
