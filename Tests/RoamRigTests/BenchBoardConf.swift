import RoamCore

/// The bench board's board.conf for the rig's tests: its receiver family and rate, its data in `dataDir`.
enum BenchBoardConf {
    static func profile(dataDir: String, rateHz: Int = 1, receiver: String = "ublox") throws -> BoardProfile {
        try BoardProfile.parse("""
            name = bench
            uart = bench
            baud = 115200
            receiver = \(receiver)
            rate_hz = \(rateHz)
            i2c_bus = bench
            bmp280_address = 0x76
            gpio_chip = bench
            button_line = 17
            button_active = low
            button_bias = pull-up
            led_line = 27
            data_dir = \(dataDir)
            """, file: "board.conf")
    }
}
