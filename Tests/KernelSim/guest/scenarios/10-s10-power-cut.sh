# s10-power-cut: power cuts at the block layer. A kill keeps the page cache; a power cut loses all
# that the card was not told to make durable. The data directory is an ext4 (data=ordered, as an SD
# card's root) on dm-log-writes, which logs every write that reached the device, in completion
# order, with its flush and FUA flags. A ride is recorded and dumped to it; then the log is
# replayed onto a blank image up to every flush, every mark and seeded random points between, and
# each state is booted the way the board would after a cut: mounted (the journal replays), the
# database checked, every batch acknowledged before the state found, every dumped file absent or
# whole, and e2fsck -fn clean once unmounted.
S=s10-power-cut
PC=/tmp/pc
PC_MNT=/mnt/pc
PC_SNAP=/mnt/pc-state
PC_BOARD=$PC/board
PC_OUT=$PC_MNT/out
PC_FLUSHES=12
PC_RANDOM=6
PC_SEED=10

. $KSIM/logwrites.sh

# pc_mark NAME [ACKS]: a mark in the log; with ACKS, the ack lines the recorder had printed by then.
pc_mark() {
    [ -z "$2" ] || cp "$2" $PC/acks-$1
    dmsetup message pclog 0 mark "$1"
}

# pc_setup: loop devices in tmpfs, the log-writes target over them, ext4 on it, the board's data
# directory on that. Sets PC_DATA, PC_LOG.
pc_setup() {
    mkdir -p $PC $PC_MNT $PC_SNAP
    dd if=/dev/zero of=$PC/data.img bs=1M count=0 seek=16 2>/dev/null
    dd if=/dev/zero of=$PC/log.img bs=1M count=0 seek=160 2>/dev/null
    PC_DATA=$(losetup -f) && losetup "$PC_DATA" $PC/data.img || return 1
    PC_LOG=$(losetup -f) && losetup "$PC_LOG" $PC/log.img || return 1
    # No udev in the guest: dmsetup makes /dev/mapper/pclog itself.
    DM_DISABLE_UDEV=1 dmsetup create --noudevsync pclog \
        --table "0 $(blockdev --getsz "$PC_DATA") log-writes $PC_DATA $PC_LOG" || return 1
    # No lazy init: a background thread zeroing inode tables would mix its writes into the ride's.
    mkfs.ext4 -q -b 4096 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 /dev/mapper/pclog || return 1
    mount -t ext4 /dev/mapper/pclog $PC_MNT || return 1
    mkdir -p $PC_MNT/roam $PC_OUT && sync
    cp -r $BOARD $PC_BOARD
    sed -i "s|^data_dir *=.*|data_dir = $PC_MNT/roam|" $PC_BOARD/board.conf
    pc_mark ready
}

# pc_record: one ride on the log-writes ext4, a mark after every few acknowledgements; then stopped,
# dumped in both formats, unmounted and the target removed (which writes the log's last super).
pc_record() {
    _db=$DB DB=$PC_MNT/roam/rides.db
    # Not rec_start: its /tmp/record-*.out files are the other scenarios' count of acknowledged fixes.
    REC_OUT=$PC/record.out REC_ERR=$PC/record.err
    roam-board record --board $PC_BOARD --acks --quiet > $REC_OUT 2> $REC_ERR &
    REC_PID=$!
    if ! waitfor 60 rec_ready_or_gone || ! rec_alive; then fail $S "the recorder did not come up: $(rec_words)"; DB=$_db; return 1; fi
    feed ON
    press
    if ! waitfor 20 ride_recording; then fail $S "no ride 20 s after the press: $(rec_words)"; feed OFF; DB=$_db; return 1; fi
    PC_RIDE=$(recording_ride)
    _k=1
    while [ $_k -le 3 ]; do
        waitfor 30 sh -c "[ \$(grep -c '^ack ' $REC_OUT) -ge $((_k * 2)) ]" || break
        pc_mark "acked-$_k" $REC_OUT
        _k=$((_k + 1))
    done
    press
    waitfor 15 ride_state_is "$PC_RIDE" stopped || fail $S "ride $PC_RIDE did not stop on the press"
    feed OFF
    rec_stop
    pc_mark stopped $REC_OUT
    PC_ACKS=$(grep -c '^ack ' $REC_OUT)
    roam-board dump --board $PC_BOARD --all --format fit --out $PC_OUT/ > $PC/dump.out 2>&1 &&
        roam-board dump --board $PC_BOARD --all --format gpx --out $PC_OUT/ >> $PC/dump.out 2>&1 ||
        fail $S "dump failed: $(tail -2 $PC/dump.out | tr '\n' ' ')"
    pc_mark dumped $REC_OUT
    (cd $PC_OUT && sha256sum *) > $PC/dumped.sha256
    DB=$_db
    umount $PC_MNT && pc_mark unmounted $REC_OUT && dmsetup remove pclog && losetup -d "$PC_DATA" && losetup -d "$PC_LOG"
}

