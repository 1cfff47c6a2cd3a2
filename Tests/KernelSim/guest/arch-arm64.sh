# The arm64 guest (qemu-system-aarch64 -M virt), sourced by lib.sh as /kernel-sim/arch.sh.
BOARD=/roam/Boards/kernel-sim-arm64
# The GNSS UART is virt's PL011 at 0x09000000, the Pi's UART block; the console is hvc0.
uart_kind() { grep '^0:' /proc/tty/driver/ttyAMA | cut -d' ' -f2-4; }
uart_expected() { grep -q '^0: uart:PL011' /proc/tty/driver/ttyAMA; }
UART_WANT="a PL011"
# virt has its own GPIO controller, a PL061 (8 lines), probed first: gpiochip0. gpio-sim comes
# after it, which is why the board file says gpiochip1. The PL061 must stay untouched.
arch_checks() {
    check "gpiochip0 is the virt machine's PL061: $(gpiodetect | grep '^gpiochip0 ')" sh -c "gpiodetect | grep -q '^gpiochip0 \[.*pl061\] (8 lines)'"
}
other_chips_untouched() { ! chip_info gpiochip0 | grep -q 'roam-board"'; }
# (virt's 64-bit PCI window, which no device here uses.)
KERNEL_NOISE='hrtimer: interrupt took|clocksource: Long readout|Memory resource size exceeds max for 32 bits'
# QEMU's PL011 passes no divisor to the host: the feeder takes the guest to listen at its own baud.
UART_SPEED_MODELLED=0
