# Debian 13 (trixie) roots under .build/trixie, shared by scripts/test-swift6.0, scripts/package-arm64
# and scripts/test-arm64 (sourced after scripts/lib.sh, which sets ROOT).
#
#   amd64-root   debootstrap'd trixie with Debian's swiftlang 6.0.3: the toolchain a Pi user gets
#   sysroot-arm64  trixie's arm64 libraries and Swift runtime unpacked (dpkg-deb -x), for cross-compiling
#   sdk/           a Swift SDK bundle naming that sysroot
#   arm64-root   debootstrap --arch arm64 under qemu-user: the clean board the .deb is installed into
#
# Each is built once and marked complete by a stamp file written last; a half-built root (a run
# killed mid-way) has no stamp and is rebuilt from nothing. The Debian mirror is read from this
# machine's apt configuration at run time.
TRIXIE="$ROOT/.build/trixie"
AMD64_ROOT="$TRIXIE/amd64-root"
ARM64_ROOT="$TRIXIE/arm64-root"
SYSROOT="$TRIXIE/sysroot-arm64"
SDK_DIR="$TRIXIE/sdk"
SDK_ID=debian-trixie-arm64
# Bounded downloads for debootstrap's wget (the file says why).
export WGETRC="$ROOT/scripts/debootstrap.wgetrc"

# step NAME: every failure from here names the step (one line, then exit 1).
STEP=setup
step() { STEP=$1; echo "$(basename "$0"): $1" >&2; }
die() { echo "FAILED at step '$STEP': $*" >&2; exit 1; }

# The first Debian mirror of the machine's apt configuration (deb822 or one-line format).
trixie_mirror() {
    local m=""
    if [ -d /etc/apt/sources.list.d ]; then
        m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ && $2 !~ /security/ { print $2; exit }')
    fi
    if [ -z "$m" ] && [ -f /etc/apt/sources.list ]; then
        m=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' /etc/apt/sources.list)
    fi
    [ -n "$m" ] || die "no Debian mirror found in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list"
    echo "$m"
}

# Mounts what a chroot needs (itself, proc, dev, dev/pts) and the repository at /src; idempotent.
# Unmounted by trixie_unmount_all, which the scripts run on exit.
TRIXIE_MOUNTED=()
trixie_mount() {
    local r=$1
    mkdir -p "$r/proc" "$r/dev" "$r/src"
    # The root bound onto itself, so that inside the chroot "/" is a mount point: `unshare -m` makes
    # "/" private in its new namespace, which fails on a plain directory (a test hides a tool that way).
    mountpoint -q "$r" || { mount --bind "$r" "$r"; TRIXIE_MOUNTED+=("$r"); }
    mountpoint -q "$r/proc" || { mount -t proc proc "$r/proc"; TRIXIE_MOUNTED+=("$r/proc"); }
    mountpoint -q "$r/dev" || { mount --bind /dev "$r/dev"; TRIXIE_MOUNTED+=("$r/dev"); }
    mountpoint -q "$r/dev/pts" || { mount --bind /dev/pts "$r/dev/pts"; TRIXIE_MOUNTED+=("$r/dev/pts"); }
    if [ "${2:-}" = with-src ] && ! mountpoint -q "$r/src"; then
        mount --bind "$ROOT" "$r/src"; TRIXIE_MOUNTED+=("$r/src")
    fi
    cp /etc/resolv.conf "$r/etc/resolv.conf" 2>/dev/null || true
    # The host's CA bundle, for pip inside the root: a machine whose traffic passes a TLS proxy
    # trusts its CA there, and the root's own bundle does not know it.
    if [ -f /etc/ssl/certs/ca-certificates.crt ]; then cp /etc/ssl/certs/ca-certificates.crt "$r/etc/roam-host-ca.crt"; fi
}

