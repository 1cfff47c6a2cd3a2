# The guest kernel and its modules, cached under $KSIM_CACHE/kernel-$KVER (sourced by scripts/kernel-sim).
#
# Debian's own linux-image is unpacked, not installed: /boot stays untouched and no initramfs
# trigger runs. Its 6.1 config has no gpio-sim (CONFIG_GPIO_SIM and CONFIG_IRQ_SIM are unset), so
# gpio-sim.c and irq_sim.c are built out of tree from linux-source of the very same Debian version.

# The stock modules the guest loads (the order comes from modinfo, in initramfs.sh). After the first
# three, s8-usb-drive's: the gadget side (libcomposite, the mass-storage function, dummy_hcd, which is
# a device controller and a host controller at once) and the computer's side (usb-storage, sd_mod
# with what it needs, vfat with its code pages). Last, s10-power-cut's: loop devices, device-mapper
# with its log-writes target, and ext4 (jbd2 and ext4 want crc32c loaded first: a softdep, which the
# module order below does not read, but its name sorts before theirs).
KSIM_STOCK_MODULES=(fs/configfs/configfs.ko drivers/i2c/i2c-dev.ko drivers/i2c/i2c-stub.ko
    drivers/usb/common/usb-common.ko drivers/usb/core/usbcore.ko drivers/usb/gadget/udc/udc-core.ko
    drivers/usb/gadget/libcomposite.ko drivers/usb/gadget/function/usb_f_mass_storage.ko drivers/usb/gadget/udc/dummy_hcd.ko
    drivers/scsi/scsi_common.ko drivers/scsi/scsi_mod.ko drivers/usb/storage/usb-storage.ko drivers/scsi/sd_mod.ko
    block/t10-pi.ko lib/crc-t10dif.ko crypto/crct10dif_common.ko lib/crc64-rocksoft.ko lib/crc64.ko
    fs/fat/fat.ko fs/fat/vfat.ko fs/nls/nls_cp437.ko fs/nls/nls_iso8859-1.ko fs/nls/nls_ascii.ko fs/nls/nls_utf8.ko
    drivers/block/loop.ko drivers/md/dm-mod.ko drivers/md/dm-log-writes.ko
    fs/ext4/ext4.ko fs/jbd2/jbd2.ko fs/mbcache.ko lib/crc16.ko crypto/crc32c_generic.ko)

# Every stock module is in the cache (a cache made before the list grew lacks some).
ksim_stock_current() {
    local m
    for m in "${KSIM_STOCK_MODULES[@]}"; do [ -f "$KMOD_DIR/$(basename "$m")" ] || return 1; done
}

# Sets VMLINUZ and KMOD_DIR (every .ko the guest loads), downloading and building what is missing.
ksim_prepare_kernel() {
    local dir="$KSIM_CACHE/kernel-$KVER"
    VMLINUZ="$dir/vmlinuz"
    KMOD_DIR="$dir/modules"
    mkdir -p "$dir" "$KSIM_CACHE/debs"
    if [ ! -f "$VMLINUZ" ] || ! ksim_stock_current; then
        local t0; t0=$(ksim_now)
        ksim_log "unpacking $KPKG $KDEBVER"
        (cd "$KSIM_CACHE/debs" && apt-get download -q -o APT::Sandbox::User=root "$KPKG=$KDEBVER" >/dev/null) \
            || ksim_cannot_run "apt-get download $KPKG=$KDEBVER failed (no package source reachable?)"
        local unpacked="$dir/unpacked"
        rm -rf "$unpacked" && dpkg-deb -x "$KSIM_CACHE/debs/${KPKG}_"*.deb "$unpacked"
        mkdir -p "$KMOD_DIR"
        local m
        for m in "${KSIM_STOCK_MODULES[@]}"; do cp "$unpacked/lib/modules/$KVER/kernel/$m" "$KMOD_DIR/"; done
        # Copied last: its presence marks a complete unpack.
        cp "$unpacked/boot/vmlinuz-$KVER" "$VMLINUZ.part" && mv "$VMLINUZ.part" "$VMLINUZ"
        rm -rf "$unpacked" "$KSIM_CACHE/debs/${KPKG}_"*.deb
        ksim_info "$KPKG downloaded and unpacked in $(ksim_secs "$t0" "$(ksim_now)") s"
    fi
    if ! ksim_modules_current; then ksim_build_sim_modules "$dir"; fi
    ksim_modules_current || { ksim_fail "gpio-sim.ko/irq-sim.ko do not match $KVER (see $dir/build/build.log)"; return 1; }
    ksim_pass "kernel $KVER ($KDEBVER) with out-of-tree irq-sim.ko and gpio-sim.ko"
}

