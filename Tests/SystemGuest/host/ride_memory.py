"""g10-ride-memory, opt-in and not run by CI (scripts/system-guest --ride-minutes M): one ride kept
going M minutes on the installed recorder under systemd, the feeder at the rate the recorder sets
(the Pi board's 10 Hz), and the recorder's memory from /proc/PID/status every 5 minutes (issue 25:
at most 10 MiB). smaps at the start and the end stay in the run folder; the mappings that grew most
between them are printed, to show where any growth is.
"""
import os
import time

S = "g10-ride-memory"
EVERY_MIN = 5
GOAL_KB = 10 * 1024
# One line a mapping: its start address, Rss and Anonymous kB, and its file or [heap]/[stack]/[anon].
SMAPS = ("awk '/^[0-9a-f]+-[0-9a-f]+ / { split($1, r, \"-\"); at = r[1]; name = ($6 == \"\" ? \"[anon]\" : $6) } "
         "/^Rss:/ { rss = $2 } /^Anonymous:/ { print at, rss, $2, name }' /proc/%s/smaps")


class RideMemory:
    def status(self, pid):
        """{"VmHWM": kB, ...} of the recorder's /proc/PID/status, read through the agent as g3's figure is."""
        text = self.out("grep -E '^(VmHWM|VmRSS|RssAnon|RssFile):' /proc/%s/status" % pid)
        return {k.rstrip(":"): int(v) for k, v, *_ in (line.split() for line in text.splitlines())}

    def sample(self, pid, ride, when):
        mem = self.status(pid)
        fixes = self.sql("SELECT count(*) FROM fixes WHERE ride_id = %s" % ride)
        self.say("INFO", S, "%s: %s; ride %s %s with %s fixes" % (
            when, " ".join("%s %d kB" % kv for kv in mem.items()), ride, self.sql("SELECT state FROM rides WHERE id = %s" % ride), fixes))
        return mem, int(fixes) if fixes.isdigit() else -1

    def smaps(self, pid, minute):
        text = self.out(SMAPS % pid)
        with open(os.path.join(self.dir, "smaps-min%02d.txt" % minute), "w") as f:
            f.write(text + "\n")
        rows = [line.split(None, 3) for line in text.splitlines()]
        return {(at, name): (int(rss), int(anon)) for at, rss, anon, name in rows}

    def g10_ride_memory(self):
        minutes = self.ride_minutes
        self.press()
        ride = self.wait_recording(other_than="")
        if not self.check(S, ride is not None and self.wait_acks(2, ride), "press: ride %s recording and acked" % ride):
            return
        pid = self.out("systemctl show -p MainPID --value roam-board.service")
        t0 = time.monotonic()
        first = self.smaps(pid, 0)
        counts = [self.sample(pid, ride, "minute 0")[1]]
        for minute in list(range(EVERY_MIN, minutes, EVERY_MIN)) + [minutes]:
            time.sleep(max(0.0, t0 + 60 * minute - time.monotonic()))
            mem, fixes = self.sample(pid, ride, "minute %d" % minute)
            counts.append(fixes)
        riding = time.monotonic() - t0
        last = self.smaps(pid, minutes)
        grown = sorted(((last[k][0] - first.get(k, (0, 0))[0], last[k][1] - first.get(k, (0, 0))[1], k) for k in last), reverse=True)
        for rss, anon, (at, name) in grown[:6]:
            self.say("INFO", S, "grew from minute 0 to %d: %+d kB Rss (%+d kB anonymous) in %s at %s" % (minutes, rss, anon, name, at))
        self.say("INFO", S, "the recorder's largest RSS while riding: VmHWM %d kB, %s the goal of %d kB"
                 % (mem["VmHWM"], "within" if mem["VmHWM"] <= GOAL_KB else "%d kB OVER" % (mem["VmHWM"] - GOAL_KB), GOAL_KB))
        self.press()
        stopped = self.wait_state(ride, "stopped")
        after = self.out("systemctl show -p MainPID --value roam-board.service")
        mem, fixes = self.sample(pid, ride, "stopped")
        # Recorded throughout: more fixes at every sample than at the one before, by the same process.
        throughout = all(b > a for a, b in zip(counts, counts[1:]))
        self.check(S, stopped and after == pid and throughout,
                   "ride %s %s after %.1f min: %d fixes (10 Hz for that time is %d), more at each of the %d samples: %s; "
                   "the recorder's process %s; after the stop press: %s" % (
                       ride, "stopped" if stopped else "NOT stopped", riding / 60, fixes, riding * 10, len(counts) - 1, throughout,
                       "kept" if after == pid else "%s → %s" % (pid, after), " ".join("%s %d kB" % kv for kv in mem.items())))
