import RoamCore

/// The few text forms NMEA 0183 uses, built without Foundation and without locale surprises.
enum NMEAText {
    /// `$body*HH\r\n`: HH is the XOR of every byte between `$` and `*`, in upper-case hex.
    static func sentence(_ fields: [String]) -> String {
        let body = fields.joined(separator: ",")
        let sum = body.utf8.reduce(UInt8(0), ^)
        return "$\(body)*\(hex(sum))\r\n"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// Fixed-point decimal, rounded half away from zero: fixed(3.14159, 2) == "3.14".
    static func fixed(_ x: Double, _ decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let n = Int64((abs(x) * Double(scale)).rounded())
        let sign = x < 0 && n != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(n) }
        return sign + String(n / scale) + "." + padded(n % scale, decimals)
    }

    static func padded(_ n: Int64, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// `ddmm.mmmmm` (latitude) or `dddmm.mmmmm` (longitude) and its hemisphere letter.
    /// Five decimals of minutes resolve about 2 cm, finer than any receiver's noise. Rounding is
    /// done on whole units first, so 59.999999′ carries into the degrees instead of printing "60".
    static func angle(_ deg: Double, degreeDigits: Int, positive: String, negative: String) -> (String, String) {
        let units = Int64((abs(deg) * 60 * 100_000).rounded())
        let degrees = units / 6_000_000, minuteUnits = units % 6_000_000
        let text = padded(degrees, degreeDigits) + padded(minuteUnits / 100_000, 2) + "." + padded(minuteUnits % 100_000, 5)
        return (text, deg < 0 ? negative : positive)
    }

    /// `hhmmss.ss` of a UTC instant.
    static func time(utcMs: Int64) -> String {
        let ms = ((utcMs % 86_400_000) + 86_400_000) % 86_400_000
        return padded(ms / 3_600_000, 2) + padded(ms / 60_000 % 60, 2) + padded(ms / 1000 % 60, 2) + "." + padded(ms % 1000 / 10, 2)
    }

    /// `ddmmyy` of a UTC instant, as RMC carries it.
    static func date(utcMs: Int64) -> String {
        let days = utcMs >= 0 ? utcMs / 86_400_000 : (utcMs - 86_399_999) / 86_400_000
        let d = CivilDate.civilFromDays(days)
        return padded(Int64(d.day), 2) + padded(Int64(d.month), 2) + padded(Int64(d.year % 100), 2)
    }
}
