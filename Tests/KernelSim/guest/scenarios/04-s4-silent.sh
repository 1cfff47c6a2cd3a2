# s4-silent: the host stops feeding ttyS1 mid-ride (the receiver falls silent, the port stays): the
# ride gets a gap with cause "receiver silent", the LED shows the receiver-silent pattern instead of
# commit blinks, and when bytes flow again a new segment starts.
S=s4-silent

if [ -z "$RIDE" ]; then
    skip $S "needs the ride of s2-ride, which did not start"
else
    seg_before=$(sql "SELECT max(segment) FROM fixes WHERE ride_id = $RIDE")
    gaps_before=$(gap_count $RIDE "receiver silent")
    feed OFF
    cut_ms=$(uptime_ms)
    if waitfor 20 gaps_exceed $RIDE "receiver silent" "$gaps_before"; then
        seen_ms=$(uptime_ms)
        pass $S "feed cut: gap 'receiver silent' committed $(seconds $((seen_ms - cut_ms))) s after the feed stopped"
        # LEDPattern.receiverSilent is 1 s on, 1 s off. Judge 4 s of silence (a stimulus window,
        # not a synchronisation), from 0.5 s after the gap was seen: the niced watcher may have
        # sampled late while this script was polling sqlite3. 4 s hold at least one whole on-period.
        sleep 4.5
        end_ms=$(uptime_ms)
        periods=$(led_on_periods /tmp/led-ride.txt $((seen_ms + 500)) "$end_ms")
        info $S "LED on-periods while silent (ms): ${periods:-none}"
        verdict=$(echo "$periods" | awk '{ for (i = 1; i <= NF; i++) { n++; if ($i < 700 || $i > 1400) bad = bad " " $i } }
            END { if (n == 0) print "no whole on-period"; else if (bad != "") print "on-periods of" bad " ms"; else print "ok " n }')
        case "$verdict" in
        ok*) pass $S "LED shows the receiver-silent pattern: ${verdict#ok } on-periods of about 1 s (gpio-sim sim_gpio$LED_LINE)" ;;
        *) fail $S "LED while the receiver is silent: $verdict (want 1 s on, 1 s off)" ;;
        esac
        gaps=$(($(gap_count $RIDE "receiver silent") - gaps_before))
        [ "$gaps" = 1 ] || fail $S "one silence of 4.5 s gave $gaps 'receiver silent' gaps"
    else
        fail $S "no 'receiver silent' gap within 20 s of cutting the feed: $(rec_words)"
    fi
    feed ON
    back=$(fix_acks)
    if waitfor 20 fix_acks_reach $((back + 2)); then
        seg_after=$(sql "SELECT max(segment) FROM fixes WHERE ride_id = $RIDE")
        if [ "$seg_after" -gt "$seg_before" ]; then
            pass $S "feed back: fixes resume in a new segment ($seg_before -> $seg_after)"
        else
            fail $S "feed back: fixes resume in the same segment $seg_after"
        fi
    else
        fail $S "no fixes committed within 20 s of the feed resuming: $(rec_words)"
    fi
fi
