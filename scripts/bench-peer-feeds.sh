# The bench receiver's feeds for scripts/bench-peer's idle cases (sourced): epochs without a fix, and
# the unplugged receiver of idle-unplugged. There the recorder runs `record --no-ride --unplug-at-end`:
# at the end of its input the bench closes its pty's far end (the port reads EIO and its path is gone,
# as a USB receiver pulled out), says so on stderr, and records on until SIGTERM, when it says how
# often its sensor thread tried to reopen the port meanwhile.

# nofix_feed FILE EPOCHS: a receiver that has the time but no fix, one RMC and one GGA an epoch.
nofix_feed() {
    local i t body sum c k
    : > "$1"
    for ((i = 0; i < $2; i++)); do
        t=$(printf '%02d%02d%02d.00' $((12 + i / 3600 % 12)) $((i / 60 % 60)) $((i % 60)))
        for body in "GPRMC,$t,V,,,,,,,,,,N" "GPGGA,$t,,,,,0,00,99.99,,,,,,"; do
            sum=0
            for ((k = 0; k < ${#body}; k++)); do printf -v c '%d' "'${body:k:1}"; sum=$((sum ^ c)); done
            printf '$%s*%02X\r\n' "$body" "$sum" >> "$1"
        done
    done
}

# unplug_both DIR SOCAT_PID: with the recorder's input already closed, takes gpsd's pty away too (socat
# ends) and waits until the recorder has said its receiver is unplugged (DIR/record.log), 60 s at most.
unplug_both() {
    kill "$2" 2>/dev/null || true
    for _ in $(seq 600); do grep -q "^bench: receiver unplugged (" "$1/record.log" && return; sleep 0.1; done
    echo "bench-peer: the recorder did not unplug its receiver: $(tail -3 "$1/record.log")" >&2
    exit 1
}

# reopens_said DIR: "42 in 301.2 s (0.139/s)" from the recorder's last line ("bench: receiver unplugged
# for 301234 ms: 42 reopen attempts"), nothing when it said none (another case, or it ended early).
reopens_said() {
    awk '/^bench: receiver unplugged for [0-9]+ ms: [0-9]+ reopen attempts/ {
        s = $5 / 1000; printf "%d in %.1f s (%.3f/s)", $7, s, (s > 0 ? $7 / s : 0) }' "$1/record.log"
}
