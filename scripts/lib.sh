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

# The native dependency set of docs/DESIGN.md §2.
native_deps() { apt_install libsqlite3-dev libgpiod-dev libi2c-dev zlib1g-dev pkg-config; }

# board_release_flags: the `swift build -c release` flags of the board's binary on this machine,
# linked as scripts/package-arm64 links the .deb's (docs/BENCHMARKS.md, "What a ride keeps resident"):
# static Swift runtime and libstdc++ (a folder holding only libstdc++.a, searched before gcc's own),
# lld for packed relative relocations (gold has no DT_RELR), no exported symbols of the binary's own.
board_release_flags() {
    local a; a=$(clang -print-file-name=libstdc++.a)
    [ -f "$a" ] || { echo "no static libstdc++ for the release link (clang found '$a'; Debian package libstdc++-12-dev)" >&2; return 1; }
    mkdir -p "$ROOT/.build/static-libstdcxx" && ln -sfn "$a" "$ROOT/.build/static-libstdcxx/libstdc++.a"
    echo "--static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -L$ROOT/.build/static-libstdcxx -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic"
}
