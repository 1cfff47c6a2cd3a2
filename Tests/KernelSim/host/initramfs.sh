# roam-board built with the Swift standard library linked statically, and the guest's initramfs
# (sourced by scripts/kernel-sim). The initramfs is rebuilt on every run: it is cheap, and it
# always carries the binary and scripts of the working tree.

# The tools the guest scripts call, at their host paths, with their shared libraries.
# (busybox's own i2cget/i2cset applets shadow i2c-tools in its shell, so the scripts use full paths.)
KSIM_GUEST_TOOLS=(/usr/bin/gpiodetect /usr/bin/gpioinfo /usr/bin/gpioget /usr/bin/gpiofind /usr/sbin/i2cget /usr/sbin/i2cset
                  /usr/sbin/i2cdetect /usr/bin/sqlite3)

ROAM_BIN="$KSIM_CACHE/swift/release/roam-board"

# Builds ROAM_BIN in the background, in its own scratch path (it neither waits on nor disturbs the
# test build), while the kernel is downloaded and its modules built: the build is the longest step.
# ksim_finish_roam_board waits for it and prints its verdict.
ksim_start_roam_board() {
    ksim_log "swift build -c release --static-swift-stdlib --product roam-board (in the background)"
    # exec: the PID is the build itself, so an early exit of the harness can stop it.
    (cd "$ROOT" && exec swift build -c release --static-swift-stdlib --product roam-board --scratch-path "$KSIM_CACHE/swift") \
        > "$KSIM_CACHE/swift-build.log" 2>&1 &
    SWIFT_BUILD_PID=$!
}

ksim_finish_roam_board() {
    if ! wait "$SWIFT_BUILD_PID"; then
        tail -30 "$KSIM_CACHE/swift-build.log" >&2
        ksim_fail "swift build of roam-board failed (see $KSIM_CACHE/swift-build.log)"; return 1
    fi
    # SwiftPM's own figure: "Build of product 'roam-board' complete! (68.69s)".
    SWIFT_BUILD_SECS=$(sed -n "s/.*complete! (\([0-9.]*\)s)\$/\1/p" "$KSIM_CACHE/swift-build.log" | tail -1)
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

# Sets INITRAMFS. Layout: /init, /kernel-sim/{lib.sh,*.awk,scenarios/}, /roam/Boards/kernel-sim,
# /lib/modules/kernel-sim/*.ko, busybox, the tools above and /usr/bin/roam-board.
ksim_make_initramfs() {
    local stage="$KSIM_CACHE/initramfs"
    INITRAMFS="$KSIM_CACHE/initramfs.cpio.gz"
    rm -rf "$stage" && mkdir -p "$stage"/{bin,dev,proc,sys,tmp,var,kernel-sim,roam/Boards,lib/modules/kernel-sim}
    cp "$KSIM_DIR/guest/init" "$stage/init" && chmod 755 "$stage/init"
    cp -r "$KSIM_DIR/guest/lib.sh" "$KSIM_DIR/guest/"*.awk "$KSIM_DIR/guest/scenarios" "$stage/kernel-sim/"
    cp -r "$ROOT/Boards/kernel-sim" "$stage/roam/Boards/"
    cp "$KMOD_DIR"/*.ko "$stage/lib/modules/kernel-sim/"
    # /init starts with #!/bin/sh, which must exist before busybox --install runs.
    cp /bin/busybox "$stage/bin/busybox" && ln -s busybox "$stage/bin/sh"
    local tool
    for tool in "${KSIM_GUEST_TOOLS[@]}"; do ksim_stage_program "$stage" "$tool"; done
    strip -o "$KSIM_CACHE/roam-board.stripped" "$ROAM_BIN"
    ksim_stage_program "$stage" "$KSIM_CACHE/roam-board.stripped" /usr/bin/roam-board
    (cd "$stage" && find . | sort | cpio -o -H newc -R 0:0 --quiet | gzip -1 > "$INITRAMFS")
    ksim_pass "initramfs $(du -h "$INITRAMFS" | cut -f1) ($(find "$stage" -type f | wc -l) files)"
}