# pc_lost ACKS_FILE DB: acknowledged batches whose fixes are not all in DB (one sqlite3 run).
pc_lost() {
    sed -n 's/^ack ride=\([0-9]*\) seq=\([0-9]*\)\.\.\.\([0-9]*\) fixes=\([0-9]*\)$/SELECT (SELECT count(*) FROM fixes WHERE ride_id = \1 AND seq BETWEEN \2 AND \3) = \4;/p' "$1" > $PC/lost.sql
    # A query that fails (no table yet, an unreadable file) counts its batch as lost.
    _held=$(sqlite3 -batch -noheader "$2" < $PC/lost.sql 2>/dev/null | grep -c '^1$')
    echo $(($(wc -l < $PC/lost.sql) - _held))
}

# pc_torn DIR [DUMPED]: counts the dumped files in DIR that are whole (PC_WHOLE), those there but not
# byte for byte the final dump's (PC_TORN) and, with DUMPED (dump had returned), those not there
# (PC_DUMP_LOST); names them in PC_WHY.
pc_torn() {
    while read -r _sum _name; do
        if [ ! -e "$1/$_name" ]; then
            # Once dump has returned, its files were synced with their folder: they must be there.
            [ -z "$2" ] || { PC_DUMP_LOST=$((PC_DUMP_LOST + 1)); PC_WHY="$PC_WHY missing after dump returned: $_name"; }
            continue
        fi
        if [ "$(sha256sum < "$1/$_name" | cut -d' ' -f1)" = "$_sum" ]; then PC_WHOLE=$((PC_WHOLE + 1))
        else PC_TORN=$((PC_TORN + 1)); PC_WHY="$PC_WHY torn: $_name"; fi
    done < $PC/dumped.sha256
}

# pc_acks_at STATE: the acks file of the last mark at or before STATE (empty before the first).
pc_acks_at() {
    awk -v s="$1" '$1 <= s && $6 ~ /^(acked-|stopped|dumped|unmounted)/ { m = $6 } END { print m }' $PC/index
}

# pc_judge STATE: the device at STATE, booted as after a cut. Adds to the counters; sets PC_WHY.
pc_judge() {
    PC_WHY=""
    cp $PC/replay.img $PC/state.img
    _dev=$(losetup -f) && losetup $_dev $PC/state.img
    if ! mount -t ext4 $_dev $PC_SNAP 2> $PC/mount.err; then
        PC_WHY="mount failed: $(tr '\n' ' ' < $PC/mount.err)"; PC_BAD=$((PC_BAD + 1)); losetup -d $_dev; return
    fi
    _db=$PC_SNAP/roam/rides.db _mark=$(pc_acks_at "$1") _lost=0
    if [ -e $_db ]; then
        roam-board check --db $_db > $PC/check.out 2>&1; _rc=$?
        if [ $_rc = 65 ] && [ -z "$_mark" ] && grep -qE 'its creation was cut short|nothing acknowledged is in it' $PC/check.out; then
            # Before the first acknowledgement: the words and exit 65 that CutShortDatabaseTests pin.
            PC_UNBORN=$((PC_UNBORN + 1))
        elif [ $_rc != 0 ]; then
            PC_WHY="$PC_WHY check exit $_rc: $(tail -2 $PC/check.out | tr '\n' ' ')"; PC_BAD=$((PC_BAD + 1))
        fi
        [ -z "$_mark" ] || _lost=$(pc_lost $PC/acks-$_mark $_db)
    elif [ -n "$_mark" ] && [ -n "$(grep '^ack ' $PC/acks-$_mark)" ]; then
        _lost=$(grep -c '^ack ' $PC/acks-$_mark)
    else
        PC_NO_DB=$((PC_NO_DB + 1))
    fi
    [ "$_lost" = 0 ] || PC_WHY="$PC_WHY $_lost acknowledged batches lost (acks of mark $_mark)"
    PC_LOST=$((PC_LOST + _lost))
    case "$_mark" in dumped | unmounted) _dumped=1 ;; *) _dumped="" ;; esac
    [ ! -d $PC_SNAP/out ] || pc_torn $PC_SNAP/out $_dumped
    umount $PC_SNAP && losetup -d $_dev
    e2fsck -fn $PC/state.img > $PC/fsck.out 2>&1 || { PC_WHY="$PC_WHY e2fsck -fn exit $?: $(grep -v '^Pass\|^e2fsck' $PC/fsck.out | head -3 | tr '\n' ' ')"; PC_FSCK=$((PC_FSCK + 1)); }
}

