# The system guest's parts, cached under .build/system-guest (sourced by scripts/system-guest after
# scripts/lib.sh, scripts/trixie.sh and the kernel-sim arm64 host files):
#   root-base/        debootstrap'd trixie arm64 with systemd, udev and what the rider's Pi has
#   kernel-$KVER/     Debian's linux-image-arm64 module tree plus kernel-sim's out-of-tree gpio-sim,
#                     irq-sim and i2c-stub, depmod'ed; the kernel Image is kernel-sim's
#   initramfs.cpio.gz busybox-static, virtio_blk and ext4 with their dependencies
# Per run: a copy of root-base with the modules and the test units, made an ext4 image (mkfs.ext4 -d).
SG_CACHE="$ROOT/.build/system-guest"
SG_BASE="$SG_CACHE/root-base"
SG_DIR="$ROOT/Tests/SystemGuest"
# What a rider's Pi OS has that minbase lacks: systemd as init, udev, kmod, dbus (logind), the
# drive's tools (dosfstools, mtools), i2c-tools and sqlite3 for the simulators and the judge, and
# the package's own dependencies (its libraries, tzdata) and what it recommends (libjs-leaflet, which apt
# installs by default): the guest has no network, so `apt install ./the.deb` finds them here.
SG_INCLUDE=(systemd-sysv udev kmod dbus dosfstools mtools sqlite3 i2c-tools libgpiod3 libi2c0 libsqlite3-0 zlib1g tzdata libjs-leaflet)
SG_HOST_PACKAGES=(qemu-system-arm debootstrap qemu-user-static binfmt-support busybox-static e2fsprogs cpio python3 kmod xz-utils)

sg_host_packages() {
    ksim_apt_install "${SG_HOST_PACKAGES[@]}" || die "apt-get install ${SG_HOST_PACKAGES[*]} failed"
}

