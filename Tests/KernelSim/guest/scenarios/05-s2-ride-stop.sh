# s2-ride, second half: a second press stops the ride, and the database holds every acknowledged
# fix with the position sent over the UART and a pressure decoded from the stub's registers.
S=s2-ride

if [ -n "$RIDE" ]; then
    press
    if waitfor 15 ride_state_is $RIDE stopped; then
        pass $S "a second press stopped ride $RIDE"
    else
        fail $S "ride $RIDE is '$(ride_state $RIDE)' 15 s after the second press: $(rec_words)"
    fi
    feed OFF
    # The LED has been judged (s2, s4); the watcher would keep the guest's CPU busy from here on.
    kill $LED_WATCH_PID
    events $RIDE $S
    fixes=$(sql "SELECT count(*) FROM fixes WHERE ride_id = $RIDE")
    acked=$(acked_fixes $RIDE)
    # P1: everything acknowledged is in the database (the last batch may land after its ack is read).
    if [ "$fixes" -ge "$acked" ] && [ "$acked" -ge 10 ]; then
        pass $S "database holds $fixes fixes for ride $RIDE ($acked acknowledged)"
    else
        fail $S "database holds $fixes fixes for ride $RIDE, $acked were acknowledged"
    fi
    # Positions as sent: the feeder's road runs due north from 47°22.0000'N 8°32.5000'E.
    off=$(sql "SELECT count(*) FROM fixes WHERE ride_id = $RIDE AND lat_deg IS NOT NULL
               AND (abs(lon_deg - (8 + 32.5 / 60)) > 1e-7 OR lat_deg < 47 + 22.0 / 60)")
    fix_rows $RIDE > /tmp/s5-rows.csv
    rows=$(wc -l < /tmp/s5-rows.csv)
    no_rmc=$(grep -c -v '\$GPRMC,' /tmp/s5-rows.csv || true)
    if [ "$off" = 0 ] && [ "$rows" = "$fixes" ] && [ "$no_rmc" = 0 ]; then
        pass $S "every fix has the sent longitude, a latitude on the road and its raw \$GPRMC text ($rows read back by dump)"
    else
        fail $S "$off fixes off the road the feeder sent; $no_rmc of the $rows fixes dump read back (of $fixes) without their raw RMC"
        grep -v '\$GPRMC,' /tmp/s5-rows.csv | head -5 | while read -r line; do echo "INFO $S: no RMC: $line"; done
    fi
    set -- $(judge $ADC_P); P1=$1
    set -- $(judge $((ADC_P + 2000))); P2=$1
    odd=$(sql "SELECT count(*) FROM fixes WHERE ride_id = $RIDE AND NOT
               (abs(pressure_pa - $P1) <= 0.1 OR abs(pressure_pa - $P2) <= 0.1)")
    if [ "$odd" = 0 ]; then
        pass $S "every fix's pressure is the datasheet compensation of the stub's registers ($P1 or $P2 Pa, ±0.1)"
    else
        fail $S "$odd fixes with a pressure the stub's registers do not give ($P1 or $P2 Pa expected)"
        sql "SELECT seq, pressure_pa FROM fixes WHERE ride_id = $RIDE LIMIT 5" | sed "s/^/INFO $S: /"
    fi
fi
