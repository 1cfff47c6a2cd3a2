#!/usr/bin/env bash
# Dry run of the system guest's root preparation in a scratch copy of the scripts (no VM, no
# network): debootstrap is a stand-in that mounts proc in the root, as its second stage does, then
# fails, succeeds or waits to be stopped; and stale mounts are left as a run killed outright leaves
# them. Whatever happens, nothing may stay mounted under .build/system-guest, where it made a later
# `rm -rf` of the clone fail. Prints PASS/FAIL per case; exit 1 when one failed. Needs root.
#
#   Tests/SystemGuest/host/mounts-dry-run.sh [REPOSITORY]   (default: this one; SystemGuestMountsTests runs it)
CLONE=${1:-$(cd "$(dirname "$0")/../../.." && pwd)}
fails=0
scratch() {
    local s; s=$(mktemp -d /tmp/sg-dry-XXXXXX)
    mkdir -p "$s/scripts" "$s/Tests/SystemGuest/host"
    cp "$CLONE/scripts/lib.sh" "$CLONE/scripts/trixie.sh" "$s/scripts/"
    cp "$CLONE/Tests/SystemGuest/host/prepare.sh" "$s/Tests/SystemGuest/host/"
    echo "$s"
}
# The script body run in each case: the real files, sourced as scripts/system-guest sources them.
body() {
    cat <<'SH'
source "$S/scripts/lib.sh"; source "$ROOT/scripts/trixie.sh"; source "$ROOT/Tests/SystemGuest/host/prepare.sh"
trap trixie_unmount_all EXIT
trixie_binfmt() { :; }; trixie_mirror() { echo http://mirror.invalid/debian; }
debootstrap() { local d; for d; do :; done; d=${@: -2:1}; mkdir -p "$d/proc"; mount -t proc proc "$d/proc"
    # Waiting as a builtin: bash runs a trapped signal's handler at once, not after a child ends.
    [ "$MODE" = wait ] && { sleep 600 & echo $! > "$S/sleeper"; touch "$S/mounted"; wait; }
    [ "$MODE" = ok ] && return 0; echo "E: stand-in failure" >&2; return 1; }
SH
}
verdict() { if mountpoint -q "$2"; then echo "FAIL $1: $2 still mounted"; umount -l "$2"; fails=$((fails + 1)); else echo "PASS $1"; fi; }

# 1. debootstrap fails after mounting proc: the preparation's exit unmounts it.
S=$(scratch)
S=$S MODE=fail bash -c "$(body); sg_prepare_root" > "$S/out" 2>&1
echo "   (exit $?: $(tail -1 "$S/out"))"
verdict "a failed debootstrap leaves nothing mounted" "$S/.build/system-guest/root-base/proc"
rm -rf "$S"

# 2. stopped (SIGTERM) while debootstrap runs: unmounted all the same.
S=$(scratch)
S=$S MODE=wait bash -c "$(body); sg_prepare_root" > "$S/out" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -f "$S/mounted" ] && break; sleep 0.1; done
kill -TERM "$pid"
# A signal blocked in what started this script would stop nothing: said, never passed by default.
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$(cat "$S/sleeper")" 2>/dev/null
wait "$pid"; rc=$?
echo "   (exit $rc)"
if [ "$rc" -ne 143 ]; then echo "FAIL SIGTERM did not stop the preparation (exit $rc; is SIGTERM blocked or ignored here?)"; fails=$((fails + 1)); fi
verdict "a preparation stopped by SIGTERM leaves nothing mounted" "$S/.build/system-guest/root-base/proc"
rm -rf "$S"

# 4. debootstrap succeeds: its mounts are undone, the root stamped, the scripts' EXIT trap back.
S=$(scratch)
S=$S MODE=ok bash -c "$(body); sg_prepare_root; trap -p EXIT; [ -f \"\$SG_BASE/.roam-complete\" ] && echo stamped" > "$S/out" 2>&1
echo "   (exit $?: $(tr '\n' ' ' < "$S/out"))"
verdict "a debootstrap that succeeds leaves nothing mounted" "$S/.build/system-guest/root-base/proc"
rm -rf "$S"

# 3. a stale mount (a run killed with SIGKILL) is unmounted at the start of the guest's phase.
S=$(scratch)
mkdir -p "$S/.build/system-guest/root-base/proc" "$S/.build/system-guest/run/root/proc"
mount -t proc proc "$S/.build/system-guest/root-base/proc"; mount -t proc proc "$S/.build/system-guest/run/root/proc"
S=$S MODE=fail bash -c "$(body); sg_unmount_stale" > "$S/out" 2>&1
echo "   (exit $?: $(tail -1 "$S/out"))"
verdict "a stale mount under root-base is unmounted at the start" "$S/.build/system-guest/root-base/proc"
verdict "a stale mount under a run folder is unmounted at the start" "$S/.build/system-guest/run/root/proc"
rm -rf "$S" && echo "   scratch removed"
[ "$fails" -eq 0 ]
