#!/usr/bin/env python3
"""What an arm64 ride keeps resident of its files, under qemu-user (scripts/symbol-order --measure-arm64).

    arm64-resident.py --sysroot DIR --board DIR --feed NMEA BINARY...

Each BINARY (stripped or not) is copied to /dev/shm, a tmpfs: every page cached, 4 KiB pages and the
kernel's 64 KiB fault-around, as on a Pi. `record --replay -` on the bench board runs under
qemu-aarch64-static, fed one epoch a second; 24 s in, the Rss of the guest's file mappings is read
from /proc/PID/smaps of qemu (qemu maps the guest's binary and libraries from their files, and reads
the code it translates from them). qemu's own memory and the guest's anonymous memory are one there,
so only the files are told: the binary, and the binary with its libraries. 3 runs each.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def arguments(argv):
    named, rest = {}, []
    it = iter(argv)
    for a in it:
        if a in ("--sysroot", "--board", "--feed"):
            named[a[2:]] = next(it, None)
        else:
            rest.append(a)
    if not rest or None in named.values() or len(named) != 3:
        sys.exit("usage: arm64-resident.py --sysroot DIR --board DIR --feed NMEA BINARY...")
    return named, rest


def resident(pid, binary, sysroot):
    """(binary kB, binary and libraries kB) from smaps."""
    own = files = 0
    path = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = re.match(r"^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$", line)
            if m:
                path = m.group(1).strip()
            elif line.startswith("Rss:") and path and (path == binary or path.startswith(sysroot)):
                kb = int(line.split()[1])
                files += kb
                own += kb if path == binary else 0
    return own, files


def ride(binary, named, work):
    feed = []
    with open(named["feed"]) as f:
        for line in f:
            if "RMC," in line or not feed:
                feed.append("")
            feed[-1] += line
    db = tempfile.mkdtemp(dir=work)
    p = subprocess.Popen(["qemu-aarch64-static", "-L", named["sysroot"], binary, "record", "--board", named["board"],
                          "--db", db + "/rides.db", "--replay", "-", "--commit-interval", "1", "--quiet"],
                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for e in feed[:25]:
        p.stdin.write(e)
        p.stdin.flush()
        time.sleep(1)
    figures = resident(p.pid, binary, os.path.realpath(named["sysroot"]))
    p.stdin.close()
    err = p.stderr.read()
    if p.wait() != 0:
        sys.exit(f"arm64-resident: record under qemu exited {p.returncode}: {err[-300:]}")
    return figures


def main():
    named, binaries = arguments(sys.argv[1:])
    work = tempfile.mkdtemp(prefix="roam-arm64-resident.", dir="/dev/shm")
    try:
        for binary in binaries:
            copy = os.path.join(work, "roam-board")
            shutil.copy(binary, copy)
            runs = [ride(copy, named, work) for _ in range(3)]
            print(f"{binary} ({os.path.getsize(binary)} bytes): 24 s into the ride, resident kB "
                  f"(binary / binary and libraries): " + ", ".join(f"{a} / {b}" for a, b in runs))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