if ! command -v dmsetup > /dev/null || ! command -v mkfs.ext4 > /dev/null || ! dmsetup targets 2>/dev/null | grep -q '^log-writes'; then
    skip $S "no dmsetup, mkfs.ext4 or dm-log-writes target in this VM: the power-cut scenario runs in the x86-64 VM"
elif ! mkdir -p $PC || ! pc_setup > $PC/setup.out 2>&1; then
    fail $S "could not put ext4 on dm-log-writes: $(tail -3 $PC/setup.out | tr '\n' ' ')"
elif pc_record && lw_index $PC/log.img $PC/index; then
    pass $S "ride $PC_RIDE recorded and dumped on ext4 over dm-log-writes: $PC_ACKS batches acknowledged, $(wc -l < $PC/dumped.sha256) files dumped, $LW_ENTRIES log entries"
    grep -v ' -$' $PC/index | sed "s/^/INFO $S: mark /"
    _first=$(lw_mark_state $PC/index ready) _last=$LW_ENTRIES
    lw_states $PC/index "$_first" "$_last" $PC_FLUSHES $PC_RANDOM $PC_SEED > $PC/states
    dd if=/dev/zero of=$PC/replay.img bs=1M count=0 seek=16 2>/dev/null
    PC_N=0 PC_BAD=0 PC_LOST=0 PC_TORN=0 PC_FSCK=0 PC_NO_DB=0 PC_UNBORN=0 PC_WHOLE=0 PC_DUMP_LOST=0 _at=0 _shown=0
    _t0=$(uptime_ms)
    while read -r _state; do
        lw_apply $PC/log.img $PC/index $PC/replay.img $_at "$_state" || { fail $S "replay to state $_state failed"; break; }
        _at=$_state
        pc_judge "$_state"
        PC_N=$((PC_N + 1))
        if [ -n "$PC_WHY" ] && [ $_shown -lt 8 ]; then info $S "state $_state:$PC_WHY"; _shown=$((_shown + 1)); fi
    done < $PC/states
    # The last state is the whole log: the device as the board left it.
    cmp -s $PC/replay.img $PC/data.img || fail $S "the whole log replayed differs from the device itself: the replayer is wrong"
    info $S "$PC_N states in $(seconds $(($(uptime_ms) - _t0))) s; dumped files found whole $PC_WHOLE times"
    [ $PC_N -ge 12 ] && [ $PC_BAD = 0 ] && pass $S "states replayed: $PC_N (after mkfs: every mark, $PC_FLUSHES of the $LW_FLUSHES flush or FUA entries and $PC_RANDOM random entries, seeded; identical states once), each mounts; 'check' exits 0 once a batch was acknowledged (before: $PC_NO_DB without a database, $PC_UNBORN with its creation cut short, exit 65 with those words)" \
        || fail $S "states replayed: $PC_N, $PC_BAD of them failed to mount or 'check' did not exit 0"
    [ $PC_LOST = 0 ] && pass $S "acknowledged batches lost: 0 (in every state, every batch acknowledged before it is in the database)" \
        || fail $S "acknowledged batches lost: $PC_LOST (summed over the states)"
    [ $PC_TORN = 0 ] && [ $PC_DUMP_LOST = 0 ] && pass $S "dumped files torn: 0 (every dumped file absent or equal to the final dump's sha256; all there once dump returned)" \
        || fail $S "dumped files torn: $PC_TORN, missing after dump returned: $PC_DUMP_LOST (summed over the states)"
    [ $PC_FSCK = 0 ] && pass $S "e2fsck -fn clean after the journal replay in all $PC_N states" \
        || fail $S "e2fsck -fn found errors in $PC_FSCK states"
else
    fail $S "the log could not be read: ${LW_ERROR:-the ride was not recorded}"
fi
