# The guest's initramfs (sourced by scripts/kernel-sim, after the arch file). It is rebuilt on every
# run: it is cheap, and it always carries the binary and scripts of the working tree.

# ksim_module_order DIR: the names of DIR/*.ko (i2c-stub aside: the scenarios load it themselves,
# with its address) so that each comes after the modules `modinfo -F depends` names for it.
ksim_module_order() {
    local dir=$1 order=" " left m d ok progress
    left=$(cd "$dir" && ls *.ko | sed 's/\.ko$//' | grep -v '^i2c-stub$' | xargs)
    while [ -n "$left" ]; do
        progress=0
        for m in $left; do
            ok=1
            for d in $(modinfo -F depends "$dir/$m.ko" | tr ',' ' '); do
                # A dependency outside the set is built into the kernel (or missing: insmod says so).
                [ -f "$dir/$d.ko" ] || [ -f "$dir/${d//_/-}.ko" ] || continue
                case "$order" in *" $d "* | *" ${d//_/-} "*) ;; *) ok=0 ;; esac
            done
            [ $ok = 1 ] || continue
            order="$order$m "; left=$(echo " $left " | sed "s/ $m / /" | xargs); progress=1
        done
        [ $progress = 1 ] || { echo "modules with unresolved dependencies: $left" >&2; return 1; }
    done
    echo $order
}

# Sets INITRAMFS. Layout: /init, /kernel-sim/{lib.sh,logwrites.sh,arch.sh,*.awk,scenarios/}, /roam/Boards/<board>
# (and rpi-*/99-roam-board.rules),
# /lib/modules/kernel-sim/{*.ko,order}, busybox, the guest tools and /usr/bin/roam-board (the arch
# file's ksim_stage_arch puts the programs and their libraries in place).
ksim_make_initramfs() {
    local stage="$KSIM_CACHE/initramfs"
    INITRAMFS="$KSIM_CACHE/initramfs.cpio.gz"
    rm -rf "$stage" && mkdir -p "$stage"/{bin,dev,proc,sys,tmp,var,kernel-sim,roam/Boards}
    ksim_stage_arch "$stage" || return 1
    cp "$KSIM_DIR/guest/init" "$stage/init" && chmod 755 "$stage/init"
    cp -r "$KSIM_DIR/guest/lib.sh" "$KSIM_DIR/guest/logwrites.sh" "$KSIM_DIR/guest/"*.awk "$KSIM_DIR/guest/scenarios" "$stage/kernel-sim/"
    cp "$KSIM_DIR/guest/arch-$KSIM_ARCH.sh" "$stage/kernel-sim/arch.sh"
    cp -r "$ROOT/Boards/$KSIM_BOARD" "$stage/roam/Boards/"
    # The Pi boards' udev rules: s1 runs their label match on gpio-sim banks.
    for b in rpi-zero-2w rpi-4 rpi-5; do
        mkdir -p "$stage/roam/Boards/$b" && cp "$ROOT/Boards/$b/99-roam-board.rules" "$stage/roam/Boards/$b/"
    done
    mkdir -p "$stage/lib/modules/kernel-sim"
    cp "$KMOD_DIR"/*.ko "$stage/lib/modules/kernel-sim/"
    local order
    order=$(ksim_module_order "$KMOD_DIR") || { ksim_fail "cannot order the modules of $KMOD_DIR for loading"; return 1; }
    echo "$order" > "$stage/lib/modules/kernel-sim/order"
    # /init starts with #!/bin/sh, which must exist before busybox --install runs.
    ln -s busybox "$stage/bin/sh"
    (cd "$stage" && find . | sort | cpio -o -H newc -R 0:0 --quiet | gzip -1 > "$INITRAMFS")
    ksim_pass "initramfs $(du -h "$INITRAMFS" | cut -f1) ($(find "$stage" -type f | wc -l) files; modules in load order: $order)"
}
