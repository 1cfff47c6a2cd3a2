"""The system guest's run, seen from the host: boots of one disk, and the board's state read through
the agent (the button through gpio-sim's pull, the database as user roam, systemd's view of the units).
host/scenarios.py holds the scenarios g1-g9 built on it.
"""
import os
import random
import time

from guest import Guest

ROAM = "runuser -u roam -- "
DB = "/var/lib/roam-board/rides.db"
BOARD = "--board /etc/roam-board"
UNITS = ("roam-board.service", "roam-board-drive.service")
# TCG on a loaded 2-core machine: a boot is 45-90 s; every wait here is several times that.
BOOT_S = 300


class GuestRun:
    def __init__(self, argv):
        self.dir, kernel, initrd, disk, self.deb, cuts, seed = argv[:7]
        # The opt-in measurement (host/ride_memory.py): 0 is CI's run.
        self.ride_minutes = int(argv[7]) if len(argv) > 7 else 0
        self.cuts, self.rng = int(cuts), random.Random(int(seed))
        here = os.path.dirname(os.path.abspath(__file__))
        self.cfg = {"kernel": kernel, "initrd": initrd, "disk": disk,
                    "feeder": os.path.join(here, "..", "..", "KernelSim", "host", "gnss-feeder.py")}
        self.failed, self.boots, self.all_acks = False, 0, []
        # Restarts a scenario caused on purpose in this boot (g12's kills), which g6 then expects exactly.
        self.expected_restarts = {}
        self.t_first = None
        self.g = None

    def say(self, verdict, scenario, text):
        if verdict == "FAIL":
            self.failed = True
        print("%s %s: %s" % (verdict, scenario, text), flush=True)

    def check(self, scenario, ok, text):
        self.say("PASS" if ok else "FAIL", scenario, text)
        return ok

    # ---- the machine
    def boot(self, extra_append=""):
        self.boots += 1
        self.expected_restarts = {}
        self.g = Guest(self.cfg, self.dir, self.boots, extra_append)
        now = time.monotonic()
        self.t_first = self.t_first or now
        # The receiver's clock runs on through power cuts: each boot's feeder starts where it is now.
        self.g.start(36000 + int(now - self.t_first), feeding=True)
        return self.g.wait_agent(BOOT_S)

    def sh(self, command, timeout=120, retries=1):
        return self.g.run(command, timeout, retries)

    def out(self, command, timeout=120):
        return self.sh(command, timeout)[1].strip()

    def sql(self, query):
        return self.out("%ssqlite3 -batch -noheader %s \"%s\"" % (ROAM, DB, query))

    def end_boot(self, cut):
        self.no_loop_check()
        if cut:
            self.g.kill()
        else:
            self.g.poweroff()
        self.all_acks += self.g.acks()

    # ---- the board
    def ready(self, timeout=BOOT_S):
        """Seconds from power-on until roam-board holds the button line (debugfs), or None."""
        # gpio-sim's section of debugfs: "gpio-<base+17> (roam-board) input,pull-up" once it holds it.
        cmd = ("awk '/^gpiochip/ { sim = /gpio-sim/; split($3, r, \"-\"); base = r[1] } "
               "sim && $1 == \"gpio-\" base + 17 && /[(]roam-board[)]/ { held = 1 } END { exit !held }' /sys/kernel/debug/gpio")
        if self.g.wait_for(cmd, timeout) is None:
            return None
        return self.g.since_power_on()

    def press(self, hold=0.3):
        sim = self.out("cat /run/roam-sim/gpio-sim")
        self.sh("echo pull-down > %s/sim_gpio17/pull; sleep %s; echo pull-up > %s/sim_gpio17/pull" % (sim, hold, sim), retries=0)

    def recording(self):
        return self.sql("SELECT id FROM rides WHERE state = 'recording'")

    def wait_recording(self, other_than="", timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = self.recording()
            if r and r != other_than:
                return r
            time.sleep(1)
        return None

    def wait_acks(self, n, ride=None, timeout=90):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = [a for a in self.g.acks() if a[3] > 0 and (ride is None or a[0] == int(ride))]
            if len(got) >= n:
                return True
            time.sleep(1)
        return False

    def wait_state(self, ride, state, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.sql("SELECT state FROM rides WHERE id = %s" % ride) == state:
                return True
            time.sleep(1)
        return False

    def journal(self, unit):
        return self.out("journalctl -b -u %s -o cat --no-pager | tail -n 40" % unit)

    def no_loop_check(self):
        counts = {u: self.out("systemctl show -p NRestarts --value %s" % u) for u in UNITS}
        failed = self.out("systemctl --failed --no-legend --plain | awk '{ print $1 }' | xargs")
        expected = {u: str(self.expected_restarts.get(u, 0)) for u in UNITS}
        ok = counts == expected and failed == ""
        self.check("g6-no-loop", ok, "boot %d: NRestarts %s; failed units: %s" % (
            self.boots, ", ".join("%s=%s%s" % (u, c, "" if expected[u] == "0" else " (%s expected: deliberate kills)" % expected[u])
                                  for u, c in counts.items()), failed or "none"))
        if not ok:
            for u in UNITS:
                for line in self.journal(u).splitlines()[-6:]:
                    self.say("INFO", "g6-no-loop", "[%s] %s" % (u, line))

    def lost(self, acks):
        """(acknowledged batches whose fixes are not all in the database, batches acknowledged).
        The acks go over in short lines (a few hundred bytes each); the guest makes the queries."""
        self.sh("rm -f /tmp/acks.txt", retries=0)
        for i in range(0, len(acks), 25):
            self.sh("printf '%%s\\n' %s >> /tmp/acks.txt" % " ".join("%d,%d,%d,%d" % a for a in acks[i:i + 25]), retries=0)
        # One query a batch, as kernel-sim s10 does; one that fails (an unreadable database) counts as lost.
        held = self.out("sed -n 's/^\\([0-9]*\\),\\([0-9]*\\),\\([0-9]*\\),\\([0-9]*\\)$/"
                        "SELECT (SELECT count(*) FROM fixes WHERE ride_id = \\1 AND seq BETWEEN \\2 AND \\3) = \\4;/p' /tmp/acks.txt"
                        " | %ssqlite3 -batch -noheader %s | grep -c '^1$'" % (ROAM, DB), 300)
        held = held.splitlines()[-1] if held else ""
        return len(acks) - (int(held) if held.isdigit() else 0), len(acks)

    def journal_lines(self, S, unit, n=8):
        for line in self.journal(unit).splitlines()[-n:]:
            self.say("INFO", S, "[%s] %s" % (unit, line))
