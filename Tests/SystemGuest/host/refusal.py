"""g11-refused and g12-led-dark: the recorder's unit when something goes wrong, judged from the host
(Tests/SystemGuest/README.md). Mixed into scenarios.Run beside host/board.py's GuestRun, in g1's boot.
"""
import time

UNIT = "roam-board.service"
CONF = "/etc/roam-board/board.conf"
KEPT = "/root/board.conf.g11"
# Longer than RestartSec=5 twice over: a refused unit that is restarted all the same has been by then.
WINDOW_S = 12


class Refusals:
    def unit_state(self):
        shown = self.out("systemctl show -p ActiveState,SubState,NRestarts,ExecMainStatus,ExecMainPID,InvocationID,"
                         "ExecMainStartTimestampMonotonic,ExecMainExitTimestampMonotonic,InactiveEnterTimestampMonotonic %s" % UNIT)
        return dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)

    def wait_stopped(self, timeout=120):
        """The unit's state once it is failed or inactive (not active, activating or deactivating), or None."""
        done = self.g.wait_for("case $(systemctl is-active %s) in failed|inactive) exit 0 ;; esac; exit 1" % UNIT, timeout, every=0.5)
        return self.unit_state() if done is not None else None

    def g11_refused(self):
        """The rider's mistake in board.conf: refused once, for good, in one journal line, and started
        again by roam-board.path when the fixed file is saved (no systemctl call)."""
        S = "g11-refused"
        self.sh("cp -p %s %s" % (CONF, KEPT))
        # A line that does not parse (a key without '='). Saving it starts nothing: the recorder runs.
        self.sh("printf '%%s\\n' 'units imperial' >> %s && systemctl restart %s" % (CONF, UNIT))
        first = self.wait_stopped()
        time.sleep(WINDOW_S)
        st = self.unit_state()
        # What the refused process itself said (its ExecStopPost is another process; systemd's lines are PID 1's).
        refusal = [line for line in self.out("journalctl -b _PID=%s -o cat --no-pager" % st.get("ExecMainPID")).splitlines() if line.strip()]
        ok = (first is not None and st.get("ExecMainStatus") == "78" and st.get("NRestarts") == "0"
              and st.get("ActiveState") in ("failed", "inactive") and not st.get("SubState", "").startswith("auto-restart")
              and st.get("InvocationID") == first.get("InvocationID") and len(refusal) == 1)
        self.check(S, ok, "a board.conf line that does not parse, then systemctl restart: ExecMainStatus=%s, %s/%s, NRestarts=%s "
                   "after %d s more, invocation %s; %d journal line(s) of its refusal: %s"
                   % (st.get("ExecMainStatus"), st.get("ActiveState"), st.get("SubState"), st.get("NRestarts"), WINDOW_S,
                      "the same" if first and st.get("InvocationID") == first.get("InvocationID") else "CHANGED",
                      len(refusal), " | ".join(refusal)[:300]))
        self.say("INFO", S, "[ExecStopPost] " + self.out("journalctl -b -u %s -o cat --no-pager | grep '^led-off: ' | tail -n 1" % UNIT))
        # What a save must not fall into (systemd's path unit does not watch while the unit it started
        # runs; from 256 on it watches again while the unit deactivates, docs/DESIGN.md §7): the refused
        # process's life, and its ExecStopPost.
        try:
            started, exited, inactive = (int(st.get(k, "")) for k in ("ExecMainStartTimestampMonotonic",
                                                                      "ExecMainExitTimestampMonotonic", "InactiveEnterTimestampMonotonic"))
            self.say("INFO", S, "the refused start lived %.0f ms, its ExecStopPost %.0f ms more"
                     % ((exited - started) / 1000.0, (inactive - exited) / 1000.0))
        except ValueError:
            pass
        # The rider saves the fixed file (cp writes it in place: one close after writing) and nothing else.
        t0 = time.monotonic()
        self.sh("cp %s %s" % (KEPT, CONF))
        back = self.g.wait_for(self.holds_button_line(), 120)
        secs = time.monotonic() - t0
        st = self.unit_state()
        self.check(S, back is not None and st.get("ActiveState") == "active" and st.get("NRestarts") == "0",
                   "the fixed board.conf saved: the recorder %s through roam-board.path %.1f s later (%s/%s, NRestarts=%s)"
                   % ("started" if back is not None else "NOT started", secs, st.get("ActiveState"), st.get("SubState"), st.get("NRestarts")))
        before = self.sql("SELECT ifnull(max(id), 0) FROM rides")
        self.press()
        ride = self.wait_recording(other_than="")
        acked = ride is not None and ride != before and self.wait_acks(1, ride)
        self.press()
        stopped = ride is not None and self.wait_state(ride, "stopped")
        self.check(S, acked and stopped, "then press, ride, press: ride %s %s, %s" % (
            ride, "acked" if acked else "NOT acked", "stopped" if stopped else "NOT stopped"))

    def holds_button_line(self):
        """A shell test: roam-board holds the button line (gpio-sim's debugfs), as GuestRun.ready waits for."""
        return ("awk '/^gpiochip/ { sim = /gpio-sim/; split($3, r, \"-\"); base = r[1] } "
                "sim && $1 == \"gpio-\" base + 17 && /[(]roam-board[)]/ { held = 1 } END { exit !held }' /sys/kernel/debug/gpio")

    def kill_and_read_led(self, led):
        """SIGKILL of the recorder with its LED line's released level modelled as lit (below); then, once
        the unit waits to restart (ExecStopPost done, the next recorder 5 s away): the line's value."""
        text = self.out(
            "echo pull-up > {led}/pull && systemctl kill -s KILL {u} && i=0; "
            "while [ $i -lt 300 ]; do case $(systemctl show -p SubState --value {u}) in auto-restart*) break ;; esac; sleep 0.1; i=$((i+1)); done; "
            "echo $(systemctl show -p SubState --value {u}) $(cat {led}/value)".format(led=led, u=UNIT))
        parts = text.split()
        return (parts[0], parts[1]) if len(parts) == 2 else (text, "?")

    def g12_led_dark(self):
        """A released output keeps its level on a Pi. gpio-sim sets a released line to its pull instead, so
        the pull-up set on the LED's line just before the kill makes the release leave it high: a Pi
        whose LED was lit at the kill. The unit's ExecStopPost (led-off) must bring it low before the
        restart; the control, the same kill without it, shows the line left high (the check can fail)."""
        S = "g12-led-dark"
        line = self.out("sed -n 's/^led_line *= *//p' %s" % CONF)
        led = "%s/sim_gpio%s" % (self.out("cat /run/roam-sim/gpio-sim"), line)
        dropin = "/run/systemd/system/%s.d/g12-control.conf" % UNIT
        self.sh("mkdir -p $(dirname %s) && printf '[Service]\\nExecStopPost=\\n' > %s && systemctl daemon-reload" % (dropin, dropin))
        state, value = self.kill_and_read_led(led)
        self.check(S, state.startswith("auto-restart") and value == "1",
                   "control, ExecStopPost= emptied by a runtime drop-in: after systemctl kill -s KILL, %s, LED line %s value %s (the Pi's lit LED kept)"
                   % (state, line, value))
        back = self.g.wait_for(self.holds_button_line(), 120)
        self.sh("rm -f %s && systemctl daemon-reload" % dropin)
        state, value = self.kill_and_read_led(led)
        said = self.out("journalctl -b -u %s -o cat --no-pager | grep '^led-off: ' | tail -n 1" % UNIT)
        self.check(S, back is not None and state.startswith("auto-restart") and value == "0",
                   "as shipped: after systemctl kill -s KILL, %s, LED line %s value %s before the restart (%s)" % (state, line, value, said))
        back = self.g.wait_for(self.holds_button_line(), 120)
        self.check(S, back is not None, "restarted 5 s later: the recorder holds its lines again")
        # g6 at this boot's end: the two deliberate kills, and nothing else.
        self.expected_restarts[UNIT] = 2
