# s6-clock: the board's wall clock jumps while `roam-board record` runs (a Pi has no RTC: its clock
# starts at fake-hwclock's last shutdown or 1970, then NTP or anything sets it, backwards too).
#
# First, idle with the receiver unplugged, the LED plays "receiver silent" (1 s on, 1 s off) and its
# thread always sleeps until the next step: the clock set back years must not stop that pattern (a
# wait on CLOCK_REALTIME would sleep for those years). Then a ride, with the clock set forward past
# the real time by 3 days and back to 2019, each step aimed inside a commit blink. Judged: the LED
# blinks once per commit, each blink short; commits are stamped by the clock as it was; every fix
# fed is stored, GNSS-timed, with no gap; a press still stops the ride; `check` passes.
S=s6-clock
R=

# at_blink DATE: sets the clock to DATE (busybox `date -s`) the moment the LED next lights, so the
# step falls inside the 60 ms commit blink. Reniced like the LED watcher, so its polling takes only
# the time roam-board leaves; bounded by `timeout` if the LED never lights.
at_blink() {
    timeout 20 sh -c '
        renice -n 19 -p $$ > /dev/null
        f=$1; shift
        read -r v < "$f"; while [ "$v" = 1 ]; do read -r v < "$f"; done
        while [ "$v" != 1 ]; do read -r v < "$f"; done
        date -s "$1" > /dev/null && read -r v < "$f" && echo "$v"' at_blink "$SIM/sim_gpio$LED_LINE/value" "$1" 2> /tmp/at-blink.err
}

# judge_blinks WHAT FROM_MS ACKS_BEFORE: the s2 rule over the window since FROM_MS: at least 3 blinks,
# at least one per two acknowledged commits (the watcher samples from the guest), none long.
judge_blinks() {
    _now=$(uptime_ms)
    _acks=$(($(fix_acks) - $3))
    _rises=$(led_rises /tmp/led-clock.txt "$2" "$_now")
    _long=$(led_on_seen /tmp/led-clock.txt "$2" "$_now" | awk '{ for (i = 1; i <= NF; i++) if ($i >= 400) printf "%s ", $i }')
    if [ "$_rises" -ge 3 ] && [ $((_rises * 2)) -ge "$_acks" ] && [ -z "$_long" ]; then
        pass $S "$1: the LED blinked $_rises times over $_acks acknowledged commits, each blink short"
    else
        fail $S "$1: the LED blinked $_rises times over $_acks acknowledged commits${_long:+; on for $_long ms}"
    fi
}

# jump WHAT DATE: the step inside a blink, then 8 more commits with fixes, then the LED's verdict.
jump() {
    _from=$(uptime_ms)
    _acks0=$(fix_acks)
    _lit=$(at_blink "$2")
    if [ -z "$_lit" ]; then
        fail $S "$1: the clock was not set (the LED never lit within 20 s, or date -s refused '$2'): $(head -c 200 /tmp/at-blink.err)"
        return 1
    fi
    info $S "$1: clock now $(date -u '+%Y-%m-%d %H:%M:%S') UTC, set while the LED was $([ "$_lit" = 1 ] && echo on || echo off already)"
    if ! waitfor 40 fix_acks_reach $((_acks0 + 8)); then
        fail $S "$1: only $(($(fix_acks) - _acks0)) commits with fixes within 40 s of the step: $(rec_words)"
        return 1
    fi
    judge_blinks "$1" "$_from" "$_acks0"
}

# last_commit_s RIDE: the ride's last commit stamp, in seconds since 1970 (the recorder's wall clock).
last_commit_s() { sql "SELECT last_commit_utc_ms / 1000 FROM rides WHERE id = $1"; }
utc() { date -u -d "@$1" '+%Y-%m-%d %H:%M'; }
# One whole on-period of the receiver-silent pattern (about 1 s; the idle heartbeat's is 30 ms).
silent_pattern_seen() {
    led_on_periods /tmp/led-clock.txt 0 999999999999 | awk '{ for (i = 1; i <= NF; i++) if ($i >= 700) f = 1 } END { exit !f }'
}

feed OFF
prev=$(sql "SELECT ifnull(max(id), 0) FROM rides")
rec_start
waitfor 60 rec_ready_or_gone
if ! rec_alive; then
    wait $REC_PID; rc=$?
    fail $S "roam-board record exited ($rc) before taking the GPIO lines: $(rec_words)"
elif ride_recording; then
    skip $S "ride $(recording_ride) is still recording from an earlier scenario (see s5-restart)"
