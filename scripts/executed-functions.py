#!/usr/bin/env python3
"""The functions a recorder runs, for lld's --symbol-ordering-file (scripts/symbol-order --arm64, --x86-64).

    executed-functions.py [--arch aarch64|x86_64] --sysroot DIR --board DIR --feed NMEA --work DIR BINARY > LIST

BINARY is the unstripped roam-board (scripts/package-arm64 builds the arm64 one; DIR its sysroot, / for
the native one). Each case runs `record` on the bench board under qemu-ARCH-static with `-d in_asm`, which logs every
block of guest code once, when it is first translated, fed one epoch of NMEA a second:
  - a fresh ride of 20 s on a new database;
  - a ride killed after 8 s (SIGKILL), then 10 s of the next start on that database;
  - 8 s without a ride (--no-ride);
  - 20 s of the bench's simulated ride in real time (its barometer: climb), stopped by SIGTERM.
Printed: each function that ran (`llvm-nm -n -S` or `nm`: t, T, w, W), in the order it first ran;
then the rest of the modules a board runs and the bench does not (real UART, GPIO, I2C): RoamRecorder,
RoamHardware, RoamPorts, RoamSystem, RoamRig and the C shims, so those land beside the rest.
Why not pages, as scripts/touched-functions.py does: a touched page names every cold function beside the
one that ran (2.6 MB of code for 0.9 MB run, measured on the arm64 binary of 60ac942).
Figures go to stderr. Python's standard library only.
"""
import bisect
import os
import shutil
import signal
import subprocess
import sys
import time

WARM_MODULES = {"RoamRecorder", "RoamHardware", "RoamPorts", "RoamSystem", "RoamRig"}


def arguments(argv):
    named, rest = {}, []
    it = iter(argv)
    for a in it:
        if a in ("--sysroot", "--board", "--feed", "--work", "--arch"):
            named[a[2:]] = next(it, None)
        else:
            rest.append(a)
    named.setdefault("arch", "aarch64")
    if len(rest) != 1 or None in named.values() or len(named) != 5 or named["arch"] not in QEMU_LOAD_BASE:
        sys.exit("usage: executed-functions.py [--arch aarch64|x86_64] --sysroot DIR --board DIR --feed NMEA --work DIR BINARY")
    return named, rest[0]


def functions(binary):
    """(address, size, name) of the binary's functions, in address order (llvm-nm, or GNU nm: both read arm64)."""
    nm = shutil.which("llvm-nm") or shutil.which("nm")
    out = subprocess.run([nm, "-n", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        f = line.split()
        # GNU nm also lists aarch64's mapping symbols ($x, $d: code or data starts here), which name no function.
        if len(f) == 4 and f[2] in "tTwW" and not f[3].startswith(("$x", "$d")):
            rows.append((int(f[0], 16), int(f[1], 16), f[3]))
    return sorted(rows)


def epochs(feed):
    """The feed cut before each RMC: one receiver epoch each."""
    out = []
    with open(feed) as f:
        for line in f:
            if "RMC," in line or not out:
                out.append("")
            out[-1] += line
    return out


def run(binary, named, db, seconds, log, stop=None, extra=("--replay", "-", "--commit-interval", "1")):
    """One case under qemu with -d in_asm into log: a replay fed one epoch a second for seconds, its end
    the end of the feed; or, with stop, ended by that signal after seconds."""
    cmd = [f"qemu-{named['arch']}-static", "-d", "in_asm", "-D", log, "-L", named["sysroot"], binary, "record",
           "--board", named["board"], "--db", db, "--quiet", *extra]
    with open(log + ".stderr", "w") as err:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err, text=True)
        feed = epochs(named["feed"]) if "--replay" in extra else [""] * seconds
        for e in feed[:seconds]:
            p.stdin.write(e)
            p.stdin.flush()
            time.sleep(1)
        if stop:
            p.send_signal(stop)
        p.stdin.close()
        status = p.wait()
    if stop != signal.SIGKILL and status != 0:
        sys.exit(f"executed-functions: record under qemu exited {status}: {open(log + '.stderr').read()[-300:]}")


# Where qemu-user loads a position-independent program (its ELF_ET_DYN_BASE); checked below: a run
# whose blocks name no function of the binary means it moved.
QEMU_LOAD_BASE = {"aarch64": 0x5500000000, "x86_64": 0x4000000000}


def executed(rows, logs, base):
    starts = [r[0] for r in rows]
    low, high = rows[0][0], rows[-1][0] + rows[-1][1]   # the binary's code; the rest is ld.so's and the libraries'
    order, seen, unknown = [], set(), 0
    for log in logs:
        with open(log, errors="replace") as f:
            for line in f:
                if not line.startswith("0x"):
                    continue
                a = int(line.split(":", 1)[0], 16) - base
                if not low <= a < high:
                    continue
                i = bisect.bisect_right(starts, a) - 1
                while i >= 0 and rows[i][0] + max(rows[i][1], 1) <= a and a - rows[i][0] < 1 << 16:
                    i -= 1
                if i < 0 or not rows[i][0] <= a < rows[i][0] + max(rows[i][1], 1):
                    unknown += 1
                    continue
                name = rows[i][2]
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    return order, unknown


def module(name):
    """The module of a mangled Swift name ($s + length + module), or CShims for roam_*."""
    if name.startswith("roam_"):
        return "CShims"
    if not name.startswith("$s"):
        return ""
    digits = ""
    for c in name[2:]:
        if not c.isdigit():
            break
        digits += c
    return name[2 + len(digits):2 + len(digits) + int(digits)] if digits else ""


def main():
    named, binary = arguments(sys.argv[1:])
    work = named["work"]
    os.makedirs(work, exist_ok=True)
    stripped = os.path.join(work, "roam-board")
    subprocess.run(["cp", binary, stripped], check=True)
    logs = [os.path.join(work, n) for n in ("fresh.log", "killed.log", "next.log", "noride.log", "simulated.log")]
    run(stripped, named, os.path.join(work, "fresh.db"), 20, logs[0])
    run(stripped, named, os.path.join(work, "killed.db"), 8, logs[1], stop=signal.SIGKILL)
    run(stripped, named, os.path.join(work, "killed.db"), 10, logs[2])
    run(stripped, named, os.path.join(work, "noride.db"), 8, logs[3],
        extra=("--replay", "-", "--commit-interval", "1", "--no-ride"))
    # The bench's own ride: the barometer (climb) and a stop by SIGTERM, as systemd stops the recorder.
    run(stripped, named, os.path.join(work, "simulated.db"), 20, logs[4], stop=signal.SIGTERM, extra=("--realtime",))
    rows = functions(binary)
    base = QEMU_LOAD_BASE[named["arch"]]
    order, unknown = executed(rows, logs, base)
    ran = len(order)
    if ran == 0:
        sys.exit(f"executed-functions: no block qemu logged is in {binary}: not loaded at {base:#x}?")
    size = {name: s for _, s, name in rows}
    seen = set(order)
    for _, _, name in rows:
        if name not in seen and (module(name) in WARM_MODULES or module(name) == "CShims"):
            seen.add(name)
            order.append(name)
    sys.stdout.write("\n".join(order) + "\n")
    print(f"executed-functions: {ran} functions ran ({sum(size[n] for n in order[:ran])} bytes; "
          f"{unknown} instructions outside any named function), then {len(order) - ran} of the board's "
          f"modules ({sum(size[n] for n in order[ran:])} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
