# x86-64 (sourced by scripts/kernel-sim): Debian 12's kernel under qemu-system-x86_64, roam-board
# built here with --static-swift-stdlib against libgpiod 1.6, the GNSS on the pc machine's second 16550.
source "$KSIM_DIR/host/kernel.sh"

# s8-usb-drive records three more rides and builds the drive three times under TCG; s9 records a
# minute at 10 Hz; s10-power-cut replays its block log to two dozen states and checks each.
KSIM_DEFAULT_TIMEOUT=900
KSIM_BOARD=kernel-sim
# The Debian packages the harness needs besides the kernel headers.
KSIM_PACKAGES=(qemu-system-x86 python3 busybox-static gpiod i2c-tools sqlite3 cpio gzip xz-utils kmod make gcc libc6-dev binutils
               dosfstools mtools dmsetup e2fsprogs)
# The tools the guest scripts call, at their host paths, with their shared libraries.
# (busybox's own i2cget/i2cset applets shadow i2c-tools in its shell, so the scripts use full paths.)
# setpriv (util-linux): s8 runs the drive keeper as an unprivileged user, as its unit does.
KSIM_GUEST_TOOLS=(/usr/bin/gpiodetect /usr/bin/gpioinfo /usr/bin/gpioget /usr/bin/gpiofind /usr/sbin/i2cget /usr/sbin/i2cset
                  /usr/sbin/i2cdetect /usr/bin/sqlite3
                  /usr/sbin/mkfs.vfat /usr/sbin/fsck.vfat /usr/bin/mcopy /usr/bin/mmd /usr/bin/mdir /usr/bin/mtype /usr/bin/mdel
                  /usr/bin/setpriv
                  /usr/sbin/dmsetup /usr/sbin/mkfs.ext4 /usr/sbin/e2fsck)
# mtools converts names through iconv: glibc's gconv configuration and the DOS code pages it uses.
KSIM_GUEST_GCONV=(gconv-modules gconv-modules.cache gconv-modules.d IBM850.so IBM437.so)
ROAM_BIN="$KSIM_CACHE/swift/release/roam-board"

# The kernel ABI that linux-image-amd64 points at (e.g. 6.1.0-57-amd64) and its Debian version
# (e.g. 6.1.192-3). Sets KVER, KPKG and KDEBVER; needs apt's package lists.
ksim_resolve_kernel() {
    KPKG=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '!f && /Depends: linux-image-[0-9]/ { print $2; f = 1 }')
    KVER=${KPKG#linux-image-}
    KDEBVER=$(apt-cache show --no-all-versions "$KPKG" 2>/dev/null | awk '!f && /^Version:/ { print $2; f = 1 }')
    [ -n "$KVER" ] && [ -n "$KDEBVER" ]
}

need_swift() { command -v swift >/dev/null || ksim_cannot_run "swift not found (the Swift 6.3 toolchain belongs in /opt/swift)"; }

# The package lists and the native libraries roam-board links against.
ksim_install_base() {
    need_swift
    if ! ksim_resolve_kernel; then
        local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
        $sudo apt-get update -qq
    fi
    ksim_resolve_kernel || ksim_cannot_run "apt-cache cannot resolve linux-image-amd64 (not Debian 12, or no package source)"
    native_deps
}

ksim_install_harness() { ksim_apt_install "${KSIM_PACKAGES[@]}" "linux-headers-$KVER"; }

ksim_check_installed() {
    need_swift
    ksim_resolve_kernel || ksim_cannot_run "apt-cache cannot resolve linux-image-amd64 (run apt-get update, or scripts/kernel-sim to install)"
    local missing; missing=$(ksim_missing_packages "${KSIM_PACKAGES[@]}")
    [ -z "$missing" ] || ksim_cannot_run "Debian packages not installed: $missing(scripts/kernel-sim --install-only installs them)"
}

ksim_check_tools() {
    command -v qemu-system-x86_64 >/dev/null || ksim_cannot_run "qemu-system-x86_64 not found"
    [ -x /bin/busybox ] || ksim_cannot_run "/bin/busybox (busybox-static) not found"
}

