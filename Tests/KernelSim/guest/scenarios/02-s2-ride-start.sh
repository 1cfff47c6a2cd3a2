# s2-ride, first half: `roam-board record` on the real board takes the GPIO lines, a press made by
# the simulated line's pull starts a ride, NMEA flows over the GNSS UART, and the LED blinks per commit.
# The ride goes on through s3 and s4; 05-s2-ride-stop.sh presses again and judges the database.
S=s2-ride
RIDE=
# The receiver is powered and sending before the recorder starts, as on the bicycle.
feed ON
rec_start
waitfor 60 rec_ready_or_gone
if ! rec_alive; then
    wait $REC_PID; rc=$?
    fail $S "roam-board record exited ($rc) before taking the GPIO lines: $(rec_words)"
elif ! lines_held; then
    fail $S "roam-board record did not take GPIO$BUTTON_LINE (input) and GPIO$LED_LINE (output) within 60 s"
    sed "s/^/INFO $S: /" /tmp/gpioinfo.txt | grep -E "line *($BUTTON_LINE|$LED_LINE):"
else
    pass $S "recorder holds GPIO$BUTTON_LINE as input and GPIO$LED_LINE as output ($(grep "line *$BUTTON_LINE:" /tmp/gpioinfo.txt | tr -s ' \t' ' '))"
    other_chips_untouched || fail $S "roam-board holds lines of a chip the board does not name: $(chip_info gpiochip0 | grep 'roam-board"')"
    # gpio-sim starts every line pulled down; only roam-board's bias request can raise it.
    if [ "$(cat $SIM/sim_gpio$BUTTON_LINE/value)" = 1 ]; then
        pass $S "the board's pull-up bias reached gpio-sim: GPIO$BUTTON_LINE reads 1 at rest"
    else
        fail $S "GPIO$BUTTON_LINE reads $(cat $SIM/sim_gpio$BUTTON_LINE/value) at rest: the pull-up bias was not applied"
    fi
    led_watch /tmp/led-ride.txt
    press
    if waitfor 15 ride_recording; then
        RIDE=$(recording_ride)
        pass $S "a press (GPIO$BUTTON_LINE pulled down for 0.3 s) started ride $RIDE"
    else
        fail $S "no recording ride 15 s after the press: $(rec_words)"
    fi
fi

if [ -n "$RIDE" ]; then
    before=$(fix_acks)
    if ! waitfor 40 fix_acks_reach $((before + 1)); then
        fail $S "no commit with fixes within 40 s of the press: $(rec_words)"
    else
        # From the first fix on, the LED is dark but for one 60 ms blink (LEDPattern.commitBlink)
        # per batch committed with fixes, after the commit returned (P1).
        first_ms=$(uptime_ms)
        first=$(fix_acks)
        if waitfor 40 fix_acks_reach $((first + 6)); then
            pass $S "NMEA over $UART: $(($(fix_acks) - before)) commits with fixes acknowledged"
        else
            fail $S "only $(($(fix_acks) - before)) commits with fixes within 40 s of the first: $(rec_words)"
        fi
        # The watcher samples the line from the guest, so a blink can slip between samples under
        # load: at least half must show, and none may be long, judged by how long it was seen on
        # (a watcher starved for 500 ms stretches a 60 ms blink from rise to fall, not that).
        now_ms=$(uptime_ms)
        acks=$(($(fix_acks) - first))
        rises=$(led_rises /tmp/led-ride.txt "$first_ms" "$now_ms")
        long=$(led_on_seen /tmp/led-ride.txt "$first_ms" "$now_ms" | awk '{ for (i = 1; i <= NF; i++) if ($i >= 400) printf "%s ", $i }')
        if [ "$rises" -ge 3 ] && [ $((rises * 2)) -ge "$acks" ] && [ -z "$long" ]; then
            pass $S "LED (gpio-sim sim_gpio$LED_LINE/value) blinked $rises times over $acks acknowledged commits, each blink short"
        else
            fail $S "LED blinked $rises times over $acks acknowledged commits${long:+; on for $long ms}"
        fi
    fi
fi
