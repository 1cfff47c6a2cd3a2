import Glibc

/// The bauds a UART is set to, and the termios speed code (B115200 …) for each: which rates the
/// board uses is decided here, not in the shims, which pass a code to cfsetispeed/cfsetospeed as it is.
enum TerminalSpeed {
    /// From 4800 (an old receiver's default) to 921600, every rate a GNSS module is told to switch to.
    static let rates: [(baud: Int, code: speed_t)] = [
        (4800, speed_t(B4800)), (9600, speed_t(B9600)), (19200, speed_t(B19200)), (38400, speed_t(B38400)),
        (57600, speed_t(B57600)), (115200, speed_t(B115200)), (230400, speed_t(B230400)),
        (460800, speed_t(B460800)), (921600, speed_t(B921600)),
    ]

    /// The speed code for `baud`; nil for a rate the board does not use.
    static func code(baud: Int) -> speed_t? { rates.first { $0.baud == baud }?.code }

    /// The baud for a speed code the tty reports; nil for a code outside `rates`.
    static func baud(code: speed_t) -> Int? { rates.first { $0.code == code }?.baud }
}
