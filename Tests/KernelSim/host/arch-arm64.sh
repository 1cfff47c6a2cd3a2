# arm64 (sourced by scripts/kernel-sim): Debian 13's arm64 kernel under qemu-system-aarch64 -M virt
# (TCG), the roam-board of the arm64 .deb with trixie's libraries (libgpiod 2 = libgpiod3), the GNSS
# on the virt machine's PL011 (ttyAMA0, the UART block of a Pi), the console on virtio-console (hvc0).
# The arm64 packages come from the amd64 trixie root of scripts/trixie.sh (apt-get download :arm64).
source "$ROOT/scripts/trixie.sh"
source "$KSIM_DIR/host/kernel-arm64.sh"

KSIM_DEFAULT_TIMEOUT=720
KSIM_BOARD=kernel-sim-arm64
# virt's PL011 model passes no baud on: the feeder talks to QEMU over a pair of FIFOs (boot.sh).
KSIM_GNSS_LINK=fifo
KSIM_PACKAGES=(qemu-system-arm python3 cpio gzip xz-utils kmod file binutils)
# What the guest runs besides roam-board, and every library those and roam-board load.
KSIM_RUNTIME_PACKAGES=(busybox-static gpiod libgpiod3 i2c-tools libi2c0 sqlite3 libsqlite3-0 libreadline8t64 libtinfo6 zlib1g
                       libc6 libstdc++6 libgcc-s1)
KSIM_GUEST_TOOLS=(usr/bin/gpiodetect usr/bin/gpioinfo usr/bin/gpioget usr/sbin/i2cget usr/sbin/i2cset usr/sbin/i2cdetect usr/bin/sqlite3)

