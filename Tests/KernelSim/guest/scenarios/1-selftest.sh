# s1-selftest: `roam-board selftest` finds every device of the board OK; without the barometer it
# names it and what to check. Two ways to lose it: i2c-stub unloaded (no /dev/i2c-N at all), and
# i2c-stub answering at 0x77 only (the bus is there, nothing at 0x76).
S=s1-selftest

# selftest_run NAME: runs selftest, keeps its words in /tmp/selftest-NAME.txt, sets ST_RC.
selftest_run() {
    ST_OUT=/tmp/selftest-$1.txt
    ST_RC=0
    timeout 60 roam-board selftest --board $BOARD > $ST_OUT 2>&1 || ST_RC=$?
    sed "s/^/INFO $S: [$1] /" $ST_OUT | head -12
}

# Names the barometer and where to look: its name, and its bus or address.
names_barometer() { grep -qiE 'bmp280|barometer' "$1" && grep -qE "$I2C_DEV|0x76" "$1"; }

# The receiver is powered: selftest listens for its bytes.
feed ON
selftest_run all
if [ $ST_RC = 0 ] && grep -q "$UART" $ST_OUT && grep -q $I2C_DEV $ST_OUT && grep -q $GPIO_CHIP $ST_OUT; then
    pass $S "every device OK (exit 0, names $UART, $I2C_DEV and $GPIO_CHIP)"
else
    fail $S "with every device present: exit $ST_RC, or a device unnamed (want $UART, $I2C_DEV, $GPIO_CHIP)"
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
