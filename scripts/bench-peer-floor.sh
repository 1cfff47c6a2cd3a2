# The durable floor for scripts/bench-peer (sourced): what one SQLite transaction and one fdatasync per
# commit interval cost with nothing else, the price of promise P1 that gpsd + gpxlogger never pay.
# Debian's sqlite3 shell, on the same system libsqlite3 as the recorder, gets one transaction shaped
# like a batch of the recorder's (one row of the fixes table's 32 columns appended, the ride's row
# with its running totals and 384 bytes of pipeline state rewritten) in a WAL database with 1 KiB
# pages and synchronous=FULL, as RideStore opens it, its WAL given the recorder's room, each time the
# recorder's commit interval passes in the paced feed. No parsing, no pipeline, no LED: the shell parses its SQL text each
# time, so the true floor is lower still.

# floor_start DIR: starts the shell reading DIR/floor.fifo on fd 5; FLOOR_PID is its PID ("" without sqlite3).
floor_start() {
    FLOOR_PID=""; FLOOR_DIR=$1
    command -v sqlite3 >/dev/null || { echo "bench-peer: sqlite3 is missing (Debian package sqlite3): no durable floor" >&2; return 0; }
    local cols="" i
    for ((i = 1; i <= 30; i++)); do cols+=", c$i REAL"; done
    mkfifo "$1/floor.fifo"
    sqlite3 "$1/floor.db" < "$1/floor.fifo" > /dev/null 2> "$1/floor.log" & FLOOR_PID=$!; PIDS+=($!)
    exec 5> "$1/floor.fifo"
    printf '%s\n' ".bail on" "PRAGMA page_size=1024;" "PRAGMA journal_mode=WAL;" "PRAGMA synchronous=FULL;" \
        "CREATE TABLE fixes (fix_key INTEGER PRIMARY KEY$cols, nmea BLOB);" \
        "CREATE TABLE rides (id INTEGER PRIMARY KEY, distance_m REAL, fix_count INTEGER, state TEXT);" \
        "INSERT INTO rides VALUES (1, 0, 0, '');" >&5
    # The WAL's room, as the recorder makes it after its first commit (RideStore.makeWALRoomOnce): zeros
    # past the last frame to 1 064 frames of 1 KiB pages, one page per write, synced, inside a write
    # transaction; without it each commit of the first ~1 000 frames grew the file, which the recorder's do not.
    # A script the shell runs (its .shell splits and quotes its arguments again: one path is safe).
    printf '%s\n' "f='$1/floor.db-wal'" 'n=$(( (32 + 1064 * 1048 - $(stat -c %s "$f")) / 4096 ))' \
        '[ "$n" -le 0 ] || dd if=/dev/zero of="$f" bs=4096 count="$n" oflag=append conv=notrunc status=none' 'sync "$f"' > "$1/room.sh"
    printf '%s\n' "BEGIN IMMEDIATE;" ".shell sh $1/room.sh" "COMMIT;" >&5
}

# floor_commit N: the Nth transaction (one fix row, the ride's row), written to the shell on fd 5
# (nothing once the shell has ended: floor_stop says why).
floor_commit() {
    local values="" i
    kill -0 "$FLOOR_PID" 2>/dev/null || return 0
    for ((i = 1; i <= 30; i++)); do values+=", $1.$i"; done
    printf 'BEGIN IMMEDIATE; INSERT INTO fixes VALUES (%d%s, randomblob(123)); UPDATE rides SET distance_m = %d.5, fix_count = %d, state = hex(randomblob(192)) WHERE id = 1; COMMIT;\n' \
        "$1" "$values" "$1" "$1" >&5 || true
}

# floor_stop: ends the shell's input and waits for it; its figures were taken by snapshot (bench-peer).
floor_stop() {
    [ -n "$FLOOR_PID" ] || return 0
    exec 5>&-
    wait "$FLOOR_PID" 2>/dev/null || echo "bench-peer: the durable floor's sqlite3 failed: $(tail -1 "$FLOOR_DIR/floor.log" 2>/dev/null)" >&2
}

# floor_report DIR ELAPSED OWN_CPU THREADS PEER_CPU: the floor's line of a case (nothing when it did not
# run), with the recorder's own threads and its commit thread (THREADS: bench-peer's "name=sw/cpu"
# list) as multiples of it, and the floor as a multiple of gpsd + gpxlogger (PEER_CPU, "" without).
floor_report() {
    [ -s "$1/floor.1" ] || return 0
    local fc fs fw commit
    read -r fc fs _ fw _ <<< "$(figures "$1/floor.0" "$1/floor.1" "$2")"
    commit=$(tr ' ' '\n' <<< "$4" | awk -F/ '/^roam-commit=/ { print $2 }')
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a != "") printf "%.2f", a / b; else print "-" }'; }
    echo "  durable floor (sqlite3 shell, a batch's transaction per commit interval): CPU $fc s/h, switches $fs/s, $fw MB written/h;" \
        "own threads $(ratio "$3" "$fc")x it, commit thread $(ratio "$commit" "$fc")x$([ -z "$5" ] || echo "; the floor is $(ratio "$fc" "$5")x gpsd+gpxlogger")"
}
