# s3-pressure: new raw pressure in the stub's registers 0xF7..0xF9 mid-ride changes the recorded
# pressure and barometric altitude to what the datasheet formulas and the ICAO atmosphere predict.
S=s3-pressure
ADC_P2=$((ADC_P + 2000))   # about 345 Pa less: about 29 m higher

if [ -z "$RIDE" ]; then
    skip $S "needs the ride of s2-ride, which did not start"
else
    set -- $(judge $ADC_P); P1=$1; T1=$2; A1=$3
    set -- $(judge $ADC_P2); P2=$1; A2=$3
    info $S "judge (datasheet §8.1 doubles, ICAO): adc_P $ADC_P -> $P1 Pa, $A1 m; adc_P $ADC_P2 -> $P2 Pa, $A2 m; $T1 °C"
    bmp280_write_raw $ADC_P2 $ADC_T
    before=$(fix_acks)
    if ! waitfor 30 fix_acks_reach $((before + 4)); then
        fail $S "fewer than 4 commits with fixes within 30 s after the register change: $(rec_words)"
    else
        sql "SELECT seq, pressure_pa, temperature_c, ifnull(baro_alt_m, 'null') FROM fixes WHERE ride_id = $RIDE ORDER BY seq" \
            | tr '|' ' ' > /tmp/pressures.txt
        # Each fix is classified as old (1) or new (2) raw data; the classes must run 1...1 2...2.
        verdict=$(awk -v p1="$P1" -v p2="$P2" -v t="$T1" '
            function near(a, b, tol) { return (a - b <= tol && b - a <= tol) }
            { c = near($2, p1, 0.1) ? 1 : near($2, p2, 0.1) ? 2 : 0 }
            c == 0 { bad = bad " seq " $1 ": " $2 " Pa" }
            !near($3, t, 0.01) { badT = badT " seq " $1 ": " $3 " °C" }
            c == 1 { n1++; if (n2) back = 1 }
            c == 2 { n2++ }
            END {
                if (bad != "") print "pressures matching neither prediction:" bad
                else if (badT != "") print "temperatures off the prediction:" badT
                else if (back) print "old pressure recorded after the new one"
                else if (n1 < 1 || n2 < 3) print "want fixes at both pressures, have " n1 + 0 " old, " n2 + 0 " new"
                else print "ok " n1 " " n2
            }' /tmp/pressures.txt)
        case "$verdict" in
        ok*)
            set -- $verdict
            pass $S "recorded pressure $P1 -> $P2 Pa (±0.1) as predicted, $2 fixes before and $3 after the register change"
            ;;
        *) fail $S "$verdict" ;;
        esac
        # The altitude derived from the new pressure (a derived column: NULL where not computed).
        alt=$(awk -v p2="$P2" '$2 - p2 <= 0.1 && p2 - $2 <= 0.1 { a = $4 } END { print a }' /tmp/pressures.txt)
        if [ -z "$alt" ]; then
            fail $S "no fix with the new pressure to judge the altitude on"
        elif [ "$alt" = null ]; then
            fail $S "barometric altitude: baro_alt_m is NULL; predicted $A1 -> $A2 m"
        elif near "$alt" "$A2" 0.05; then
            pass $S "barometric altitude $alt m, predicted $A2 m (from $A1 m)"
        else
            fail $S "barometric altitude $alt m, predicted $A2 m (from $A1 m)"
        fi
    fi
fi