# Builds ROAM_BIN in the background, in its own scratch path (it neither waits on nor disturbs the
# test build), while the kernel is downloaded and its modules built: the build is the longest step.
# ksim_finish_roam_board waits for it and prints its verdict.
ksim_start_roam_board() {
    ksim_log "swift build -c release --static-swift-stdlib --product roam-board (in the background)"
    # exec: the PID is the build itself, so an early exit of the harness can stop it.
    (cd "$ROOT" && exec swift build -c release --static-swift-stdlib --product roam-board --scratch-path "$KSIM_CACHE/swift") \
        > "$KSIM_CACHE/swift-build.log" 2>&1 &
    SWIFT_BUILD_PID=$!
    trap 'kill "$SWIFT_BUILD_PID" 2>/dev/null || true' EXIT
}

ksim_finish_roam_board() {
    if ! wait "$SWIFT_BUILD_PID"; then
        tail -30 "$KSIM_CACHE/swift-build.log" >&2
        ksim_fail "swift build of roam-board failed (see $KSIM_CACHE/swift-build.log)"; return 1
    fi
    # SwiftPM's own figure: "Build of product 'roam-board' complete! (68.69s)".
    SWIFT_BUILD_SECS=$(sed -n "s/.*complete! (\([0-9.]*\)s)\$/\1/p" "$KSIM_CACHE/swift-build.log" | tail -1)
    ROAM_BUILD_NOTE="swift build ${SWIFT_BUILD_SECS} from the start, beside those two"
    if ldd "$ROAM_BIN" | grep -q '/opt/swift\|libswiftCore'; then
        ksim_fail "roam-board still links the Swift runtime dynamically: $(ldd "$ROAM_BIN" | grep -o 'libswift[^ ]*' | head -3 | xargs)"
        return 1
    fi
    ksim_pass "roam-board built with --static-swift-stdlib in ${SWIFT_BUILD_SECS} s ($(swift --version 2>/dev/null | head -1 | sed 's/ (.*//'))"
}

# Copies a program and every shared library ldd lists for it, at the same paths.
ksim_stage_program() {
    local stage=$1 program=$2 to=${3:-$2} lib
    mkdir -p "$stage$(dirname "$to")"
    cp "$program" "$stage$to"
    for lib in $(ldd "$program" | awk '/=> \// { print $3 } /^\t\/lib64\// { print $1 }'); do
        [ -e "$stage$lib" ] && continue
        mkdir -p "$stage$(dirname "$lib")"
        cp -L "$lib" "$stage$lib"
    done
}

# ksim_stage_arch STAGE: busybox, the tools above and /usr/bin/roam-board with their libraries.
ksim_stage_arch() {
    local stage=$1 tool
    mkdir -p "$stage/bin"
    cp /bin/busybox "$stage/bin/busybox"
    for tool in "${KSIM_GUEST_TOOLS[@]}"; do ksim_stage_program "$stage" "$tool"; done
    local gconv=/usr/lib/x86_64-linux-gnu/gconv f
    mkdir -p "$stage$gconv"
    for f in "${KSIM_GUEST_GCONV[@]}"; do [ -e "$gconv/$f" ] && cp -r "$gconv/$f" "$stage$gconv/"; done
    strip -o "$KSIM_CACHE/roam-board.stripped" "$ROAM_BIN"
    ksim_stage_program "$stage" "$KSIM_CACHE/roam-board.stripped" /usr/bin/roam-board
}

# TCG only: on this machine class /dev/kvm is PVM, which hangs a stock Debian kernel, and TCG boots
# in about 10 s anyway. serial0 (ttyS0) is the console, serial1 (ttyS1) the GNSS UART.
# The GNSS UART is a host tty (QEMU's serial chardev) on the feeder's pty: QEMU sets its speed from
# the 16550's divisor, which is how the feeder knows what baud the guest listens at.
KSIM_GNSS_LINK=pty
# ksim_qemu_cmd CONSOLE_LOG GNSS_PTY: sets QEMU_CMD.
ksim_qemu_cmd() {
    QEMU_CMD=(qemu-system-x86_64 -accel tcg -cpu max -m 768 -smp 1 -nodefaults -no-reboot -display none
              -kernel "$VMLINUZ" -initrd "$INITRAMFS"
              -append "console=ttyS0 quiet panic=-1"
              -chardev "file,id=console,path=$1" -serial chardev:console
              -chardev "serial,id=gnss,path=$2" -serial chardev:gnss)
}
