# s5-restart: SIGKILL of the recorder mid-ride, then a restart: the ride resumes with exactly one
# gap (cause "logger restarted") and `roam-board check` finds the database consistent.
S=s5-restart

if [ -z "$RIDE" ] || ! rec_alive; then
    skip $S "needs a running recorder and the ride of s2-ride"
else
    feed ON
    press
    if ! waitfor 15 new_ride_recording $RIDE; then
        fail $S "no new ride 15 s after the press: $(rec_words)"
    else
        RIDE2=$(recording_ride)
        before=$(fix_acks)
        waitfor 30 fix_acks_reach $((before + 3))
        kill -9 $REC_PID
        wait $REC_PID
        killed_at=$(sql "SELECT count(*) FROM fixes WHERE ride_id = $RIDE2")
        rec_start
        if waitfor 60 rec_ready_or_gone && rec_alive; then
            before=$(fix_acks)
            if waitfor 30 fix_acks_reach $((before + 3)); then
                now=$(sql "SELECT count(*) FROM fixes WHERE ride_id = $RIDE2")
                pass $S "SIGKILL with $killed_at fixes committed; the restarted recorder resumed ride $RIDE2 (now $now fixes)"
            else
                fail $S "the restarted recorder committed no fixes within 30 s: $(rec_words)"
            fi
        else
            fail $S "the recorder did not come back after SIGKILL: $(rec_words)"
        fi
        gaps=$(gap_count $RIDE2 "logger restarted")
        others=$(($(sql "SELECT count(*) FROM events WHERE ride_id = $RIDE2 AND kind = 'gap'") - gaps))
        rides=$(sql "SELECT count(*) FROM rides WHERE id > $RIDE")
        if [ "$gaps" = 1 ] && [ "$others" = 0 ] && [ "$rides" = 1 ]; then
            pass $S "ride $RIDE2 has exactly one gap, 'logger restarted', and no second ride was opened"
        else
            fail $S "ride $RIDE2: $gaps 'logger restarted' gaps, $others other gaps, $rides rides after ride $RIDE"
        fi
        events $RIDE2 $S
        press
        waitfor 15 ride_state_is $RIDE2 stopped || fail $S "ride $RIDE2 did not stop on the press"
    fi
    feed OFF
    # A service stop is SIGTERM; whatever the recorder does with it, it must not outlive the check.
    kill -TERM $REC_PID
    if waitfor 15 sh -c "! kill -0 $REC_PID 2>/dev/null"; then
        wait $REC_PID; info $S "recorder exited with status $? on SIGTERM"
    else
        info $S "recorder still running 15 s after SIGTERM; killed"; kill -9 $REC_PID; wait $REC_PID
    fi
    out=/tmp/check.txt
    rc=0
    timeout 60 roam-board check --board $BOARD > $out 2>&1 || rc=$?
    sed "s/^/INFO $S: [check] /" $out | head -8
    if [ $rc = 0 ]; then
        pass $S "roam-board check passes after the SIGKILL (exit 0)"
    else
        fail $S "roam-board check exit $rc after the SIGKILL"
    fi
fi
