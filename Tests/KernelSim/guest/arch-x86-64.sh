# The x86-64 guest (QEMU's pc machine), sourced by lib.sh as /kernel-sim/arch.sh.
BOARD=/roam/Boards/kernel-sim
# The GNSS UART is the pc machine's second 16550 (ttyS1); ttyS0 is the console.
uart_kind() { grep '^1:' /proc/tty/driver/serial | cut -d' ' -f2-4; }
uart_expected() { grep -q '^1: uart:16550A' /proc/tty/driver/serial; }
UART_WANT="a 16550A"
# Nothing else claims GPIO or I2C on a pc machine.
arch_checks() { :; }
other_chips_untouched() { :; }
# What QEMU's emulated pc and TCG's pace make the kernel say.
KERNEL_NOISE='tsc: Unable to calibrate|MMCONFIG|clocksource: Long readout|APIC calibration|hpet: Lost|hrtimer: interrupt took'
# QEMU hands the 16550's divisor to the host tty the feeder holds: a wrong baud reads as junk.
UART_SPEED_MODELLED=1
