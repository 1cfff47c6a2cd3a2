# Boots the guest under QEMU and streams its verdict lines (sourced by scripts/kernel-sim).
#
# The arch file's ksim_qemu_cmd gives the machine: its console is logged to a file, its GNSS UART is
# gnss-feeder.py's pty (KSIM_GNSS_LINK=pty) or a pair of FIFOs between QEMU and it. `timeout` bounds
# the whole VM, and panic=-1 with -no-reboot turns a guest panic into a QEMU exit rather than a hang.

KSIM_DONE_MARK="KERNEL-SIM-DONE"

# ksim_boot TIMEOUT_S: sets BOOT_SECS and CONSOLE_LOG; returns 0 when the guest reached its end mark.
ksim_boot() {
    local limit=$1 run="$KSIM_CACHE/run"
    rm -rf "$run" && mkdir -p "$run"
    CONSOLE_LOG="$run/console.log"
    : > "$CONSOLE_LOG"
    local t0 qpid fpid gnss="$run/gnss" feeder="$KSIM_DIR/host/gnss-feeder.py"
    if [ "${KSIM_GNSS_LINK:-fifo}" = pty ]; then
        # The feeder's pty, whose speed QEMU sets to the guest's divisor: it exists before QEMU opens it.
        python3 "$feeder" --pty "$run/gnss.pty" 2> "$run/feeder.log" &
        fpid=$!
        local i; for i in $(seq 50); do [ -s "$run/gnss.pty" ] && break; sleep 0.1; done
        [ -s "$run/gnss.pty" ] || { ksim_fail "the GNSS feeder made no pty: $(tail -3 "$run/feeder.log")"; return 1; }
        gnss=$(cat "$run/gnss.pty")
    else
        mkfifo "$run/gnss.in" "$run/gnss.out"
    fi
    ksim_qemu_cmd "$CONSOLE_LOG" "$gnss"
    t0=$(ksim_now)
    timeout --kill-after=5 "$limit" "${QEMU_CMD[@]}" < /dev/null > "$run/qemu.log" 2>&1 &
    qpid=$!
    if [ "${KSIM_GNSS_LINK:-fifo}" != pty ]; then
        # QEMU opens both FIFOs read-write, so the feeder's opens return once QEMU is up.
        python3 "$feeder" "$run/gnss.in" "$run/gnss.out" 2> "$run/feeder.log" &
        fpid=$!
    fi
    # Stream the guest's verdicts as they come; tail ends when QEMU does.
    tail -n +1 -s 0.2 -f --pid="$qpid" "$CONSOLE_LOG" | tr -d '\r' | grep --line-buffered -E '^(PASS|FAIL|SKIP|INFO) ' || true
    local rc=0
    wait "$qpid" || rc=$?
    # The pty feeder holds both ends of its pty and never sees an end of file: it is stopped here,
    # with SIGKILL after a second if SIGTERM did not land (a blocked mask inherited from the caller).
    kill "$fpid" 2>/dev/null || true
    local j; for j in $(seq 10); do kill -0 "$fpid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$fpid" 2>/dev/null || true
    wait "$fpid" 2>/dev/null || true
    BOOT_SECS=$(ksim_secs "$t0" "$(ksim_now)")
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        ksim_fail "the VM did not power off within ${limit} s (killed by timeout; console log: $CONSOLE_LOG)"
        return 1
    fi
    if ! grep -q "$KSIM_DONE_MARK" "$CONSOLE_LOG"; then
        ksim_fail "the guest never reached $KSIM_DONE_MARK (QEMU exit $rc); last console lines:"
        tr -d '\r' < "$CONSOLE_LOG" | tail -15 | sed 's/^/INFO console: /'
        sed 's/^/INFO qemu: /' "$run/qemu.log" | head -5
        return 1
    fi
    ksim_pass "VM boot to power-off in ${BOOT_SECS} s (${QEMU_CMD[0]}, TCG; /init started at $(tr -d '\r' < "$CONSOLE_LOG" | sed -n 's/.*init-start-uptime=\([0-9.]*\)s.*/\1/p' | head -1) s uptime)"
}