trixie_unmount_all() {
    local i
    for ((i = ${#TRIXIE_MOUNTED[@]} - 1; i >= 0; i--)); do umount -l "${TRIXIE_MOUNTED[$i]}" 2>/dev/null || true; done
    TRIXIE_MOUNTED=()
}

# in_root ROOT CMD: runs CMD (a shell string) inside the root, with apt non-interactive.
in_root() { local r=$1; shift; chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive /bin/sh -ec "$*"; }

# root_apt ROOT PKG...: installs packages inside a root; a package apt cannot find is named.
root_apt() {
    local r=$1; shift
    local out
    if ! out=$(in_root "$r" "apt-get install -y -q --no-install-recommends $*" 2>&1); then
        echo "$out" | tail -5 >&2
        die "apt-get install in $(basename "$r") failed for: $* ($(echo "$out" | grep -oE "Unable to locate package [^ ]+|has no installation candidate|Temporary failure resolving [^ ]+" | head -1))"
    fi
}

host_tools() {
    step "host packages (debootstrap, qemu-user-static, binfmt-support)"
    apt_install debootstrap qemu-user-static binfmt-support || die "apt-get install debootstrap qemu-user-static binfmt-support failed"
}

# qemu-user through binfmt_misc, with the F flag so it also works inside chroots.
trixie_binfmt() {
    step "binfmt_misc for aarch64"
    [ -d /proc/sys/fs/binfmt_misc ] || die "/proc/sys/fs/binfmt_misc missing (no binfmt_misc in this kernel)"
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc \
        || die "cannot mount binfmt_misc"
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 \
        || die "update-binfmts --enable qemu-aarch64 failed (is qemu-user-static installed?)"
}

# debootstrap_root DIR ARCH: a minbase trixie root; stamped when complete.
debootstrap_root() {
    local dir=$1 arch=$2 mirror log
    [ -f "$dir/.roam-complete" ] && return 0
    mirror=$(trixie_mirror)
    step "debootstrap trixie $arch into .build/trixie/$(basename "$dir")"
    rm -rf "$dir" && mkdir -p "$(dirname "$dir")"
    log="$TRIXIE/debootstrap-$arch.log"
    debootstrap --variant=minbase --arch "$arch" trixie "$dir" "$mirror" > "$log" 2>&1 \
        || die "debootstrap --arch $arch trixie failed: $(grep -E '^(E|W):' "$log" | tail -1) (log: $log)"
    # No daemon may start inside a root while packages are installed.
    printf '#!/bin/sh\nexit 101\n' > "$dir/usr/sbin/policy-rc.d" && chmod 755 "$dir/usr/sbin/policy-rc.d"
}

# stamped FILE WORDS...: FILE (a root's completion mark) names exactly WORDS (the packages it was
# made with); a root cached under .build/ from an older list is then completed, not trusted.
stamped() { local f=$1; shift; [ -f "$f" ] && [ "$(cat "$f")" = "$*" ]; }

# The amd64 trixie root with swiftlang 6.0.3 and the native -dev libraries; tzdata for board.conf's
# time_zone (read from /usr/share/zoneinfo, not ICU; a minbase root need not have it).
AMD64_PACKAGES=(swiftlang libc6-dev pkgconf libsqlite3-dev libgpiod-dev libi2c-dev zlib1g-dev ca-certificates tzdata)
trixie_amd64_root() {
    if [ -f "$AMD64_ROOT/.roam-complete" ]; then
        trixie_mount "$AMD64_ROOT" with-src
        stamped "$AMD64_ROOT/.roam-complete" "${AMD64_PACKAGES[@]}" && return 0
        step "completing the cached amd64 trixie root (${AMD64_PACKAGES[*]})"
    else
        debootstrap_root "$AMD64_ROOT" amd64
        trixie_mount "$AMD64_ROOT" with-src
        step "swiftlang and the -dev libraries in the amd64 trixie root"
    fi
    in_root "$AMD64_ROOT" "apt-get update -q" > /dev/null || die "apt-get update in the amd64 root failed"
    root_apt "$AMD64_ROOT" "${AMD64_PACKAGES[@]}"
    echo "${AMD64_PACKAGES[*]}" > "$AMD64_ROOT/.roam-complete"
}

# arm64 packages become downloadable from inside the amd64 root (apt-get download pkg:arm64).
trixie_arm64_apt() {
    [ -f "$AMD64_ROOT/.roam-arm64-apt" ] && return 0
    step "arm64 package lists in the amd64 trixie root"
    in_root "$AMD64_ROOT" "dpkg --add-architecture arm64 && apt-get update -q" > /dev/null || die "apt-get update for arm64 failed"
    touch "$AMD64_ROOT/.roam-arm64-apt"
}

# download_arm64 DIR PKG...: the arm64 .debs of PKG into DIR (a path inside the repository, so it
# is visible in the root at /src/...); a package that does not exist is named. A PKG with its own
# ":arch" (linux-libc-dev:all) keeps it.
download_arm64() {
    local dir=$1; shift
    mkdir -p "$dir"
    local rel=${dir#"$ROOT"/} out
    if ! out=$(in_root "$AMD64_ROOT" "cd /src/$rel && apt-get download -q $(printf '%s\n' "$@" | sed '/:/!s/$/:arm64/' | xargs)" 2>&1); then
        die "apt-get download of arm64 packages failed: $(echo "$out" | grep -E '^E:' | head -1)"
    fi
}

# The arm64 packages the sysroot is made of: the Swift runtime and modules, glibc, gcc's runtime,
# and the -dev packages of the four C libraries roam-board links.
SYSROOT_PACKAGES=(swiftlang libswiftlang libc6 libc6-dev linux-libc-dev:all libgcc-14-dev libgcc-s1 libstdc++-14-dev
                  libstdc++6 libsqlite3-dev libsqlite3-0 libgpiod-dev libgpiod3 libi2c-dev libi2c0 zlib1g-dev zlib1g)

# An arm64 sysroot from trixie's arm64 packages (dpkg-deb -x, no maintainer script runs), slimmed
# of the parts only a native toolchain uses, and the Swift SDK bundle naming it.
trixie_sysroot() {
    stamped "$SYSROOT/.roam-complete" "${SYSROOT_PACKAGES[@]}" && return 0
    trixie_arm64_apt
    step "arm64 sysroot from trixie's packages (${SYSROOT_PACKAGES[*]})"
    local debs="$TRIXIE/debs-sysroot"
    rm -rf "$debs" "$SYSROOT" && download_arm64 "$debs" "${SYSROOT_PACKAGES[@]}"
    local d
    for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$SYSROOT" || die "dpkg-deb -x $(basename "$d") failed"; done
    # dpkg-deb -x does not merge /usr: the linker scripts name /lib/aarch64-linux-gnu/...
    ln -sfn usr/lib "$SYSROOT/lib"
    rm -rf "$SYSROOT/usr/libexec/swift/bin" "$SYSROOT/usr/share" "$SYSROOT"/usr/libexec/swift/lib/lib* \
        "$SYSROOT"/usr/libexec/swift/lib/swift/{embedded,host,pm,FrameworkABIBaseline} "$debs"
    echo "${SYSROOT_PACKAGES[*]}" > "$SYSROOT/.roam-complete"
}

# same_or_write FILE: stdin into FILE unless FILE already says exactly that (an SDK file that
# changes makes SwiftPM rebuild everything).
same_or_write() { local new; new=$(cat); [ -f "$1" ] && [ "$(cat "$1")" = "$new" ] || printf '%s\n' "$new" > "$1"; }

# The Swift SDK bundle naming the sysroot (three small files, checked each run).
trixie_sdk() {
    local v="$SDK_DIR/$SDK_ID.artifactbundle/$SDK_ID/aarch64-unknown-linux-gnu"
    mkdir -p "$v"
    ln -sfn /src/.build/trixie/sysroot-arm64 "$v/sysroot"
    same_or_write "$SDK_DIR/$SDK_ID.artifactbundle/info.json" <<JSON
{"schemaVersion":"1.0","artifacts":{"$SDK_ID":{"type":"swiftSDK","version":"6.0.3","variants":[{"path":"$SDK_ID/aarch64-unknown-linux-gnu"}]}}}
JSON
    same_or_write "$v/swift-sdk.json" <<JSON
{"schemaVersion":"4.0","targetTriples":{"aarch64-unknown-linux-gnu":{"sdkRootPath":"sysroot",
 "swiftResourcesPath":"sysroot/usr/libexec/swift/lib/swift","swiftStaticResourcesPath":"sysroot/usr/libexec/swift/lib/swift_static",
 "toolsetPaths":["toolset.json"]}}}
JSON
    # lld: binutils in the root is x86-only. No RUNPATH: the package links the Swift runtime
    # statically (a dynamic build would need -rpath /usr/libexec/swift/lib/swift/linux, where
    # trixie's libswiftlang puts it, and lintian rejects a custom RUNPATH).
    same_or_write "$v/toolset.json" <<JSON
{"schemaVersion":"1.0","swiftCompiler":{"extraCLIOptions":["-use-ld=lld"]}}
JSON
}

# cross_swift ARGS: swift inside the amd64 root against the arm64 SDK (pkg-config reads the sysroot's .pc files).
cross_swift() {
    in_root "$AMD64_ROOT" "cd /src && PKG_CONFIG_PATH=/src/.build/trixie/sysroot-arm64/usr/lib/aarch64-linux-gnu/pkgconfig \
        PKG_CONFIG_SYSROOT_DIR=/src/.build/trixie/sysroot-arm64 swift $* --swift-sdks-path /src/.build/trixie/sdk --swift-sdk $SDK_ID"
}