else
    led_watch /tmp/led-clock.txt
    # The real time, carried across the steps by the uptime clock (which no `date -s` moves).
    real_s=$(date +%s); real_up=$(uptime_ms)
    real_now() { echo $((real_s + ($(uptime_ms) - real_up) / 1000)); }

    # Idle, receiver silent: once the pattern's first on-period has ended, the LED thread sleeps
    # about 1 s until the next and no event will wake it: set the clock back now.
    if ! waitfor 20 silent_pattern_seen; then
        fail $S "idle with the receiver unplugged, no 1 s on-period of the LED within 20 s: $(rec_words)"
    fi
    date -s "2019-03-01 12:00:00" > /dev/null
    step_ms=$(uptime_ms)
    back=$((($(real_now) - $(date +%s)) / 31557600))
    # A stimulus window, not a synchronisation: 4.5 s of the pattern hold two whole on-periods.
    sleep 4.5
    periods=$(led_on_periods /tmp/led-clock.txt "$step_ms" "$(uptime_ms)")
    info $S "idle, receiver silent, clock set back to $(date -u '+%Y-%m-%d') at uptime $(seconds "$step_ms") s; LED on-periods since (ms): ${periods:-none}"
    verdict=$(echo "$periods" | awk '{ for (i = 1; i <= NF; i++) { n++; if ($i < 700 || $i > 1400) bad = bad " " $i } }
        END { if (n == 0) print "no whole on-period"; else if (bad != "") print "on-periods of" bad " ms"; else print "ok " n }')
    case "$verdict" in
    ok*) pass $S "clock set back $back years: the LED kept its receiver-silent pattern (${verdict#ok } on-periods of about 1 s after the step)" ;;
    *) fail $S "clock set back $back years while idle and silent: LED $verdict (want 1 s on, 1 s off to go on)" ;;
    esac

    feed ON
    press
    if ! waitfor 15 new_ride_recording "$prev"; then
        fail $S "no new ride 15 s after the press: $(rec_words)"
    else
        R=$(recording_ride)
        waitfor 40 fix_acks_reach $(($(fix_acks) + 3)) || fail $S "no commits with fixes within 40 s of the press: $(rec_words)"

        ahead=$(($(real_now) + 3 * 86400))
        if jump "mid-ride, set forward to 3 days past the real time" "@$ahead"; then
            s=$(last_commit_s $R)
            if [ "$s" -ge $((ahead - 60)) ]; then
                pass $S "commits stamped by the board's clock as it was: last commit $(utc "$s") UTC"
            else
                fail $S "last commit stamped $(utc "$s") UTC after the clock was set to $(utc "$ahead") UTC"
            fi
        fi
        if jump "mid-ride, set back to 2019" "2019-03-01 12:00:00"; then
            s=$(last_commit_s $R)
            if [ "$s" -lt $((real_s - 365 * 86400)) ]; then
                pass $S "commits stamped by the board's clock as it was: last commit $(utc "$s") UTC"
            else
                fail $S "last commit stamped $(utc "$s") UTC after the clock was set back to 2019"
            fi
        fi

        acked=$(acked_fixes $R)
        press
        if waitfor 15 ride_state_is $R stopped; then
            pass $S "a press after the steps stopped ride $R (the button's edge times are monotonic too)"
        else
            fail $S "ride $R is '$(ride_state $R)' 15 s after the press: $(rec_words)"
        fi
        events $R $S
        # One fix per epoch fed (the board's rate_hz), each with the feeder's GNSS time: no epoch
        # missing, none out of order. flags & 48: FixFlags.repeatedTime (1 << 4) and .timeBackwards (1 << 5).
        set -- $(sql "SELECT count(*), ifnull((max(t_utc_ms) - min(t_utc_ms)) * $RATE_HZ / 1000 + 1, 0), count(DISTINCT segment),
                      ifnull(sum(lat_deg IS NULL), 0), ifnull(sum((flags & 48) != 0), 0) FROM fixes WHERE ride_id = $R" | tr '|' ' ')
        if [ "$1" -ge "$acked" ] && [ "$1" = "$2" ] && [ "$4" = 0 ] && [ "$5" = 0 ]; then
            pass $S "every fix fed is stored: $1 fixes over $2 epochs of GNSS time at $RATE_HZ Hz ($acked acknowledged before the stop), none flagged as time going back or repeating"
        else
            fail $S "fixes: $1 stored, $acked acknowledged, $2 epochs of GNSS time at $RATE_HZ Hz, $4 without position, $5 flagged time-backwards or repeated"
        fi
        gaps=$(sql "SELECT count(*) FROM events WHERE ride_id = $R AND kind = 'gap'")
        row_gaps=$(sql "SELECT gap_count FROM rides WHERE id = $R")
        if [ "$gaps" = 0 ] && [ "$row_gaps" = 0 ] && [ "$3" = 1 ]; then
            pass $S "no gap: no gap event, gap_count 0, one segment"
        else
            fail $S "$gaps gap events, gap_count $row_gaps, $3 segments after two clock steps"
        fi
    fi
    date -s "@$(real_now)" > /dev/null
    kill $LED_WATCH_PID
fi
feed OFF
if rec_alive; then
    kill -TERM $REC_PID
    if waitfor 15 sh -c "! kill -0 $REC_PID 2>/dev/null"; then wait $REC_PID
    else info $S "recorder still running 15 s after SIGTERM; killed"; kill -9 $REC_PID; wait $REC_PID; fi
fi
if [ -n "$R" ]; then
    rc=0
    timeout 60 roam-board check --board $BOARD > /tmp/check-clock.txt 2>&1 || rc=$?
    sed "s/^/INFO $S: [check] /" /tmp/check-clock.txt | head -8
    if [ $rc = 0 ]; then pass $S "roam-board check passes after the clock steps (exit 0)"
    else fail $S "roam-board check exit $rc after the clock steps"; fi
fi
