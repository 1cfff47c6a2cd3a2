# Reading and replaying a dm-log-writes log (busybox ash, sourced by s10-power-cut).
# The layout is the kernel's (drivers/md/dm-log-writes.c; admin-guide/device-mapper/log-writes.rst):
# sector 0 holds the super (magic, version, nr_entries: u64; sectorsize: u32), then each entry is
# one sector of header (sector, nr_sectors, flags, data_len: u64; a mark's name follows the header)
# and, unless it is a discard, nr_sectors of the data written. Sector numbers count sectorsize units.
LW_FLUSH=1
LW_FUA=2
LW_DISCARD=4
LW_MARK=8
LW_MAGIC=29963231459240050

# lw_u64 FILE BYTE_OFFSET COUNT: COUNT little-endian u64 values from the file, space separated.
lw_u64() { od -An -t u8 -j "$2" -N $(($3 * 8)) "$1"; }

# lw_index LOG OUT: one line per entry, "<index> <log sector> <sector> <nr_sectors> <flags> <mark>",
# after checking the super. Entries are counted from 1, so "state N" is the device after N entries.
lw_index() {
    set -- "$1" "$2" $(lw_u64 "$1" 0 3)
    [ "$3" = $LW_MAGIC ] || { LW_ERROR="no dm-log-writes super in $1 (magic $3)"; return 1; }
    LW_ENTRIES=$5
    LW_SECTOR=$(od -An -t u4 -j 24 -N 4 "$1" | tr -d ' ')
    [ "$LW_SECTOR" = 512 ] || { LW_ERROR="sector size $LW_SECTOR, this replayer reads 512-byte logs"; return 1; }
    _log=$1 _out=$2 _at=1 _i=1
    : > "$_out"
    while [ $_i -le "$LW_ENTRIES" ]; do
        set -- $(lw_u64 "$_log" $((_at * 512)) 4)
        _mark=-
        if [ $(($3 & LW_MARK)) != 0 ]; then
            _mark=$(dd if="$_log" bs=1 skip=$((_at * 512 + 32)) count="$4" 2>/dev/null)
        fi
        echo "$_i $_at $1 $2 $3 $_mark" >> "$_out"
        _at=$((_at + 1))
        [ $(($3 & LW_DISCARD)) != 0 ] || _at=$((_at + $2))
        _i=$((_i + 1))
    done
}

# lw_apply LOG INDEX IMAGE FROM TO: writes entries FROM+1..TO onto IMAGE (a discard becomes zeros,
# as a card that returns zeros for discarded blocks would read), so IMAGE goes from state FROM to TO.
lw_apply() {
    awk -v from="$4" -v to="$5" '$1 > from && $1 <= to && $4 > 0 { print $2, $3, $4, $5 }' "$2" |
        while read -r _at _sector _nr _flags; do
            if [ $((_flags & LW_DISCARD)) != 0 ]; then
                dd if=/dev/zero of="$3" bs=512 seek="$_sector" count="$_nr" conv=notrunc 2>/dev/null
            else
                dd if="$1" of="$3" bs=512 skip=$((_at + 1)) seek="$_sector" count="$_nr" conv=notrunc 2>/dev/null
            fi || { echo "dd of entry at log sector $_at failed"; return 1; }
        done
}

# lw_mark_state INDEX NAME: the state right after the mark NAME.
lw_mark_state() { awk -v m="$2" '$6 == m { print $1; exit }' "$1"; }

# lw_states INDEX FIRST LAST FLUSHES RANDOM SEED: the states to replay from FIRST to LAST, ascending:
# every mark, FLUSHES of the flush or FUA entries (all of them if there are fewer; drawn seeded
# otherwise: each state costs seconds under TCG) and RANDOM entries drawn between them. Sets
# LW_FLUSHES to how many flush or FUA entries there are. Of states with no write between them (a
# mark right after a flush) only the last is kept: the same device, judged against the most that
# was acknowledged by then.
lw_states() {
    LW_FLUSHES=$(awk -v first="$2" -v last="$3" '$1 >= first && $1 <= last && $5 % 4 != 0' "$1" | wc -l)
    awk -v first="$2" -v last="$3" -v k="$4" -v n="$5" -v seed="$6" '
        { nr[$1] = $4 }
        $1 >= first && $1 <= last && $6 != "-" { s[$1] = 1 }
        $1 >= first && $1 <= last && $5 % 4 != 0 { f[++m] = $1 }
        END {
            srand(seed)
            for (j = 0; j < k && m > 0; j++) { r = 1 + int(rand() * m); s[f[r]] = 1; f[r] = f[m--] }
            for (j = 0; j < n; j++) s[first + int(rand() * (last - first + 1))] = 1
            for (i = first; i <= last; i++) {
                if (nr[i] > 0) wrote = 1
                if (!(i in s)) continue
                if (!wrote && c > 0) out[c - 1] = i; else out[c++] = i
                wrote = 0
            }
            for (j = 0; j < c; j++) print out[j]
        }' "$1"
}
