#!/usr/bin/env python3
"""The system guest's scenarios g1-g9 (g11 and g12 in host/refusal.py), judged from the host (Tests/SystemGuest/README.md).

usage: scenarios.py RUN_DIR KERNEL INITRD DISK DEB_NAME CUTS SEED [RIDE_MINUTES]
RIDE_MINUTES > 0: g1, g2 and only the opt-in g10-ride-memory (host/ride_memory.py).
Prints "PASS|FAIL|INFO <scenario>: ..." lines; exits 1 when a check failed.
"""
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from board import BOARD, BOOT_S, DB, ROAM, UNITS, GuestRun  # noqa: E402
from guest import GuestError  # noqa: E402
from refusal import Refusals  # noqa: E402
from ride_memory import RideMemory  # noqa: E402


class Run(GuestRun, RideMemory, Refusals):
    def g1_install(self):
        secs = self.boot()
        self.say("INFO", "g1-install", "first boot: the agent answered %.0f s after power-on" % secs)
        self.say("INFO", "g1-install", "simulators: " + self.out("cat /run/roam-sim/log | xargs -d '\\n' | head -c 400"))
        rc, text = self.sh("cd /root && apt-get install -y -q ./%s 2>&1 | tail -n 4" % self.deb, 600)
        ok = self.check("g1-install", rc == 0 and self.out("dpkg-query -W -f='${Status}' roam-board") == "install ok installed",
                        "apt install ./%s (offline, every dependency already on the board): %s" % (self.deb, text.splitlines()[-1:] or "?"))
        rc, diff = self.sh("/usr/local/lib/roam-sim/make-board.sh")
        for line in diff.splitlines():
            if ": > " in line:
                self.say("INFO", "g1-install", "board system-guest vs rpi-zero-2w: " + line)
        rc, text = self.sh("roam-board-enable system-guest 2>&1", 600)
        for line in text.splitlines()[-8:]:
            self.say("INFO", "g1-install", "[roam-board-enable] " + line)
        active = {u: self.out("systemctl is-active %s" % u) for u in UNITS}
        users = " ".join(self.out("p=$(systemctl show -p MainPID --value %s); [ \"$p\" != 0 ] && stat -c %%U /proc/$p || echo none" % u)
                         for u in UNITS)
        if not self.check("g1-install", ok and rc == 0 and all(a == "active" for a in active.values()),
                          "roam-board-enable system-guest exit %d; %s; main processes run as: %s" % (
                              rc, ", ".join("%s %s" % kv for kv in active.items()), users)):
            for u in UNITS:
                self.journal_lines("g1-install", u)
        self.g9_enable_again()
        if not self.ride_minutes:
            self.g11_refused()
            self.g12_led_dark()
        self.end_boot(cut=False)

    def g9_enable_again(self):
        """Boards/usb.md §1 has a rider whose board is enabled run roam-board-enable again: the recorder
        running, and a line of their own in board.conf."""
        S = "g9-enable-again"
        was = self.out("systemctl is-active roam-board.service")
        pid = self.out("systemctl show -p MainPID --value roam-board.service")
        self.sh("printf '%s\\n' '# the rider (g9)' 'units = metric' >> /etc/roam-board/board.conf")
        t0 = time.monotonic()
        rc, text = self.sh("roam-board-enable system-guest 2>&1", 600)
        secs = time.monotonic() - t0
        # Its own words (what it kept, stopped and started), not the self-test's lines.
        for line in text.splitlines():
            if line.startswith("roam-board"):
                self.say("INFO", S, "[roam-board-enable] " + line)
        kept = self.out("grep -cx 'units = metric' /etc/roam-board/board.conf") == "1"
        active = {u: self.out("systemctl is-active %s" % u) for u in UNITS}
        after = self.out("systemctl show -p MainPID --value roam-board.service")
        self.check(S, was == "active" and rc == 0 and kept and all(a == "active" for a in active.values()) and "not started" not in text,
                   "enabled again with the recorder %s: exit %d in %.0f s; the rider's board.conf line %s; %s; the recorder's process %s → %s"
                   % (was, rc, secs, "kept" if kept else "LOST", ", ".join("%s %s" % kv for kv in active.items()), pid, after))

    def g2_boot(self):
        self.boot()
        secs = self.ready()
        if not self.check("g2-boot", secs is not None, "power-on to recorder ready (button line held): %s s under TCG"
                          % ("%.1f" % secs if secs else "never within %d" % BOOT_S)):
            for line in self.journal("roam-board.service").splitlines()[-8:]:
                self.say("INFO", "g2-boot", "[journal] " + line)
            return False
        self.say("INFO", "g2-boot", "systemd-analyze time: " + " ".join(self.out("systemd-analyze time 2>&1 | head -1", 180).split()))
        self.say("INFO", "g2-boot", "of which the test's simulators (roam-sim.service): " +
                 self.out("systemd-analyze blame --no-pager | grep roam-sim.service | xargs", 180))
        chains = ""
        for u in UNITS:
            chain = self.out("systemd-analyze critical-chain --no-pager %s 2>&1" % u, 180)
            chains += chain
            for line in chain.splitlines():
                self.say("INFO", "g2-boot", "[critical-chain] " + line)
        bad = [t for t in ("network-online.target", "time-sync.target") if t in chains]
        self.check("g2-boot", not bad, "the critical chains of both units wait for %s" % (
            " and ".join(bad) if bad else "no network-online.target and no time-sync.target"))
        at_boot = self.out("cat /run/roam-sim/i2c-dev-at-boot")
        self.check("g2-boot", at_boot == "yes", "i2c-dev loaded at boot by the installed package (modules-load.d): %s" % at_boot)
        return True

    def g3_ride(self):
        before = self.sql("SELECT ifnull(max(id), 0) FROM rides")
        self.press()
        ride = self.wait_recording(other_than="")
        if not self.check("g3-ride", ride is not None and ride != before, "press: ride %s recording" % ride):
            return
        got = self.wait_acks(5, ride)
        self.press()
        stopped = self.wait_state(ride, "stopped")
        fixes = self.sql("SELECT count(*) FROM fixes WHERE ride_id = %s" % ride)
        self.check("g3-ride", got and stopped and fixes.isdigit() and int(fixes) > 0,
                   "press, ride, press: ride %s %s with %s fixes (%d acked batches with fixes)"
                   % (ride, "stopped" if stopped else "NOT stopped", fixes, len([a for a in self.g.acks() if a[3]])))
        # A figure, not a check (docs/BENCHMARKS.md): the installed arm64 binary on the kernel's devices, no bench fakes in it.
        self.say("INFO", "g3-ride", "the recorder's memory after that ride: " + self.recorder_memory())

    def recorder_memory(self):
        return self.out("p=$(systemctl show -p MainPID --value roam-board.service); grep -E '^(VmHWM|VmRSS|RssAnon|RssFile)' /proc/$p/status | xargs")

    def g4_power_cut(self):
        self.press()
        ride = self.wait_recording(other_than="")
        if not self.check("g4-power-cut", ride is not None and self.wait_acks(2, ride), "ride %s started and acked" % ride):
            return
        resumed = 0
        for cut in range(1, self.cuts + 1):
            delay = self.rng.uniform(2.0, 20.0)
            time.sleep(delay)
            acked = len(self.g.acks())
            self.say("INFO", "g4-power-cut", "cut %d: SIGKILL of QEMU %.1f s into boot %d's ride, %d batches acked in it"
                     % (cut, delay, self.boots, acked))
            self.end_boot(cut=True)
            self.boot()
            secs = self.ready()
            back = self.wait_recording(timeout=120) if secs else None
            fresh = back == ride and self.wait_acks(1, ride)
            resumed += 1 if fresh else 0
            lost, total = self.lost(self.all_acks)
            self.say("INFO" if lost == 0 else "FAIL", "g4-power-cut", "after cut %d: %d of the %d batches acked before it missing from the database"
                     % (cut, lost, total))
            if not fresh:
                self.say("FAIL", "g4-power-cut", "after cut %d: ride %s not resumed (recording: %s, ready: %s)" % (cut, ride, back, secs))
                for line in self.journal("roam-board.service").splitlines()[-6:]:
                    self.say("INFO", "g4-power-cut", "[journal] " + line)
        self.press()
        self.wait_state(ride, "stopped")
        lost, total = self.lost(self.all_acks + self.g.acks())
        rc, text = self.sh("%sroam-board check %s 2>&1 | tail -n 2" % (ROAM, BOARD), 300)
        self.check("g4-power-cut", resumed == self.cuts and lost == 0 and rc == 0,
                   "%d power cuts, ride %s resumed after %d; acknowledged batches %d, lost %d; check exit %d: %s"
                   % (self.cuts, ride, resumed, total, lost, rc, " ".join(text.split())[:200]))

    def g5_drive(self):
        S = "g5-drive"
        udc = self.out("ls /sys/class/udc | head -1")
        if not self.check(S, udc != "", "a USB device controller: %s" % (udc or "none (dummy_hcd)")):
            return
        # A plug shows what the board had when the cable came: unplug first, wait until the image
        # holds every stopped ride (the keeper does not change a drive a host has), then plug.
        self.sh("umount /mnt/drive 2>/dev/null; rmmod dummy_hcd", retries=0)
        stopped = self.sql("SELECT group_concat(id, ' ') FROM rides WHERE state = 'stopped'").split()
        built = self.g.wait_for(" && ".join("mdir -i /var/lib/roam-board/drive.img -b ::/Rides 2>/dev/null | grep -q 'ride-%s\\.fit'" % r
                                            for r in stopped) or "true", 240, every=5)
        self.check(S, built is not None, "unplugged: the drive image holds the %d stopped rides (%s)" % (len(stopped), " ".join(stopped)))
        self.sh("modprobe dummy_hcd", retries=0)
        disk = self.g.wait_for("for d in /sys/block/sd*; do [ -e $d ] && echo /dev/${d##*/} && exit 0; done; exit 1", 120)
        if not self.check(S, disk is not None, "plugged: the host side sees the gadget as %s (UDC %s: %s)"
                          % ((disk or "no disk").strip(), udc, self.out("cat /sys/class/udc/%s/state" % udc))):
            self.journal_lines(S, "roam-board-drive.service")
            return
        disk = disk.strip()
        mounted = self.g.wait_for("mkdir -p /mnt/drive; mount -t vfat -o ro %s /mnt/drive" % disk, 60)
        self.compare_drive(S, mounted is not None, "plugged")
        # Unplug, a ride, replug: the new ride is on the drive and marked as handed over.
        self.sh("umount /mnt/drive; rmmod dummy_hcd", retries=0)
        self.press()
        ride = self.wait_recording(other_than="")
        self.wait_acks(3, ride)
        self.press()
        self.wait_state(ride, "stopped")
        # Rebuilt while unplugged, as kernel-sim s8 waits for it; then the replug.
        self.g.wait_for("mdir -i /var/lib/roam-board/drive.img -b ::/Rides 2>/dev/null | grep -q 'ride-%s\\.fit'" % ride, 240, every=5)
        self.sh("modprobe dummy_hcd", retries=0)
        disk = self.g.wait_for("for d in /sys/block/sd*; do [ -e $d ] && echo /dev/${d##*/} && exit 0; done; exit 1", 120)
        ok = disk is not None and self.g.wait_for("mount -t vfat -o ro %s /mnt/drive && ls /mnt/drive/Rides | grep -q 'ride-%s\\.fit' || { umount /mnt/drive; exit 1; }"
                                                  % (disk.strip(), ride), 180) is not None
        marked = self.g.wait_for("test \"$(%ssqlite3 %s 'SELECT dumped_utc_ms IS NOT NULL FROM rides WHERE id = %s')\" = 1" % (ROAM, DB, ride), 60)
        self.check(S, ok and marked is not None, "unplug, ride %s, replug: %s on the drive, hand-over mark %s"
                   % (ride, "there" if ok else "NOT", "set" if marked is not None else "NOT set"))
        if ok:
            self.compare_drive(S, True, "replugged")
        self.sh("umount /mnt/drive")
        self.journal_lines(S, "roam-board-drive.service", 6)

    def compare_drive(self, S, mounted, when):
        if not self.check(S, mounted, "%s: mounted read-only on the host side" % when):
            return
        rc, text = self.sh(
            "rm -rf /tmp/dump /tmp/dump.db; mkdir -p /tmp/dump && chown roam /tmp/dump && "
            "%ssqlite3 %s '.backup /tmp/dump.db' && %sroam-board dump --db /tmp/dump.db --all --format fit --out /tmp/dump/ >/dev/null && "
            "%sroam-board dump --db /tmp/dump.db --all --format gpx --out /tmp/dump/ >/dev/null && "
            "cd /tmp/dump && n=0 && for f in *; do n=$((n+1)); cmp -s $f /mnt/drive/Rides/$f || echo differs: $f; done; "
            "[ \"$(ls /tmp/dump | xargs)\" = \"$(ls /mnt/drive/Rides | grep -v '[.]html$' | xargs)\" ] || echo names: $(ls /mnt/drive/Rides | xargs); echo files: $n"
            % (ROAM, DB, ROAM, ROAM), 300)
        self.check(S, rc == 0 and "differs" not in text and "names:" not in text,
                   "%s: the drive's Rides/ equal dump's output (%s)" % (when, " ".join(text.split())[:200]))

    def g7_reinstall(self):
        S = "g7-reinstall"
        self.say("INFO", S, "the recorder's memory at the end of this boot's rides: " + self.recorder_memory())
        # An upgrade's scripts (dpkg -i of the installed version runs them as an upgrade): the board's
        # notes brought back, nothing restarted, both units still enabled and running.
        pid = self.out("systemctl show -p MainPID --value roam-board.service")
        rc, _ = self.sh("rm -f /etc/roam-board/usb.md && cd /root && dpkg -i ./%s > /tmp/upgrade.log 2>&1" % self.deb, 600)
        notes = self.out("test -s /etc/roam-board/usb.md && test -s /etc/roam-board/wiring.md && echo both")
        after = self.out("systemctl show -p MainPID --value roam-board.service")
        active = all(self.out("systemctl is-active %s" % u) == "active" for u in UNITS)
        self.check(S, rc == 0 and notes == "both" and after == pid and active,
                   "dpkg -i over itself (an upgrade) exit %d: usb.md and wiring.md %s; the recorder's process %s; units active: %s"
                   % (rc, "in /etc/roam-board" if notes == "both" else "NOT brought back", "kept" if after == pid else "%s → %s" % (pid, after), active))
        rides = self.out("%sroam-board rides %s 2>&1 | md5sum" % (ROAM, BOARD))
        n = self.sql("SELECT count(*) FROM rides")
        self.sh("apt-get remove -y -q roam-board > /tmp/remove.log 2>&1", 300)
        states = " ".join("%s %s/%s" % (u, self.out("systemctl is-active %s" % u), self.out("systemctl is-enabled %s 2>&1" % u)) for u in UNITS)
        stopped = all(self.out("systemctl is-active %s" % u) != "active" for u in UNITS) and \
            all(self.out("systemctl is-enabled %s 2>&1" % u) not in ("enabled", "enabled-runtime") for u in UNITS)
        self.check(S, stopped, "apt-get remove: %s" % states)
        rc, _ = self.sh("dpkg --purge roam-board > /tmp/purge.log 2>&1", 300)
        kept = self.out("test -s %s && echo kept" % DB) == "kept"
        self.check(S, rc == 0 and kept and self.out("test -e /usr/bin/roam-board || echo gone") == "gone",
                   "dpkg --purge exit %d: the program gone, rides.db %s" % (rc, "kept" if kept else "GONE"))
        rc, _ = self.sh("cd /root && apt-get install -y -q ./%s > /tmp/reinstall.log 2>&1 && /usr/local/lib/roam-sim/make-board.sh > /dev/null && roam-board-enable system-guest > /tmp/enable.log 2>&1" % self.deb, 600)
        same = self.out("%sroam-board rides %s 2>&1 | md5sum" % (ROAM, BOARD)) == rides
        active = all(self.out("systemctl is-active %s" % u) == "active" for u in UNITS)
        self.check(S, rc == 0 and same and active, "reinstalled and enabled again (exit %d): the same %s rides listed: %s; units active: %s"
                   % (rc, n, same, active))

    def g8_missing(self):
        S = "g8-missing"
        self.boot("roam.missing module_blacklist=i2c_dev,dummy_hcd")
        # Past udev's device timeout (90 s) with room to spare: a unit that loops has restarted by then.
        self.g.wait_for("awk '{ exit !($1 > 180) }' /proc/uptime", 400, every=5)
        for u in UNITS:
            shown = self.out("systemctl show -p ActiveState,SubState,NRestarts,ConditionResult %s" % u)
            p = dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)
            state = "%s %s, NRestarts=%s, ConditionResult=%s" % (p.get("ActiveState"), p.get("SubState"), p.get("NRestarts"), p.get("ConditionResult"))
            lines = [line for line in self.journal(u).splitlines() if line.strip()]
            # What it said about the missing devices: each message once, however long it waits.
            said = [line for line in lines if "/dev/roam-gpiochip" in line or "/dev/i2c-" in line or "udc" in line.lower()]
            once = len(said) == len(set(said))
            if u == "roam-board.service":
                ok = (p.get("ActiveState"), p.get("SubState"), p.get("NRestarts")) == ("active", "running", "0") and said and once
            else:
                # No UDC: waiting like the recorder, or not started at all (its condition): never looping.
                ok = p.get("NRestarts") == "0" and (p.get("SubState") == "running" or p.get("ConditionResult") == "no") and once
            self.check(S, ok, "%s with no gpiochip label, no UDC, no i2c-dev, %s s after power-on: %s; %d journal lines about them, %s"
                       % (u, "%.0f" % self.g.since_power_on(), state, len(said), "each once" if once else "REPEATED"))
            for line in lines[-5:]:
                self.say("INFO", S, "[%s] %s" % (u, line))
        self.end_boot(cut=False)

    def main(self):
        t0 = time.monotonic()
        try:
            self.g1_install()
            ready = self.g2_boot()
            if ready and self.ride_minutes:
                self.g10_ride_memory()
            elif ready:
                self.g3_ride()
                self.g4_power_cut()
                self.g5_drive()
                self.g7_reinstall()
            self.end_boot(cut=False)
            if not self.ride_minutes:
                self.g8_missing()
        except GuestError as e:
            self.say("FAIL", "system-guest", str(e))
            if self.g:
                for line in open(self.g.console, errors="replace").read().replace("\r", "").splitlines()[-12:]:
                    self.say("INFO", "console", line)
                self.g.kill()
        self.say("INFO", "system-guest", "%d boots, %.0f s" % (self.boots, time.monotonic() - t0))
        return 1 if self.failed else 0


if __name__ == "__main__":
    # SIGTERM (a CI timeout) ends the run through SystemExit, and the VM with it (die_with_parent).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    sys.exit(Run(sys.argv[1:]).main())
