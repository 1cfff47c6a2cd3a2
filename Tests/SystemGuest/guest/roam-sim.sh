#!/bin/sh
# The system guest's simulated board (run once per boot by roam-sim.service, before the product's
# units): gpio-sim as the Pi's pin controller, i2c-stub as the BMP280 at 0x76, dummy_hcd as the USB
# device controller. The GNSS needs nothing here: virt's PL011 is ttyAMA0 and the host feeds it.
# Kernel command line "roam.missing" leaves every device out (scenario g8: devices that never appear).
set -u
STATE=/run/roam-sim
mkdir -p $STATE
say() { echo "roam-sim: $*"; echo "$*" >> $STATE/log; }
# Whether the package's own boot configuration loaded i2c-dev (systemd-modules-load ran before us).
if [ -d /sys/module/i2c_dev ]; then echo yes > $STATE/i2c-dev-at-boot; else echo no > $STATE/i2c-dev-at-boot; fi
if grep -qw roam.missing /proc/cmdline; then
    say "roam.missing on the kernel command line: no gpio-sim chip, no i2c-stub, no dummy_hcd"
    echo missing > $STATE/ready
    exit 0
fi

# gpio-sim as the Pi Zero 2 W's pinctrl-bcm2835: 54 lines named as Raspberry Pi OS names them.
# virt's own PL061 is gpiochip0, so this chip is gpiochip1: only its label says it is the header.
mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
modprobe gpio-sim || { say "modprobe gpio-sim failed"; exit 1; }
C=/sys/kernel/config/gpio-sim/pi
mkdir -p $C/bank0
echo 54 > $C/bank0/num_lines
echo pinctrl-bcm2835 > $C/bank0/label
i=0
while [ $i -le 27 ]; do mkdir -p $C/bank0/line$i && echo GPIO$i > $C/bank0/line$i/name; i=$((i + 1)); done
# The button's pull-up is the board's (a resistor to 3.3 V on the Pi's header): idle high.
echo 1 > $C/live
CHIP=$(cat $C/bank0/chip_name)
echo "/sys/devices/platform/$(cat $C/dev_name)/$CHIP" > $STATE/gpio-sim
echo "$CHIP" > $STATE/gpio-chip
say "gpio-sim $CHIP [pinctrl-bcm2835] (54 lines)"

# i2c-stub as the BMP280 (SDO to GND: 0x76), with the datasheet's calibration (BST-BMP280-DS001
# §3.12, as Tests/KernelSim/guest/lib.sh loads it). i2c-dev is loaded for i2cset if nobody did.
modprobe i2c-stub chip_addr=0x76 || { say "modprobe i2c-stub failed"; exit 1; }
modprobe i2c-dev
BUS=$(for d in /sys/bus/i2c/devices/i2c-*; do grep -q 'SMBus stub' $d/name && echo ${d##*/i2c-}; done | head -1)
echo "$BUS" > $STATE/i2c-bus
udevadm settle -t 30
B=0x76
i2cset -y $BUS $B 0xD0 0x58 && i2cset -y $BUS $B 0xF3 0x00 || { say "i2cset on i2c-$BUS failed"; exit 1; }
bytes=""
for w in 27504 26435 -1000 36477 -10685 3024 2855 140 -7 15500 -14600 6000; do bytes="$bytes $((w & 255)) $((w >> 8 & 255))"; done
i2cset -y $BUS $B 0x88 $bytes i
P=415148 T=519888
i2cset -y $BUS $B 0xF7 $((P >> 12 & 255)) $((P >> 4 & 255)) $((P << 4 & 240)) $((T >> 12 & 255)) $((T >> 4 & 255)) $((T << 4 & 240)) i
say "i2c-stub BMP280 at 0x76 on i2c-$BUS (chip id $(i2cget -y $BUS $B 0xD0 b))"

# dummy_hcd: a device controller (dummy_udc.0) and the host that sees it, in one kernel.
if modprobe dummy_hcd; then say "dummy_hcd: UDC $(ls /sys/class/udc | xargs)"; else say "no dummy_hcd module: no UDC"; fi
echo ok > $STATE/ready
