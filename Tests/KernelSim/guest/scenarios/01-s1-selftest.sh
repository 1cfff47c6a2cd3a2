# s1-selftest: `roam-board selftest` finds every device of the board OK; without the barometer it
# names it and what to check. Two ways to lose it: i2c-stub unloaded (no /dev/i2c-N at all), and
# i2c-stub answering at 0x77 only (the bus is there, nothing at 0x76).
S=s1-selftest

# selftest_run NAME [BOARD]: runs selftest (on this board unless told), keeps its words in
# /tmp/selftest-NAME.txt, sets ST_RC.
selftest_run() {
    ST_OUT=/tmp/selftest-$1.txt
    ST_RC=0
    timeout 60 roam-board selftest --board ${2:-$BOARD} > $ST_OUT 2>&1 || ST_RC=$?
    sed "s/^/INFO $S: [$1] /" $ST_OUT | head -12
}

# Names the barometer and where to look: its name, and its bus or address.
names_barometer() { grep -qiE 'bmp280|barometer' "$1" && grep -qE "$I2C_DEV|0x76" "$1"; }

# The receiver is powered: selftest listens for its bytes.
feed ON
selftest_run all
# The data directory is on the guest's tmpfs /var (init): in RAM, so its line, and only it, fails (P1).
if [ $ST_RC != 0 ] && grep -q "$UART" $ST_OUT && grep -q $I2C_DEV $ST_OUT && grep -q $GPIO_CHIP $ST_OUT \
    && [ "$(grep -c '^FAIL' $ST_OUT)" = 1 ] && grep -q '^FAIL data /var/lib/roam-board: writable, but on tmpfs, in RAM' $ST_OUT; then
    pass $S "every device OK, the data directory on tmpfs FAIL (exit $ST_RC, names $UART, $I2C_DEV and $GPIO_CHIP)"
else
    fail $S "with every device present: exit $ST_RC, a device unnamed (want $UART, $I2C_DEV, $GPIO_CHIP), or a FAIL other than the data directory's on tmpfs"
fi

rmmod i2c_stub
selftest_run no-stub
if [ $ST_RC != 0 ] && names_barometer $ST_OUT; then
    pass $S "i2c-stub unloaded: exit $ST_RC, names the barometer and its bus"
else
    fail $S "i2c-stub unloaded: exit $ST_RC, barometer or $I2C_DEV not named"
fi

insmod /lib/modules/kernel-sim/i2c-stub.ko chip_addr=0x77
selftest_run empty-0x76
if [ $ST_RC != 0 ] && names_barometer $ST_OUT; then
    pass $S "nothing at 0x76 (i2c-stub at 0x77): exit $ST_RC, names the barometer and its address"
else
    fail $S "nothing at 0x76 (i2c-stub at 0x77): exit $ST_RC, barometer or 0x76 not named"
fi
rmmod i2c_stub

feed OFF
# Whatever happened above, the next scenarios get the BMP280 back on bus 0.
lsmod | grep -q '^i2c_stub' && rmmod i2c_stub
if insmod /lib/modules/kernel-sim/i2c-stub.ko chip_addr=$BMP280_ADDR && grep -q 'SMBus stub' /sys/bus/i2c/devices/i2c-$I2C_BUS/name && bmp280_load; then
    info $S "i2c-stub reloaded at $BMP280_ADDR on bus $I2C_BUS"
else
    fail $S "could not reload i2c-stub at $BMP280_ADDR on bus $I2C_BUS"
fi

# The Pi boards' udev rule finds the header's GPIO chip by its label, whatever its number (a Pi 5's
# RP1 chip was gpiochip4 before kernel 6.6.45 and is gpiochip0 since; its SoC banks gpiochip10 and up). Banks
# labelled like a Pi 5's RP1 chip, a Pi 4's and an old Pi 5 SoC bank go live after the board's own
# chip, so at other numbers. This guest has no udev: each rule's own PROGRAM runs on every chip as
# udev runs it, and exactly the chip gpiodetect shows with the rule's RESULT must match.
L=/sys/kernel/config/gpio-sim/labels
mkdir $L
for b in 0:gpio-brcmstb@107d508500 1:pinctrl-rp1 2:pinctrl-bcm2711; do
    mkdir $L/bank${b%%:*} && echo 54 > $L/bank${b%%:*}/num_lines && echo ${b#*:} > $L/bank${b%%:*}/label
done
echo 1 > $L/live
info $S "gpiodetect: $(gpiodetect | tr '\n' ';')"
# rule_value RULE KEY: the value of KEY=="v" or KEY="v" in the rule line.
rule_value() { echo "$1" | sed -n "s/.*[ ,]$2==*\"\([^\"]*\)\".*/\1/p"; }
for b in rpi-5 rpi-4 rpi-zero-2w; do
    rule=$(grep '^SUBSYSTEM=="gpio"' /roam/Boards/$b/99-roam-board.rules)
    want=$(rule_value "$rule" RESULT)
    program=$(rule_value "$rule" PROGRAM)
    expected=$(gpiodetect | awk -v l="[$want]" '$2 == l { print $1 }')
    matched=
    for dev in /dev/gpiochip*; do
        # What udev does: $devnode is the node, the command's first line is RESULT's subject.
        out=$(${program%%\$devnode*}$dev 2>/dev/null | head -1)
        [ "$out" = "$want" ] && matched="$matched${matched:+ }${dev#/dev/}"
    done
    if [ -n "$want" ] && [ -n "$expected" ] && [ "$matched" = "$expected" ]; then
        pass $S "$b's udev rule links $expected, the one chip labelled $want (of $(ls /dev/gpiochip* | wc -l))"
    else
        fail $S "$b's udev rule matched '$matched', want '$expected' (label '$want', program '$program')"
    fi
done

# The recorder's side of it: a board whose gpio_chip is the link, as udev makes it (relative), to
# the RP1-labelled bank: selftest opens the chip and both lines through the link and names the chip.
RP1=$(gpiodetect | awk '$2 == "[pinctrl-rp1]" { print $1 }')
ln -sf "$RP1" /dev/roam-gpiochip
mkdir -p /tmp/board-link
sed 's|^gpio_chip = .*|gpio_chip = /dev/roam-gpiochip|' $BOARD/board.conf > /tmp/board-link/board.conf
selftest_run link /tmp/board-link
if grep -q "^OK   gpio /dev/roam-gpiochip: pinctrl-rp1, 54 lines (/dev/$RP1)" $ST_OUT \
    && grep -q "^OK   gpio /dev/roam-gpiochip line $BUTTON_LINE button" $ST_OUT \
    && grep -q "^OK   gpio /dev/roam-gpiochip line $LED_LINE led" $ST_OUT; then
    pass $S "gpio_chip = /dev/roam-gpiochip (-> $RP1): the chip, the button and the LED OK through the link"
else
    fail $S "gpio_chip = /dev/roam-gpiochip (-> $RP1): the chip, button or LED not OK through the link"
fi
rm -f /dev/roam-gpiochip
rm -rf /tmp/board-link
echo 0 > $L/live
for b in 0 1 2; do rmdir $L/bank$b; done
rmdir $L