ksim_modules_current() {
    local m
    for m in irq-sim gpio-sim; do
        [ -f "$KMOD_DIR/$m.ko" ] || return 1
        [ "$(modinfo -F vermagic "$KMOD_DIR/$m.ko" | cut -d' ' -f1)" = "$KVER" ] || return 1
    done
}

# Extracts the three source files from linux-source, patches irq_sim.c into a module, builds both
# against linux-headers-$KVER under nice (the machine is shared).
ksim_build_sim_modules() {
    local dir=$1 build="$1/build" src="$1/src"
    local headers=/usr/src/linux-headers-$KVER
    [ -d "$headers" ] || ksim_cannot_run "linux-headers-$KVER is not installed (scripts/kernel-sim --install-only installs it)"
    ksim_log "building irq-sim.ko and gpio-sim.ko from linux-source-6.1=$KDEBVER"
    local t0 t1; t0=$(ksim_now)
    local deb="$KSIM_CACHE/debs/linux-source-6.1_${KDEBVER}_all.deb"
    if [ ! -f "$deb" ]; then
        (cd "$KSIM_CACHE/debs" && apt-get download -q -o APT::Sandbox::User=root "linux-source-6.1=$KDEBVER" >/dev/null) \
            || ksim_cannot_run "apt-get download linux-source-6.1=$KDEBVER failed: gpio-sim must come from the image's own version"
    fi
    rm -rf "$build" "$src" && mkdir -p "$build" "$src"
    local tree=linux-source-6.1
    dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-6.1.tar.xz \
        | tar -xJ -C "$src" "$tree/drivers/gpio/gpio-sim.c" "$tree/drivers/gpio/gpiolib.h" "$tree/kernel/irq/irq_sim.c"
    cp "$src/$tree/drivers/gpio/gpio-sim.c" "$src/$tree/drivers/gpio/gpiolib.h" "$build/"
    cp "$src/$tree/kernel/irq/irq_sim.c" "$build/irq-sim.c"
    # irq_to_desc() is not exported to modules in 6.1; generic_handle_irq() is, and does the same here.
    sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$build/irq-sim.c"
    grep -q 'generic_handle_irq(irqnum);' "$build/irq-sim.c" || { ksim_fail "irq_sim.c of $KDEBVER no longer matches the patch"; return 1; }
    printf '\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\nMODULE_DESCRIPTION("irq_sim.c built as a module for gpio-sim");\n' >> "$build/irq-sim.c"
    echo 'obj-m := irq-sim.o gpio-sim.o' > "$build/Kbuild"
    t1=$(ksim_now)
    if ! nice -n 19 make -s -C "$headers" M="$build" modules > "$build/build.log" 2>&1; then
        tail -20 "$build/build.log" >&2
        ksim_fail "module build failed (see $build/build.log)"; return 1
    fi
    cp "$build/irq-sim.ko" "$build/gpio-sim.ko" "$KMOD_DIR/"
    rm -rf "$src" "$deb"
    ksim_info "linux-source-6.1 downloaded and 3 files extracted in $(ksim_secs "$t0" "$t1") s; modules built (nice 19) in $(ksim_secs "$t1" "$(ksim_now)") s"
}
