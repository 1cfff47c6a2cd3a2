#!/usr/bin/env bash
# The far end of the guest's GNSS UART: a receiver on a straight road heading north at 5.6 m/s,
# one epoch (GGA, GSA, RMC) per second, written into the FIFO QEMU reads for the guest's GNSS UART
# (ttyS1 on x86-64, ttyAMA0 on arm64).
#
# Like a real receiver it listens on its own RX line, which is the guest's TX: the guest scenarios
# write "$PKSIM,FEED,ON" or "$PKSIM,FEED,OFF" to that UART to plug or unplug the antenna cable
# ("receiver silent"). The receiver's clock keeps running while it is cut off, as a real one does.
# It starts unplugged. Anything else on the line (echo before the port is raw) is ignored.
#
# usage: gnss-feeder.sh TO_GUEST_FIFO FROM_GUEST_FIFO   (exits when QEMU closes its side)
set -euo pipefail
exec 3>"$1" 4<"$2"

PERIOD_US=1000000
START_SOD=36000          # 10:00:00 UTC
DATE=290625              # 29 June 2025, DDMMYY
LAT_MIN_E4=220000        # 47°22.0000'N, in 1/10000 minute
STEP_MIN_E4=30           # 0.0030' of latitude per second = 5.56 m/s = 10.80 kn

# nmea BODY: prints "$BODY*CS\r\n" (CS: XOR of the body's bytes, two hex digits).
nmea() {
    local body=$1 cs=0 i c
    for ((i = 0; i < ${#body}; i++)); do
        printf -v c '%d' "'${body:i:1}"
        cs=$((cs ^ c))
    done
    printf '$%s*%02X\r\n' "$body" "$cs"
}

# epoch N: the three sentences of second N.
epoch() {
    local n=$1 sod=$((START_SOD + $1)) lat=$((LAT_MIN_E4 + $1 * STEP_MIN_E4)) t latText
    printf -v t '%02d%02d%02d.00' $((sod / 3600 % 24)) $((sod / 60 % 60)) $((sod % 60))
    printf -v latText '47%02d.%04d' $((lat / 10000)) $((lat % 10000))
    nmea "GPGGA,$t,$latText,N,00832.5000,E,1,09,0.9,512.0,M,47.3,M,,"
    nmea "GPGSA,A,3,02,05,07,09,13,15,18,20,30,,,,1.6,0.9,1.3"
    nmea "GPRMC,$t,A,$latText,N,00832.5000,E,10.80,0.0,$DATE,,,A"
}

now_us() { local t=$EPOCHREALTIME; echo $((10#${t/./})); }

feeding=0
pending=""   # a command line cut by a read timeout (the guest's 9600 baud TX takes ~1 ms per byte)
n=0
start=$(now_us)
while :; do
    due=$((start + n * PERIOD_US))
    now=$(now_us)
    if ((now >= due)); then
        if ((feeding)); then epoch "$n" >&3; fi
        n=$((n + 1))
        continue
    fi
    wait_us=$((due - now))
    printf -v timeout '%d.%06d' $((wait_us / 1000000)) $((wait_us % 1000000))
    if read -r -t "$timeout" line <&4; then
        line=$pending$line
        pending=""
        case "$line" in
        *'$PKSIM,FEED,ON'*) feeding=1; echo "feeder: on at epoch $n" >&2 ;;
        *'$PKSIM,FEED,OFF'*) feeding=0; echo "feeder: off at epoch $n" >&2 ;;
        esac
    else
        rc=$?
        # > 128: the timeout expired (time for the next epoch); otherwise QEMU closed the FIFO.
        ((rc > 128)) || exit 0
        pending+=$line
    fi
done
