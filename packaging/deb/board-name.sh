# Sourced by roam-board-enable and postinst (POSIX sh); installed as /usr/share/roam-board/board-name.sh.
# board_name FILE prints the board's name as roam-board's own reader finds it in a board.conf
# (Sources/RoamCore/Board/BoardProfileParser.swift): a line is trimmed of spaces, tabs and CRs; one
# that then starts with '#' is a comment; the key is what comes before the first '=', the value all
# after it, each trimmed (a '#' in the value is part of it). Nothing is printed where that reader
# refuses the name: none, empty, or given twice. Other lines are not judged: the rider's file stays
# the board's even with a mistake elsewhere, which roam-board's self-test names.
board_name() {
    awk '{ sub(/^[ \t\r]+/, ""); sub(/[ \t\r]+$/, "") }
        /^#/ || index($0, "=") == 0 { next }
        { key = substr($0, 1, index($0, "=") - 1); sub(/[ \t\r]+$/, "", key) }
        key == "name" { names++; name = substr($0, index($0, "=") + 1); sub(/^[ \t\r]+/, "", name) }
        END { if (names == 1 && name != "") print name }' "$1"
}
