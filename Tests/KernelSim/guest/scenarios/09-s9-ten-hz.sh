# s9-ten-hz: the receiver from power-up. The feeder is a stock u-blox M8 again (9600 baud, 1 Hz, its
# factory sentences); `roam-board record` finds it, moves it to the board's baud, RMC GGA GSA GST and
# 10 Hz with UBX commands the feeder acknowledges, and records a ride through the kernel's UART
# driver (8250 on x86-64, PL011 on arm64) whose fixes come at 10 Hz and whose commits keep the cadence.
S=s9-ten-hz
BAUD=$(board_value baud)
# The board as it is, but at 10 Hz (the other scenarios keep its 1 Hz: see its board.conf).
BOARD_AS_IS=$BOARD
RATE_HZ=10
PERIOD_MS=$((1000 / RATE_HZ))
BOARD=/tmp/board-10hz
mkdir -p $BOARD
sed -e "s/^rate_hz = .*/rate_hz = $RATE_HZ/" -e "s/^receiver = .*/receiver = ublox/" $BOARD_AS_IS/board.conf > $BOARD/board.conf

# The speed the driver was asked for (termios), as stty reads it.
uart_speed() { stty -F $UART | sed -n 's/^speed \([0-9]*\) baud.*/\1/p'; }
setup_said() { grep -q 'receiver: u-blox' $REC_ERR; }
said_setup() { grep 'receiver: u-blox' $REC_ERR | head -1; }

# feeder_report FILE: what the feeder was told since power-up ($PKSIM,REPORT): its STATE and TOOK
# lines. Only once nothing else has the port open, or the answer would go to that reader.
feeder_report() {
    stty -F $UART raw -echo min 1 time 0
    exec 5<>$UART
    printf '$PKSIM,REPORT\r\n' >&5
    timeout 10 awk '/\$PKSIM,END/ { exit } match($0, /\$PKSIM,(STATE|TOOK),[^*]*/) { print substr($0, RSTART + 7, RLENGTH - 7) }' <&5 > "$1"
    exec 5>&-
}

printf '$PKSIM,POWER\r\n' > $UART
feed ON
prev=$(sql "SELECT ifnull(max(id), 0) FROM rides")
rec_start
# The baud search and the commands take a few seconds; the press comes once the recorder said how it went.
if ! waitfor 90 setup_said || ! waitfor 30 rec_ready_or_gone || ! rec_alive; then
    fail $S "the recorder did not say how the receiver's configuration went within 90 s: $(rec_words)"
    feed OFF
    if rec_alive; then rec_stop; else wait $REC_PID; fi
