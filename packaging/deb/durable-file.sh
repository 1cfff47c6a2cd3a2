# Sourced by roam-board-enable and postinst (POSIX sh); installed as /usr/share/roam-board/durable-file.sh.
# A file that `install` or `>>` writes stays in the page cache for up to 30 s, and `install` unlinks
# and creates, so ext4's flush of a file renamed over another does not apply: a power cut then
# leaves the unit file, the udev rule or board.conf EMPTY (an empty unit is masked and never starts,
# an empty board.conf is refused with exit 78, an empty rule makes no /dev/roam-gpiochip).
# Each file here is written whole under a hidden name beside its target (which neither udev, systemd
# nor roam-board reads), fsync'd, renamed over the target and its folder fsync'd: a power cut leaves
# the old file or the new one. `sync FILE` (coreutils) is fsync(FILE), a folder's included.

# durable_staged TARGET: the hidden name TARGET is written under until durable_commit.
durable_staged() { printf '%s\n' "${1%/*}/.${1##*/}.roam-new"; }

# durable_failed TARGET WHAT TOOL_SAID: says on stderr what failed and what to do, and removes TARGET's
# staged file (a full card leaves a part-written one, nothing would ever read or remove it); status 1,
# which ends a `set -e` script, and is the caller's status where `set -e` is ignored (an if, an ||).
durable_failed() {
    rm -f "$(durable_staged "$1")"
    echo "roam-board: $1 $2 (the system said: $3); nothing half-written is left beside it." \
        "Make room on that file system (df -h ${1%/*}) or make it writable, then run this again" >&2
    return 1
}

# durable_stage MODE SOURCE TARGET: SOURCE copied under TARGET's hidden name, to be added to
# (board.conf's time_zone) before durable_commit.
durable_stage() {
    durable_said=$(install -m "$1" "$2" "$(durable_staged "$3")" 2>&1) \
        || durable_failed "$3" "was not written: copying $2 failed, and what was there is unchanged" "$durable_said"
}

# durable_commit TARGET: the staged file on the card, then under TARGET's name, that name on the card.
# Each step chained: a failure is this function's status even where `set -e` is ignored.
durable_commit() {
    durable_said=$(sync "$(durable_staged "$1")" 2>&1 && mv -f "$(durable_staged "$1")" "$1" 2>&1) || {
        durable_failed "$1" "was not replaced: the new one could not be put in its place, and what was there is unchanged" "$durable_said"
        return
    }
    durable_said=$(sync "${1%/*}" 2>&1) \
        || durable_failed "$1" "was written, but its folder could not be flushed to the card: a power cut now may bring back the old one" "$durable_said"
}

# durable_install MODE SOURCE TARGET: install -m MODE SOURCE TARGET, surviving a power cut once it returns.
durable_install() { durable_stage "$1" "$2" "$3" && durable_commit "$3"; }

# durable_folders FOLDER...: what `systemctl enable` or `disable` changed in these folders (links
# made or removed, no fsync of their own) on the card; a folder not there is skipped.
durable_folders() {
    for folder in "$@"; do
        if [ -d "$folder" ]; then sync "$folder" || return; fi
    done
}