case "$KSIM_CACHE/" in "$ROOT"/*) ;; *) ksim_cannot_run "the arm64 cache $KSIM_CACHE must lie inside $ROOT (the trixie root sees the repository as /src)" ;; esac

ksim_root_ready() { [ -f "$AMD64_ROOT/.roam-complete" ] && [ -f "$AMD64_ROOT/.roam-arm64-apt" ]; }

# The root is entered with /src only while something is downloaded or built; unmounted on exit.
ksim_root_mounted() {
    [ -n "${KSIM_MOUNTED:-}" ] && return 0
    trixie_mount "$AMD64_ROOT" with-src
    trap 'trixie_unmount_all' EXIT
    KSIM_MOUNTED=1
}

ksim_install_base() {
    ksim_apt_install "${KSIM_PACKAGES[@]}" || ksim_cannot_run "apt-get install ${KSIM_PACKAGES[*]} failed"
    if ! ksim_root_ready; then
        host_tools
        trixie_amd64_root
        trixie_arm64_apt
        KSIM_MOUNTED=1; trap 'trixie_unmount_all' EXIT
    fi
    ksim_resolve_kernel || ksim_cannot_run "apt-cache in the trixie root cannot resolve linux-image-arm64:arm64 (apt-get update there?)"
}

# The cross compiler for the out-of-tree modules, inside the trixie root.
ksim_install_harness() {
    [ -x "$AMD64_ROOT/usr/bin/aarch64-linux-gnu-gcc-14" ] && [ -x "$AMD64_ROOT/usr/bin/make" ] && return 0
    ksim_root_mounted
    root_apt "$AMD64_ROOT" gcc-14-aarch64-linux-gnu make
}

ksim_check_installed() {
    ksim_root_ready || ksim_cannot_run "no trixie amd64 root with arm64 package lists at $AMD64_ROOT (scripts/kernel-sim --arch arm64 --install-only makes it)"
    ksim_resolve_kernel || ksim_cannot_run "apt-cache in the trixie root cannot resolve linux-image-arm64:arm64 (scripts/kernel-sim --arch arm64 --install-only)"
    local missing; missing=$(ksim_missing_packages "${KSIM_PACKAGES[@]}")
    [ -z "$missing" ] || ksim_cannot_run "Debian packages not installed: $missing(scripts/kernel-sim --arch arm64 --install-only installs them)"
}

ksim_check_tools() {
    command -v qemu-system-aarch64 >/dev/null || ksim_cannot_run "qemu-system-aarch64 not found (Debian package qemu-system-arm)"
}

# Nothing is built here: the .deb is the product under test. Finding it early names a missing one
# before the kernel is downloaded.
ksim_start_roam_board() {
    if [ -z "$KSIM_DEB" ]; then
        KSIM_DEB=$(ls -t "$ROOT"/.build/arm64/roam-board_*_arm64.deb 2>/dev/null | head -1)
        [ -n "$KSIM_DEB" ] || ksim_cannot_run "no .build/arm64/roam-board_*_arm64.deb (scripts/package-arm64 makes it; or pass --deb PATH)"
    fi
    [ -f "$KSIM_DEB" ] || ksim_cannot_run "--deb $KSIM_DEB: no such file"
    KSIM_DEB=$(cd "$(dirname "$KSIM_DEB")" && pwd)/$(basename "$KSIM_DEB")
}

# The runtime packages unpacked once into $KSIM_CACHE/runtime (stamped when complete).
ksim_prepare_runtime() {
    local rt="$KSIM_CACHE/runtime" debs="$KSIM_CACHE/debs-runtime" d
    [ -f "$rt/.complete" ] && return 0
    ksim_root_mounted
    rm -rf "$rt" "$debs"
    download_arm64 "$debs" "${KSIM_RUNTIME_PACKAGES[@]}"
    for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$rt"; done
    (cd "$debs" && ls *.deb) > "$rt/.complete"
    rm -rf "$debs"
}

ksim_finish_roam_board() {
    ksim_prepare_runtime || { ksim_fail "could not unpack the arm64 runtime packages"; return 1; }
    local deb="$KSIM_CACHE/deb"
    rm -rf "$deb" && dpkg-deb -x "$KSIM_DEB" "$deb" || { ksim_fail "dpkg-deb -x $KSIM_DEB failed"; return 1; }
    ROAM_BIN="$deb/usr/bin/roam-board"
    [ -f "$ROAM_BIN" ] || { ksim_fail "$(basename "$KSIM_DEB") has no /usr/bin/roam-board"; return 1; }
    local kind; kind=$(file -b "$ROAM_BIN")
    case "$kind" in *"ARM aarch64"*) ;; *) ksim_fail "/usr/bin/roam-board of $(basename "$KSIM_DEB") is not an aarch64 program: $kind"; return 1 ;; esac
    ROAM_BUILD_NOTE="from $(basename "$KSIM_DEB")"
    ksim_pass "roam-board from $(basename "$KSIM_DEB") ($(dpkg-deb -f "$KSIM_DEB" Version), $(du -h "$ROAM_BIN" | cut -f1), needs $(readelf -d "$ROAM_BIN" 2>/dev/null | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | xargs))"
}

# ksim_stage_arch STAGE: busybox, the guest tools, the .deb's files and the shared libraries of the
# runtime packages (all of them: the set is small, and ld.so's own listing checks it below).
ksim_stage_arch() {
    local stage=$1 rt="$KSIM_CACHE/runtime" p
    mkdir -p "$stage/usr/lib" "$stage/usr/bin" "$stage/usr/sbin"
    # The Debian layout the .deb expects: /lib is /usr/lib (merged /usr); /bin stays busybox's own.
    ln -s usr/lib "$stage/lib"
    cp "$rt/usr/bin/busybox" "$stage/bin/busybox"
    cp "$rt/usr/lib/ld-linux-aarch64.so.1" "$stage/usr/lib/"
    (cd "$rt" && find usr/lib/aarch64-linux-gnu -maxdepth 1 -name '*.so*' | tar -cf - -T -) | tar -C "$stage" -xf -
    for p in "${KSIM_GUEST_TOOLS[@]}"; do cp "$rt/$p" "$stage/$p"; done
    # Every file of the package where dpkg would put it (tar keeps the /lib link a link).
    tar -C "$KSIM_CACHE/deb" -cf - . | tar -C "$stage" -xf - --keep-directory-symlink
    ksim_check_libraries "$stage" usr/bin/roam-board "${KSIM_GUEST_TOOLS[@]}"
}

# ksim_check_libraries STAGE PROG...: every library each program needs is in the stage, by the arm64
# ld.so's own --list (run under qemu-user); without qemu-aarch64-static the guest finds out instead.
ksim_check_libraries() {
    local stage=$1 p out missing=""; shift
    command -v qemu-aarch64-static >/dev/null || { ksim_info "qemu-aarch64-static missing: libraries not checked before the boot"; return 0; }
    for p in "$@"; do
        out=$(qemu-aarch64-static -L "$stage" "$stage/usr/lib/ld-linux-aarch64.so.1" --list "$stage/$p" 2>&1) || missing="$missing $p:"
        missing="$missing$(echo "$out" | awk '/not found/ { printf " %s", $1 }')"
    done
    if [ -n "${missing// /}" ]; then ksim_fail "libraries missing from the initramfs:$missing"; return 1; fi
    ksim_pass "every library of roam-board and the ${#KSIM_GUEST_TOOLS[@]} tools resolves in the initramfs (arm64 ld.so --list under qemu-user)"
}

# virt's one non-secure PL011 is the GNSS UART (-serial), so the console goes to virtio-console
# (built in, hvc0). cortex-a72 is a Pi 4's core, and much quicker under TCG than -cpu max (whose
# pointer authentication QEMU emulates in full).
ksim_qemu_cmd() {
    QEMU_CMD=(qemu-system-aarch64 -machine virt -accel tcg -cpu cortex-a72 -m 768 -smp 1 -nodefaults -no-reboot -display none
              -kernel "$VMLINUZ" -initrd "$INITRAMFS"
              -append "console=hvc0 quiet panic=-1"
              -device virtio-serial-pci -chardev "file,id=console,path=$1" -device virtconsole,chardev=console
              -chardev "pipe,id=gnss,path=$2" -serial chardev:gnss)
}
