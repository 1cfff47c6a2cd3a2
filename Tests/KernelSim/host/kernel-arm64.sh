# The arm64 guest kernel and its modules, cached under $KSIM_CACHE/kernel-$KVER (sourced by
# host/arch-arm64.sh). Debian 13's linux-image-arm64 (6.12) is unpacked, not installed.
#
# Its config has configfs and i2c-dev as modules (.ko.xz, decompressed here: busybox insmod reads
# plain ELF), but neither CONFIG_GPIO_SIM, CONFIG_IRQ_SIM nor CONFIG_I2C_STUB: gpio-sim.c, irq_sim.c
# and i2c-stub.c are built out of tree from linux-source-6.12 of the very same Debian version, with
# trixie's aarch64-linux-gnu-gcc-14 (the compiler the image names) in the amd64 trixie root.

# The stock modules the guest loads; dependencies that are modules too are added by ksim_copy_stock_module.
KSIM_STOCK_MODULES=(configfs i2c-dev)

# Sets KPKG, KVER (6.12.117+deb13-arm64) and KDEBVER (6.12.117-1) from the trixie root's package lists.
ksim_resolve_kernel() {
    [ -f "$AMD64_ROOT/.roam-arm64-apt" ] || return 1
    KPKG=$(in_root "$AMD64_ROOT" "apt-cache depends linux-image-arm64:arm64" 2>/dev/null \
        | awk '!f && /Depends: linux-image-[0-9]/ { sub(/:arm64$/, "", $2); print $2; f = 1 }')
    KVER=${KPKG#linux-image-}
    KDEBVER=$(in_root "$AMD64_ROOT" "apt-cache show --no-all-versions $KPKG:arm64" 2>/dev/null | awk '!f && /^Version:/ { print $2; f = 1 }')
    [ -n "$KVER" ] && [ -n "$KDEBVER" ]
}

# ksim_copy_stock_module UNPACKED NAME: NAME.ko from the image, decompressed, with the modules it depends on.
ksim_copy_stock_module() {
    local tree=$1/usr/lib/modules/$KVER name=$2 file d
    [ -f "$KMOD_DIR/$name.ko" ] && return 0
    file=$(find "$tree" \( -name "$name.ko.xz" -o -name "${name//-/_}.ko.xz" -o -name "${name//_/-}.ko.xz" \) | head -1)
    [ -n "$file" ] || { ksim_fail "$name.ko.xz is not in $KPKG (built in? check its config)"; return 1; }
    xz -dc "$file" > "$KMOD_DIR/$name.ko"
    for d in $(modinfo -F depends "$KMOD_DIR/$name.ko" | tr ',' ' '); do ksim_copy_stock_module "$1" "$d" || return 1; done
}

# Sets VMLINUZ and KMOD_DIR (every .ko the guest loads), downloading and building what is missing.
ksim_prepare_kernel() {
    local dir="$KSIM_CACHE/kernel-$KVER" debs="$KSIM_CACHE/debs"
    VMLINUZ="$dir/Image"
    KMOD_DIR="$dir/modules"
    mkdir -p "$dir" "$debs"
    if [ ! -f "$VMLINUZ" ]; then
        local t0; t0=$(ksim_now)
        ksim_log "unpacking $KPKG $KDEBVER"
        ksim_root_mounted
        rm -f "$debs/${KPKG}_"*.deb
        download_arm64 "$debs" "$KPKG"
        local unpacked="$dir/unpacked" m
        rm -rf "$unpacked" "$KMOD_DIR" && mkdir -p "$KMOD_DIR" && dpkg-deb -x "$debs/${KPKG}_"*.deb "$unpacked"
        for m in "${KSIM_STOCK_MODULES[@]}"; do ksim_copy_stock_module "$unpacked" "$m" || return 1; done
        cp "$unpacked/boot/config-$KVER" "$dir/config"
        # Copied last: its presence marks a complete unpack. Debian's arm64 vmlinuz is a plain Image.
        cp "$unpacked/boot/vmlinuz-$KVER" "$VMLINUZ.part" && mv "$VMLINUZ.part" "$VMLINUZ"
        rm -rf "$unpacked" "$debs/${KPKG}_"*.deb
        ksim_info "$KPKG downloaded and unpacked in $(ksim_secs "$t0" "$(ksim_now)") s"
    fi
    if ! ksim_modules_current; then ksim_build_sim_modules "$dir" || return 1; fi
    ksim_modules_current || { ksim_fail "irq-sim.ko/gpio-sim.ko/i2c-stub.ko do not match $KVER (see $dir/build/build.log)"; return 1; }
    ksim_pass "kernel $KVER ($KDEBVER, $(grep -c '=m$' "$dir/config") modules in its config, none of them gpio-sim or i2c-stub) with out-of-tree irq-sim.ko, gpio-sim.ko and i2c-stub.ko"
}

ksim_modules_current() {
    local m
    for m in irq-sim gpio-sim i2c-stub; do
        [ -f "$KMOD_DIR/$m.ko" ] || return 1
        [ "$(modinfo -F vermagic "$KMOD_DIR/$m.ko" | cut -d' ' -f1)" = "$KVER" ] || return 1
    done
}

# The headers (arm64 and common) and the amd64 kbuild tools unpacked side by side, so the headers'
# relative links to the tools hold; the three C files from linux-source; make inside the root.
ksim_build_sim_modules() {
    local dir=$1 debs="$KSIM_CACHE/debs" kb="$1/kbuild" build="$1/build" src="$1/src"
    local base=${KVER%-arm64} series
    series=$(echo "$KDEBVER" | cut -d. -f1,2)
    local tree=linux-source-$series t0 t1
    t0=$(ksim_now)
    ksim_log "building irq-sim.ko, gpio-sim.ko and i2c-stub.ko from $tree=$KDEBVER"
    ksim_root_mounted
    [ -x "$AMD64_ROOT/usr/bin/aarch64-linux-gnu-gcc-14" ] || ksim_cannot_run "gcc-14-aarch64-linux-gnu is not in the trixie root (scripts/kernel-sim --arch arm64 --install-only installs it)"
    rm -f "$debs"/linux-headers-*.deb "$debs"/linux-kbuild-*.deb "$debs"/linux-source-*.deb
    download_arm64 "$debs" "linux-headers-$KVER"
    local rel=${debs#"$ROOT"/}
    in_root "$AMD64_ROOT" "cd /src/$rel && apt-get download -q linux-headers-$base-common linux-kbuild-$base $tree=$KDEBVER" > /dev/null 2>&1 \
        || ksim_cannot_run "apt-get download of linux-headers-$base-common, linux-kbuild-$base, $tree=$KDEBVER failed in the trixie root (package lists current?)"
    rm -rf "$kb" "$build" "$src" && mkdir -p "$kb" "$build" "$src"
    local d
    for d in "$debs"/linux-headers-*.deb "$debs"/linux-kbuild-*.deb; do dpkg-deb -x "$d" "$kb"; done
    local headers="$kb/usr/src/linux-headers-$KVER"
    # Its Makefile includes the common headers by absolute path; point it at the unpacked ones.
    sed -i "s|^include /usr/src/|include /src/${kb#"$ROOT"/}/usr/src/|" "$headers/Makefile"
    dpkg-deb --fsys-tarfile "$debs/${tree}_"*.deb | tar -xO "./usr/src/$tree.tar.xz" \
        | tar -xJ -C "$src" "$tree/drivers/gpio/gpio-sim.c" "$tree/drivers/gpio/gpiolib.h" "$tree/kernel/irq/irq_sim.c" "$tree/drivers/i2c/i2c-stub.c"
    cp "$src/$tree/drivers/gpio/gpio-sim.c" "$src/$tree/drivers/gpio/gpiolib.h" "$src/$tree/drivers/i2c/i2c-stub.c" "$build/"
    cp "$src/$tree/kernel/irq/irq_sim.c" "$build/irq-sim.c"
    # As for 6.1 (host/kernel.sh): irq_to_desc() is not exported to modules; generic_handle_irq() is.
    sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$build/irq-sim.c"
    grep -q 'generic_handle_irq(irqnum);' "$build/irq-sim.c" || { ksim_fail "irq_sim.c of $KDEBVER no longer matches the patch"; return 1; }
    printf '\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\nMODULE_DESCRIPTION("irq_sim.c built as a module for gpio-sim");\n' >> "$build/irq-sim.c"
    echo 'obj-m := irq-sim.o gpio-sim.o i2c-stub.o' > "$build/Kbuild"
    t1=$(ksim_now)
    # No BTF for these modules: that needs pahole, and nothing here reads it.
    if ! in_root "$AMD64_ROOT" "nice -n 19 make -s -C /src/${headers#"$ROOT"/} M=/src/${build#"$ROOT"/} ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CONFIG_DEBUG_INFO_BTF_MODULES= modules" > "$build/build.log" 2>&1; then
        tail -20 "$build/build.log" >&2
        ksim_fail "module build failed (see $build/build.log)"; return 1
    fi
    cp "$build/irq-sim.ko" "$build/gpio-sim.ko" "$build/i2c-stub.ko" "$KMOD_DIR/"
    rm -rf "$src" "$kb" "$debs"/linux-headers-*.deb "$debs"/linux-kbuild-*.deb "$debs"/linux-source-*.deb
    ksim_info "headers, kbuild and $tree downloaded and 4 files extracted in $(ksim_secs "$t0" "$t1") s; modules cross-built (nice 19) in $(ksim_secs "$t1" "$(ksim_now)") s"
}
