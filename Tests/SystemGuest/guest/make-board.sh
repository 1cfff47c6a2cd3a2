#!/bin/sh
# Makes the test board "system-guest" from the installed rpi-zero-2w folder, changing only device
# names that differ in this VM, and the drop-in that adds --acks to the recorder's ExecStart.
#   i2c bus:  virt has no I2C controller, so i2c-stub is bus 0 (the Pi's header bus is i2c-1)
#   gpiochip: only where a board names the chip by number: virt's PL061 is gpiochip0, gpio-sim comes
#             second (gpiochip1). The Pi boards find it by label (/dev/roam-gpiochip): no change
#   name:     system-guest
set -eu
SRC=/usr/share/roam-board/boards/rpi-zero-2w
DST=/usr/share/roam-board/boards/system-guest
BUS=$(cat /run/roam-sim/i2c-bus 2>/dev/null || echo 0)
CHIP=$(cat /run/roam-sim/gpio-chip 2>/dev/null || echo gpiochip1)
rm -rf $DST && cp -a $SRC $DST
for f in $DST/*; do
    sed -i -e "s|i2c-1\b|i2c-$BUS|g; s|i2c\\\\x2d1\b|i2c\\\\x2d$BUS|g" \
        -e "s|gpiochip0\b|$CHIP|g" $f
done
sed -i 's/^name = .*/name = system-guest/' $DST/board.conf
mkdir -p /etc/systemd/system/roam-board.service.d
exec_start=$(sed -n 's/^ExecStart=//p' $DST/roam-board.service | tail -1)
printf '# Test only: the ack lines go to the journal (roam-acks.service passes them to the host).\n[Service]\nExecStart=\nExecStart=%s --acks\n' \
    "$exec_start" > /etc/systemd/system/roam-board.service.d/system-guest-acks.conf
for f in board.conf 99-roam-board.rules roam-board.service roam-board-drive.service; do
    [ -f $SRC/$f ] && diff $SRC/$f $DST/$f | grep -E "^[<>] [^#]" | sed "s/^/$f: /"
done
true
