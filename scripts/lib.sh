# Shared by the README's commands. Installs only what is missing, so a second run is quick.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH

need_swift() {
    command -v swift >/dev/null || { echo "swift not found: install the Swift 6.3 toolchain in /opt/swift (see README)" >&2; exit 1; }
}

# apt_install PKG...: installs the Debian packages that are not installed yet.
apt_install() {
    local missing=()
    for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "installing Debian packages: ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# source_epoch: when the source was last changed, in seconds: SOURCE_DATE_EPOCH, else the last commit's time.
source_epoch() { echo "${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)}"; }

# deb_version VERSION EPOCH: the package's version, the program's own (`roam-board --version`) and then
# the source's time, UTC (0.1.0+20261204.205725). apt installs a .deb only over a lower version: with
# the program's version alone, every build was 0.1.0, and `apt install ./roam-board_0.1.0_arm64.deb`
# over an earlier build said "already the newest version" and left the old program in place.
deb_version() { echo "$1+$(date -u -d "@$2" +%Y%m%d.%H%M%S)"; }

# sqlite_floor: the oldest SQLite whose SQL the program runs (RoamStore's SQLiteLibrary.oldestSupported,
# which it checks at every open). dpkg-shlibdeps knows only the symbols the binary links (3.20.0).
sqlite_floor() {
    sed -n 's/^ *public static let oldestSupported = "\([0-9.]*\)"$/\1/p' "$ROOT/Sources/RoamStore/SQLite/SQLiteLibrary.swift"
}

# depends_with_sqlite_floor DEPENDS: dpkg-shlibdeps' Depends line with libsqlite3-0 at least
# `sqlite_floor`, never lowered; fails when the line names no libsqlite3-0 or the floor is not found.
depends_with_sqlite_floor() {
    local floor item items version out=() found=""
    floor=$(sqlite_floor)
    [[ "$floor" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "no SQLite floor in SQLiteLibrary.swift" >&2; return 1; }
    IFS=',' read -ra items <<< "$1"
    for item in "${items[@]}"; do
        item=$(echo "$item" | sed 's/^ *//; s/ *$//')
        if [[ "$item" =~ ^libsqlite3-0(\ \(\>=\ ([^\)]+)\))?$ ]]; then
            found=1
            version=${BASH_REMATCH[2]:-0}
            dpkg --compare-versions "$version" ge "$floor" || item="libsqlite3-0 (>= $floor)"
        fi
        out+=("$item")
    done
    [ -n "$found" ] || { echo "Depends names no libsqlite3-0: $1" >&2; return 1; }
    local IFS=','
    echo "${out[*]}" | sed 's/,/, /g'
}

# What the Swift toolchain in /opt/swift itself needs on Debian 12, as swift.org lists it for its
# Debian 12 tarball: a fresh machine has the toolchain's files but not these, and `swift build` fails
# without them (no linker, no C library headers, no libstdc++ for the C++ interop).
SWIFT_TOOLCHAIN_DEPS=(binutils libc6-dev libgcc-12-dev libstdc++-12-dev libcurl4-openssl-dev libxml2-dev libedit2
                      libpython3-dev libz3-dev git gnupg2 tzdata)

# The native dependency set of docs/DESIGN.md §2, and the toolchain's own: one apt-get call.
native_deps() { apt_install libsqlite3-dev libgpiod-dev libi2c-dev zlib1g-dev pkg-config "${SWIFT_TOOLCHAIN_DEPS[@]}"; }

# board_release_flags: the `swift build -c release` flags of the board's binary on this machine,
# linked as scripts/package-arm64 links the .deb's (docs/BENCHMARKS.md, "What a ride keeps resident"):
# static Swift runtime and libstdc++ (a folder holding only libstdc++.a, searched before gcc's own),
# lld for packed relative relocations (gold has no DT_RELR), no exported symbols of the binary's own,
# each function in its own section so the symbol order can move it (the standard library's already are).
board_release_flags() {
    local a; a=$(clang -print-file-name=libstdc++.a)
    [ -f "$a" ] || { echo "no static libstdc++ for the release link (clang found '$a'; Debian package libstdc++-12-dev)" >&2; return 1; }
    mkdir -p "$ROOT/.build/static-libstdcxx" && ln -sfn "$a" "$ROOT/.build/static-libstdcxx/libstdc++.a"
    echo "--static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -L$ROOT/.build/static-libstdcxx -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic -Xswiftc -Xfrontend -Xswiftc -function-sections $(symbol_order_flags)"
}

# symbol_order_flags [SEEN_AS]: lld's flags placing the functions a ride touches together (scripts/symbol-order,
# docs/BENCHMARKS.md "The code's order"), from packaging/symbol-order.txt or $ROAM_SYMBOL_ORDER ("" for
# none), named as a build that sees the repository at SEEN_AS finds it. Nothing when the list is missing;
# names a stale list no longer finds are skipped without a warning.
symbol_order_flags() {
    local list=${ROAM_SYMBOL_ORDER-$ROOT/packaging/symbol-order.txt}
    [ -n "$list" ] && [ -f "$list" ] || return 0
    echo "-Xlinker --symbol-ordering-file=${list/#$ROOT/${1:-$ROOT}} -Xlinker --no-warn-symbol-ordering"
}

# arm64_symbol_order_flags [SEEN_AS]: the same for scripts/package-arm64, from packaging/symbol-order-arm64.txt
# (scripts/symbol-order --arm64): the functions the arm64 binary ran under qemu, not x86-64's list, whose
# toolchain (Swift 6.3 against trixie's 6.0.3) inlines and specialises other functions.
arm64_symbol_order_flags() {
    ROAM_SYMBOL_ORDER=${ROAM_SYMBOL_ORDER_ARM64-$ROOT/packaging/symbol-order-arm64.txt} symbol_order_flags "$@"
}

# fresh_scratch DIR FLAGS: empties the SwiftPM scratch folder DIR when its last build had other
# compile flags (the Swift driver does not recompile for a changed -Xfrontend flag), and notes FLAGS.
fresh_scratch() {
    local dir=$1; shift
    [ "$(cat "$dir/.roam-flags" 2>/dev/null)" = "$*" ] && return 0
    [ -d "$dir" ] && echo "rebuilding $dir from scratch: its compile flags changed" >&2
    rm -rf "$dir" && mkdir -p "$dir" && echo "$*" > "$dir/.roam-flags"
}
