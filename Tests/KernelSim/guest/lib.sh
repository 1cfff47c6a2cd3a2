# Helpers of the kernel-sim guest (busybox ash), sourced by /init and the scenarios.
# Every verdict is one line "<PASS|FAIL|SKIP|INFO> <scenario>: <text>" on the console; the host
# test asserts them. No fixed sleep stands in for synchronisation: waits poll a condition with a
# deadline. The only sleeps are stimuli (how long the button is held, how long the feed is cut).

# The arch's board (BOARD), its UART's kind, and its extra env checks.
. /kernel-sim/arch.sh
DB=/var/lib/roam-board/rides.db
# The devices as the board file names them: /dev/ttyS1 or /dev/ttyAMA0, /dev/i2c-0, gpiochip0 or 1.
board_value() { sed -n "s/^$1 *= *//p" $BOARD/board.conf; }
UART=$(board_value uart)
I2C_DEV=$(board_value i2c_bus)
I2C_BUS=${I2C_DEV#/dev/i2c-}
GPIO_CHIP=$(board_value gpio_chip)
# The receiver's rate once configured, and the recorder's commit cadence.
RATE_HZ=$(board_value rate_hz)
COMMIT_S=$(board_value commit_interval_s)
BMP280_ADDR=0x76
BUTTON_LINE=17
LED_LINE=27
KSIM=/kernel-sim
# Real i2c-tools by path: busybox's shell would run its own i2cget/i2cset applets first.
I2CSET=/usr/sbin/i2cset
I2CGET=/usr/sbin/i2cget

# The datasheet's worked example (BST-BMP280-DS001 §3.12): dig_T1..dig_P9, and raw data that
# compensate to 25.08 °C and 100 653.27 Pa. The same numbers as BMP280Calibration.datasheetExample.
BMP280_CAL="27504 26435 -1000 36477 -10685 3024 2855 140 -7 15500 -14600 6000"
ADC_T=519888
ADC_P=415148

pass() { echo "PASS $1: $2"; }
fail() { echo "FAIL $1: $2"; }
skip() { echo "SKIP $1: $2"; }
info() { echo "INFO $1: $2"; }

# waitfor SECONDS CMD...: runs CMD every 0.1 s until it succeeds; fails once SECONDS have passed
# (by the clock, not by count: under TCG one sqlite3 run can take half a second).
waitfor() {
    _deadline=$(($(uptime_ms) + $1 * 1000)); shift
    while :; do
        "$@" && return 0
        [ "$(uptime_ms)" -lt "$_deadline" ] || return 1
        sleep 0.1
    done
}

# /proc/uptime has two decimals; joined they are centiseconds (no leading zero once up for a second).
uptime_ms() { read -r _up _idle < /proc/uptime; echo $((${_up%.*}${_up#*.} * 10)); }

sql() { sqlite3 -batch -noheader "$DB" "$1"; }

# fix_rows RIDE: one line per fix of RIDE (flagged ones too), as `dump --format csv --raw` writes it,
# the raw NMEA last with "\n" between sentences. The NMEA is stored deflated, which sqlite3 cannot
# read; the dump reads a backup copy, so the ride is not marked as handed over.
fix_rows() {
    rm -f /tmp/fix-rows.db /tmp/fix-rows.db-wal /tmp/fix-rows.db-shm
    sqlite3 "$DB" ".backup /tmp/fix-rows.db" &&
        roam-board dump --db /tmp/fix-rows.db --ride "$1" --format csv --raw --out - 2>/dev/null | tail -n +2
    rm -f /tmp/fix-rows.db /tmp/fix-rows.db-wal /tmp/fix-rows.db-shm
}

# The GNSS receiver on the host listens on its RX line, our TX.
feed() { printf '$PKSIM,FEED,%s\r\n' "$1" > "$UART"; }

# press [HOLD_S]: the button to ground for HOLD_S seconds (default 0.3), through the simulated pull.
press() {
    echo pull-down > "$SIM/sim_gpio$BUTTON_LINE/pull"
    sleep "${1:-0.3}"
    echo pull-up > "$SIM/sim_gpio$BUTTON_LINE/pull"
}

# led_watch FILE: appends "<uptime ms> <level>" at each change of the LED line until killed; a
# fall also carries when the line was last seen on ("<ms> 0 <last on ms>"), a lower bound of the
# on-period that a starved watcher cannot stretch (led_on_seen).
# From the kernel's gpio_value trace event where the kernel has it: every value the recorder sets is
# logged by gpiolib itself, so a 60 ms blink cannot slip between two samples on a loaded TCG guest
# (the aarch64 s2 once sampled 2 of 6), and a fall was on until that very moment. The recorder sets
# no other output line, and `get == 0` keeps only sets. Otherwise the line is sampled, reniced so it
# runs while roam-board is idle; under load it may not sample for half a second, and a 60 ms blink
# then reads as on from rise to fall that long. The clock is read at a change and while the line is
# on, so a rise is timed as quickly as ever.
TRACEFS=/sys/kernel/tracing
led_watch() {
    [ -d $TRACEFS/events ] || mount -t tracefs tracefs $TRACEFS 2> /dev/null
    if [ -w $TRACEFS/events/gpio/gpio_value/enable ]; then
        echo 0 > $TRACEFS/events/gpio/gpio_value/enable
        echo mono > $TRACEFS/trace_clock
        echo 'get == 0' > $TRACEFS/events/gpio/gpio_value/filter
        echo > $TRACEFS/trace
        echo 1 > $TRACEFS/events/gpio/gpio_value/enable
        # "  task-1 [000] ..... 12.345678: gpio_value: 539 set 1": CLOCK_MONOTONIC seconds, as /proc/uptime.
        awk -v out="$1" '/gpio_value: [0-9]+ set [01]$/ {
                for (i = 1; i < NF; i++) if ($(i + 1) == "gpio_value:") { t = $i; sub(":", "", t) }
                if ($NF != last) {
                    ms = int(t * 1000)
                    if ($NF == 1) printf "%d 1\n", ms >> out; else printf "%d 0 %d\n", ms, ms >> out
                    fflush(out); last = $NF
                }
            }' $TRACEFS/trace_pipe &
        LED_WATCH_PID=$!
        return 0
    fi
    echo "INFO led_watch: no gpio_value trace event in this kernel; sampling $SIM/sim_gpio$LED_LINE/value"
    sh -c '
        last=x
        seen=
        while :; do
            read -r v < "$1"
            if [ "$v" = 1 ] || [ "$v" != "$last" ]; then
                read -r up idle < /proc/uptime
                now=$((${up%.*}${up#*.} * 10))
            fi
            if [ "$v" != "$last" ]; then
                echo "$now $v${seen:+ $seen}" >> "$2"
                last=$v
            fi
            if [ "$v" = 1 ]; then seen=$now; else seen=; fi
        done' led_watch "$SIM/sim_gpio$LED_LINE/value" "$1" &
    LED_WATCH_PID=$!
    renice -n 19 -p $LED_WATCH_PID > /dev/null
}

# led_on_periods FILE FROM_MS TO_MS: durations (ms) of the on-periods that begin and end in the window.
led_on_periods() {
    awk -v from="$2" -v to="$3" '$1 < from || $1 > to { next }
        $2 == "1" { on = $1 } $2 == "0" && on != "" { printf "%d ", $1 - on; on = "" }' "$1"
}

# led_on_seen FILE FROM_MS TO_MS: for each on-period in the window, how long the line was seen on
# (first to last sample that read it on): a lower bound, where led_on_periods gives an upper one.
led_on_seen() {
    awk -v from="$2" -v to="$3" '$1 < from || $1 > to { next }
        $2 == "1" { on = $1 } $2 == "0" && on != "" && $3 != "" { printf "%d ", $3 - on; on = "" }' "$1"
}

# seconds MS: "1.2"
seconds() { awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }'; }

# led_rises FILE [FROM_MS [TO_MS]]: rising edges (off -> on) in a led_watch file, within the window.
led_rises() {
    awk -v from="${2:-0}" -v to="${3:-999999999999}" \
        'p == "0" && $2 == "1" && $1 >= from && $1 <= to { n++ } { p = $2 } END { print n + 0 }' "$1"
}

# bmp280_write_raw ADC_P ADC_T: the six data bytes 0xF7..0xFC as one I2C block write.
bmp280_write_raw() {
    $I2CSET -y $I2C_BUS $BMP280_ADDR 0xF7 \
        $(($1 >> 12 & 255)) $(($1 >> 4 & 255)) $(($1 << 4 & 240)) \
        $(($2 >> 12 & 255)) $(($2 >> 4 & 255)) $(($2 << 4 & 240)) i
}

# Preloads i2c-stub with a BMP280's registers. The stub is a plain register file: the chip id,
# a status register that never shows "measuring", and whatever the driver writes reads back.
bmp280_load() {
    $I2CSET -y $I2C_BUS $BMP280_ADDR 0xD0 0x58 || return 1
    $I2CSET -y $I2C_BUS $BMP280_ADDR 0xF3 0x00 || return 1
    _bytes=""
    for _w in $BMP280_CAL; do _bytes="$_bytes $((_w & 255)) $((_w >> 8 & 255))"; done
    $I2CSET -y $I2C_BUS $BMP280_ADDR 0x88 $_bytes i || return 1
    bmp280_write_raw $ADC_P $ADC_T
}

# judge ADC_P [ADC_T]: "<pressure Pa> <temperature °C> <altitude m>" from the datasheet formulas.
judge() { awk -v cal="$BMP280_CAL" -v adcT="${2:-$ADC_T}" -v adcP="$1" -f $KSIM/bmp280.awk; }

# near A B TOLERANCE: |A - B| <= TOLERANCE.
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }

# Scenario ids, for the lines that skip them all when the board did not come up.
SCENARIOS="s1-selftest s2-ride s3-pressure s4-silent s5-restart s6-clock s8-usb-drive s9-ten-hz s10-power-cut"

# rec_start: `roam-board record` in the background, acknowledging each commit on stdout.
REC_N=0
rec_start() {
    REC_N=$((REC_N + 1))
    REC_OUT=/tmp/record-$REC_N.out
    REC_ERR=/tmp/record-$REC_N.err
    roam-board record --board $BOARD --acks --quiet > $REC_OUT 2> $REC_ERR &
    REC_PID=$!
}
rec_alive() { kill -0 "$REC_PID" 2>/dev/null; }
# rec_stop: SIGTERM (the recorder commits what it read and exits), SIGKILL if it is still there
# after 15 s, then reaped.
rec_stop() {
    kill -TERM $REC_PID
    waitfor 15 sh -c "! kill -0 $REC_PID 2>/dev/null" || kill -9 $REC_PID
    wait $REC_PID
}

# libgpiod 1.6's tools (x86-64) and 2.x's (arm64) differ: 2.x has no gpiofind, its gpioinfo takes
# the chip as -c CHIP (a bare argument is a line name), and it prints the consumer after the direction.
if gpiodetect --version 2>&1 | grep -q ' v1\.'; then GPIOD_V2=0; else GPIOD_V2=1; fi
chip_info() { if [ $GPIOD_V2 = 1 ]; then gpioinfo -c "$1"; else gpioinfo "$1"; fi; }
# find_line NAME: "<chip> <offset>", as gpiofind prints it.
find_line() { if [ $GPIOD_V2 = 1 ]; then gpioinfo "$1" 2>/dev/null | awk 'NR == 1 { print $1, $2 }'; else gpiofind "$1"; fi; }
# line_used_as LINE DIRECTION: the line is held by roam-board in that direction (in /tmp/gpioinfo.txt).
line_used_as() { grep -E "line +$1:" /tmp/gpioinfo.txt | grep 'roam-board"' | grep -qw "$2"; }

# Both of the board's lines held by roam-board, as gpioinfo (the kernel's view) reports them.
lines_held() {
    chip_info $GPIO_CHIP > /tmp/gpioinfo.txt 2>&1
    line_used_as $BUTTON_LINE input && line_used_as $LED_LINE output
}
rec_ready_or_gone() { rec_alive || return 0; lines_held; }

# Acknowledged commits that carried fixes, across all recorder runs so far (the "ack" lines).
fix_acks() { cat /tmp/record-*.out 2>/dev/null | grep -c '^ack ride=.* fixes=[1-9]'; }
fix_acks_reach() { [ "$(fix_acks)" -ge "$1" ]; }
acked_fixes() { cat /tmp/record-*.out 2>/dev/null | sed -n 's/^ack ride='"$1"' .* fixes=\([0-9]*\)$/\1/p' | awk '{ n += $1 } END { print n + 0 }'; }

recording_ride() { sql "SELECT id FROM rides WHERE state = 'recording'" 2>/dev/null; }
ride_recording() { [ -n "$(recording_ride)" ]; }
ride_state() { sql "SELECT state FROM rides WHERE id = $1"; }
ride_state_is() { [ "$(ride_state "$1")" = "$2" ]; }
new_ride_recording() { _r=$(recording_ride); [ -n "$_r" ] && [ "$_r" != "$1" ]; }
# Gap events store their cause, then where the gap falls: "receiver silent; before fix 12".
gap_count() { sql "SELECT count(*) FROM events WHERE ride_id = $1 AND kind = 'gap' AND (detail = '$2' OR detail LIKE '$2; before fix %')"; }
# events RIDE SCENARIO: the ride's events as INFO lines.
events() { sql "SELECT id, kind, detail FROM events WHERE ride_id = $1 ORDER BY id" | sed "s/^/INFO $2: ride $1 event /"; }
# gaps_exceed RIDE CAUSE N: more than N gaps of that cause.
gaps_exceed() { [ "$(gap_count "$1" "$2")" -gt "$3" ]; }

# The recorder's last words, for a FAIL or SKIP line.
rec_words() { tail -n 3 "$REC_ERR" | tr '\n' ' '; }