# What is mounted at or under DIR, deepest first, as /proc/self/mounts writes it (a space is \040).
sg_mounts_under() {
    local top=${1// /\\040}
    awk -v top="$top" '$2 == top || index($2, top "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

# Unmounts (lazily) everything at or under DIR: debootstrap's second stage mounts proc and more in
# the root it makes, and a run stopped mid-way left them there, where `rm -rf` of the clone fails
# ("Device or resource busy") and a new root would be made over a live /proc.
sg_unmount_under() {
    local m
    while read -r m; do
        [ -n "$m" ] && { umount -l "$(printf '%b' "${m//\\/\\0}")" || echo "system-guest: cannot unmount $m" >&2; }
    done < <(sg_mounts_under "$1")
    return 0
}

# Held while root-base is made, and while stale mounts are looked for: a second run waits for the
# first's debootstrap instead of unmounting what it mounted.
sg_lock_base() { mkdir -p "$SG_CACHE"; exec 7> "$SG_CACHE/root-base.lock"; flock 7; }
sg_unlock_base() { exec 7>&-; }

# At the start of the guest's phase: what a run killed outright (SIGKILL, a machine reset) left
# mounted under .build/system-guest is unmounted, and said.
sg_unmount_stale() {
    sg_lock_base
    local stale
    stale=$(sg_mounts_under "$SG_CACHE")
    if [ -n "$stale" ]; then
        echo "system-guest: unmounting what a stopped run left mounted: $(echo "$stale" | tr '\n' ' ')" >&2
        sg_unmount_under "$SG_CACHE"
    fi
    sg_unlock_base
}

sg_prepare_root() {
    stamped "$SG_BASE/.roam-complete" "${SG_INCLUDE[@]}" && return 0
    trixie_binfmt
    local mirror log="$SG_CACHE/debootstrap.log"
    mirror=$(trixie_mirror)
    step "debootstrap trixie arm64 with ${SG_INCLUDE[*]} into .build/system-guest/root-base"
    sg_lock_base
    sg_unmount_under "$SG_BASE"
    # debootstrap's mounts in the root are undone on every exit: its failure (die), Ctrl-C and
    # SIGTERM (bash runs no EXIT trap for a signal it leaves untrapped). The scripts' own EXIT
    # trap (trixie_unmount_all, idempotent) is kept, and is the only one again after.
    trap 'sg_unmount_under "$SG_BASE"; trixie_unmount_all' EXIT
    trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP
    rm -rf "$SG_BASE" && mkdir -p "$SG_CACHE"
    debootstrap --variant=minbase --arch arm64 --include="$(IFS=,; echo "${SG_INCLUDE[*]}")" trixie "$SG_BASE" "$mirror" \
        > "$log" 2>&1 || die "debootstrap --arch arm64 trixie failed: $(grep -E '^(E|W):' "$log" | tail -1) (log: $log)"
    sg_unmount_under "$SG_BASE"
    trap - INT TERM HUP
    trap trixie_unmount_all EXIT
    sg_unlock_base
    rm -rf "$SG_BASE"/var/cache/apt/archives/*.deb
    echo "${SG_INCLUDE[*]}" > "$SG_BASE/.roam-complete"
}

# Sets SG_TREE (a module tree for /usr/lib/modules) and VMLINUZ.
sg_prepare_kernel() {
    ksim_install_base
    ksim_install_harness
    ksim_check_tools
    ksim_prepare_kernel > "$SG_CACHE/kernel.log" || die "the kernel-sim arm64 kernel and modules: $(grep FAIL "$SG_CACHE/kernel.log" | head -2)"
    local dir="$SG_CACHE/kernel-$KVER"
    SG_TREE="$dir/tree"
    [ -f "$dir/.complete" ] && return 0
    step "module tree of $KPKG with gpio-sim, irq-sim and i2c-stub"
    ksim_root_mounted
    rm -rf "$dir" && mkdir -p "$dir/debs"
    download_arm64 "$dir/debs" "$KPKG"
    dpkg-deb -x "$dir/debs/${KPKG}_"*.deb "$dir/unpacked" || die "dpkg-deb -x $KPKG failed"
    mkdir -p "$SG_TREE/usr/lib/modules"
    mv "$dir/unpacked/usr/lib/modules/$KVER" "$SG_TREE/usr/lib/modules/"
    mkdir -p "$SG_TREE/usr/lib/modules/$KVER/updates"
    cp "$KMOD_DIR"/irq-sim.ko "$KMOD_DIR"/gpio-sim.ko "$KMOD_DIR"/i2c-stub.ko "$SG_TREE/usr/lib/modules/$KVER/updates/"
    depmod -b "$SG_TREE/usr" "$KVER" 2> /dev/null || depmod -b "$SG_TREE" "$KVER" || die "depmod of the guest's module tree failed"
    cp "$dir/unpacked/boot/config-$KVER" "$dir/config"
    rm -rf "$dir/unpacked" "$dir/debs"
    touch "$dir/.complete"
}

# sg_module_chain NAME...: NAME and what it depends on, dependencies first, as files of SG_TREE.
sg_module_chain() {
    local m f d
    for m in "$@"; do
        f=$(find "$SG_TREE/usr/lib/modules/$KVER" -name "$m.ko*" | head -1)
        [ -n "$f" ] || continue
        for d in $(modinfo -F depends "$f" | tr ',' ' '); do sg_module_chain "$d"; done
        echo "$f"
    done
}

sg_make_initramfs() {
    SG_INITRD="$SG_CACHE/initramfs.cpio.gz"
    [ -f "$SG_INITRD" ] && [ "$SG_INITRD" -nt "$SG_DIR/guest/initramfs-init" ] && return 0
    step "initramfs (busybox-static, virtio_blk, ext4)"
    local stage="$SG_CACHE/initramfs" f name order=""
    rm -rf "$stage" && mkdir -p "$stage"/{bin,dev,proc,sys,modules}
    ksim_root_mounted
    download_arm64 "$SG_CACHE/debs-busybox" busybox-static
    dpkg-deb -x "$SG_CACHE"/debs-busybox/busybox-static_*.deb "$SG_CACHE/busybox"
    cp "$SG_CACHE/busybox/usr/bin/busybox" "$stage/bin/busybox"
    rm -rf "$SG_CACHE/busybox" "$SG_CACHE/debs-busybox"
    ln -s busybox "$stage/bin/sh"
    for f in $(sg_module_chain virtio_blk crc32c_generic ext4 | awk '!seen[$0]++'); do
        name=$(basename "$f"); name=${name%%.ko*}
        case "$f" in *.xz) xz -dc "$f" > "$stage/modules/$name.ko" ;; *) cp "$f" "$stage/modules/$name.ko" ;; esac
        order="$order $name"
    done
    echo "$order" > "$stage/modules/order"
    cp "$SG_DIR/guest/initramfs-init" "$stage/init" && chmod 755 "$stage/init"
    (cd "$stage" && find . | sort | cpio -o -H newc -R 0:0 --quiet | gzip -1 > "$SG_INITRD")
}

# sg_make_image DEB IMAGE: a copy of root-base with the module tree, the test units and DEB in
# /root, as a 2 GiB sparse ext4 image.
sg_make_image() {
    local deb=$1 img=$2 r="$(dirname "$2")/root" u
    step "disk image from root-base (mkfs.ext4 -d)"
    rm -rf "$r" && cp -a "$SG_BASE" "$r"
    cp -a "$SG_TREE/usr/lib/modules" "$r/usr/lib/"
    install -d "$r/usr/local/lib/roam-sim"
    install -m 0755 "$SG_DIR/guest/roam-sim.sh" "$SG_DIR/guest/roam-agent.sh" "$SG_DIR/guest/make-board.sh" "$r/usr/local/lib/roam-sim/"
    for u in roam-sim roam-agent roam-acks; do install -m 0644 "$SG_DIR/guest/$u.service" "$r/etc/systemd/system/"; done
    mkdir -p "$r/etc/systemd/system/sysinit.target.wants" "$r/etc/systemd/system/multi-user.target.wants"
    ln -sf ../roam-sim.service "$r/etc/systemd/system/sysinit.target.wants/roam-sim.service"
    ln -sf ../roam-agent.service "$r/etc/systemd/system/multi-user.target.wants/roam-agent.service"
    ln -sf ../roam-acks.service "$r/etc/systemd/system/multi-user.target.wants/roam-acks.service"
    # A test machine: no first-boot questions on the console, no timers that reach for a network.
    for u in systemd-firstboot.service apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service \
             fstrim.timer getty.target serial-getty@hvc0.service; do ln -sf /dev/null "$r/etc/systemd/system/$u"; done
    echo roam-guest > "$r/etc/hostname"
    printf '/dev/vda / ext4 rw 0 0\n' > "$r/etc/fstab"
    tr -d '-' < /proc/sys/kernel/random/uuid > "$r/etc/machine-id"
    rm -f "$r/usr/sbin/policy-rc.d"
    cp "$deb" "$r/root/"
    rm -f "$img" && mkfs.ext4 -q -F -d "$r" -L roam-root "$img" 2G || die "mkfs.ext4 -d of the guest's root failed"
    rm -rf "$r"
}
