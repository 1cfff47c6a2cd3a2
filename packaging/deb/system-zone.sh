# Sourced by roam-board-enable (POSIX sh); installed as /usr/share/roam-board/system-zone.sh.
# system_zone LOCALTIME TIMEZONE prints the zone the rider set on this system (Raspberry Pi Imager,
# raspi-config and timedatectl all link /etc/localtime into the zone database): the link's name
# under .../zoneinfo/, else the first line of Debian's /etc/timezone; nothing when neither names one.
# No timedatectl: it needs dbus, which a first boot or a chroot may not have.
system_zone() {
    link=$(readlink "$1" 2> /dev/null || true)
    case $link in
    *zoneinfo/?*) zone=${link#*zoneinfo/} ;;
    *) zone=$(sed -n '1{s/^[[:space:]]*//;s/[[:space:]]*$//;p;}' "$2" 2> /dev/null || true) ;;
    esac
    # The same civil time as the plain name (posix/) or with leap seconds counted (right/).
    case $zone in posix/?* | right/?*) zone=${zone#*/} ;; esac
    printf '%s\n' "$zone"
}

# is_utc NAME: the zone is UTC under one of its names; a board.conf without time_zone is UTC already.
is_utc() {
    case $1 in UTC | UCT | Universal | Zulu | Etc/UTC | Etc/UCT | Etc/Universal | Etc/Zulu) return 0 ;; esac
    return 1
}

# zone_accepted NAME ZONEINFO: roam-board takes NAME as board.conf's time_zone: its shape
# (BoardProfileParser.isZoneName: at most 64 bytes, one to three parts, each an ASCII letter then
# letters, digits, '_', '-', '+') and a zone file (TZif) under ZONEINFO (ZoneDatabase.zone).
zone_accepted() {
    case $1 in *"
"*) return 1 ;; esac
    [ ${#1} -le 64 ] && printf '%s\n' "$1" | LC_ALL=C grep -Eqx '[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z][A-Za-z0-9_+-]*){0,2}' &&
        [ -f "$2/$1" ] && [ "$(dd if="$2/$1" bs=4 count=1 2> /dev/null)" = TZif ]
}