else
    said=$(said_setup)
    info $S "recorder: $said"
    case "$said" in
    *"set to $RATE_HZ Hz, RMC GGA GSA GST, GSV off"*) pass $S "the recorder configured the receiver from power-up: ${said#receiver: }" ;;
    *) fail $S "the recorder's configuration did not succeed: $said" ;;
    esac
    speed=$(uart_speed)
    press
    start_ms=$(uptime_ms)
    R=
    if waitfor 15 new_ride_recording "$prev"; then
        R=$(recording_ride)
        before=$(fix_acks)
        waitfor 60 fix_acks_reach $((before + 15)) || fail $S "fewer than 15 commits with fixes within 60 s: $(rec_words)"
        press
        waitfor 15 ride_state_is $R stopped
        ride_ms=$(($(uptime_ms) - start_ms))
        if ride_state_is $R stopped; then
            pass $S "a press started ride $R, $(($(fix_acks) - before)) commits with fixes later a press stopped it"
        else
            fail $S "ride $R is '$(ride_state $R)' 15 s after the second press: $(rec_words)"
        fi
    else
        fail $S "no new ride 15 s after the press: $(rec_words)"
    fi
    feed OFF
    rec_stop

    # The feeder's side: every command arrived intact (checksum) and was taken.
    feeder_report /tmp/feeder-report.txt
    sed "s/^/INFO $S: feeder /" /tmp/feeder-report.txt
    state=$(sed -n 's/^STATE,//p' /tmp/feeder-report.txt)
    took=$(sed -n 's/^TOOK,//p' /tmp/feeder-report.txt | tr '\n' ',' | sed 's/,$//; s/,/, /g')
    # CFG-PRT only where a wrong baud is junk: elsewhere the module is heard at 115200 from the start.
    if [ "$UART_SPEED_MODELLED" = 1 ]; then set -- "CFG-PRT $BAUD"; else set --; fi
    missing=
    # CFG-NAV5 dynModel 4: automotive, the model the recorder sets for a bicycle (docs/RECEIVERS.md).
    for cmd in "$@" "CFG-MSG GST 1" "CFG-MSG GSV 0" "CFG-MSG GLL 0" "CFG-MSG VTG 0" "CFG-RATE $PERIOD_MS" "CFG-NAV5 dynModel 4"; do
        case ", $took, " in *", $cmd, "*) ;; *) missing="$missing [$cmd]" ;; esac
    done
    case "$state" in
    *"period_ms=$PERIOD_MS,out=GGA GSA GST RMC,"*",nak=0,badsum=0")
        if [ -z "$missing" ]; then
            pass $S "the feeder took every UBX command with a good checksum and acknowledged it (ACK-ACK, none refused): $took"
        else
            fail $S "the feeder never took$missing (it took: $took)"
        fi ;;
    *) fail $S "the feeder after the ride: ${state:-no report} (want period_ms=$PERIOD_MS, out=GGA GSA GST RMC, nak=0, badsum=0)" ;;
    esac

    # The baud: the speed the guest's driver was asked for, and the baud the feeder was told.
    if [ "$UART_SPEED_MODELLED" = 1 ]; then
        case "$state,$said" in
        "baud=$BAUD,"*"(found at 9600)"*)
            if [ "$speed" = "$BAUD" ]; then
                pass $S "found at 9600 baud after junk at $BAUD, moved by CFG-PRT: $UART's termios and the feeder both at $BAUD during the ride"
            else
                fail $S "$UART's termios speed was $speed during the ride, the feeder was at $BAUD"
            fi ;;
        *) fail $S "baud: the feeder at '${state%%,*}', the recorder said '$said', the driver at $speed (want $BAUD, found at 9600)" ;;
        esac
    else
        skip $S "the baud is not modelled: $UART_WANT's QEMU model passes no divisor to the host (the driver was asked for $speed)"
    fi

    if [ -n "$R" ]; then
        # 10 Hz by the receiver's own clock: the GNSS times the fixes carry, not the guest's pace.
        set -- $(sql "SELECT count(*), max(t_of_day_ms) - min(t_of_day_ms), ifnull(sum(gst_lat_err_m IS NOT NULL), 0)
                      FROM fixes WHERE ride_id = $R" | tr '|' ' ')
        n=$1 span=$2 gst=$3
        # Sentences the board turned off, in the raw NMEA as dump reads it back (one line per fix).
        fix_rows $R > /tmp/s9-rows.csv
        stock=$(grep -c -E 'G[A-Z](GSV|GLL|VTG),' /tmp/s9-rows.csv || true)
        [ "$(wc -l < /tmp/s9-rows.csv)" = "$n" ] || stock="unreadable ($(wc -l < /tmp/s9-rows.csv) of $n fixes read back)"
        steps=$(sql "SELECT count(*) FROM (SELECT t_of_day_ms - lag(t_of_day_ms) OVER (ORDER BY seq) AS d FROM fixes
                     WHERE ride_id = $R) WHERE d IS NOT NULL AND d != $PERIOD_MS")
        rate=$(awk -v n="$n" -v s="$span" 'BEGIN { if (s > 0) printf "%.2f", (n - 1) * 1000 / s; else print 0 }')
        if [ "$n" -ge 100 ] && awk -v r="$rate" -v hz="$RATE_HZ" 'BEGIN { exit !(r >= hz * 0.95 && r <= hz + 0.01) }'; then
            pass $S "$n fixes over $(seconds "$span") s of GNSS time: $rate per second ($steps steps other than $PERIOD_MS ms)"
        else
            fail $S "$n fixes over $(seconds "$span") s of GNSS time: $rate per second, want $RATE_HZ ($steps steps other than $PERIOD_MS ms)"
        fi
        if [ "$gst" = "$n" ] && [ "$stock" = 0 ]; then
            pass $S "every fix carries GST errors and none a GSV, GLL or VTG: the sentence set CFG-MSG asked for"
        else
            fail $S "$gst of $n fixes carry GST, $stock carry a GSV, GLL or VTG"
        fi
        # The cadence, by the guest's clock from press to stop (a guest behind the stream commits
        # what it has): at most one commit per commit_interval_s, plus the one the stop makes.
        commits=$(grep -c "^ack ride=$R .* fixes=[1-9]" $REC_OUT)
        acked=$(acked_fixes $R)
        most=$((ride_ms / 1000 / COMMIT_S + 2))
        if [ "$commits" -ge 1 ] && [ "$commits" -le "$most" ]; then
            pass $S "$commits commits with fixes in a ride of $(seconds "$ride_ms") s (at most $most at one per $COMMIT_S s), $((acked / commits)) fixes each on average"
        else
            fail $S "$commits commits with fixes in a ride of $(seconds "$ride_ms") s: more than one per $COMMIT_S s (at most $most)"
        fi
    fi
fi
info $S "$UART: $(uart_kind) $(grep -o 'tx:.*' /proc/tty/driver/serial 2>/dev/null | sed -n 2p)"
BOARD=$BOARD_AS_IS
RATE_HZ=$(board_value rate_hz)
# The later scenarios' board takes the receiver as it is: give it back its saved settings.
printf '$PKSIM,PRESET\r\n' > $UART
