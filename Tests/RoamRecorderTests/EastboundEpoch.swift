import RoamCore

/// One epoch of a bench ride along 47°57.840'N heading east from 7°57.000'E, 0.006' (7.4 m) a
/// step, as a receiver sends it: RMC and GGA at `time` (`hhmmss.ss`) on `date` (`ddmmyy`), with GGA
/// `quality` and RMC mode `letter`: 1/A measured, 6/E dead reckoning, 8/S the receiver's simulator.
enum EastboundEpoch {
    static func nmea(step k: Int, time: String, date: String = "140626", quality: Int = 1, letter: String = "A") -> [UInt8] {
        let thousandths = 57_000 + k * 6
        let lon = "007\(thousandths / 1000).\(String(thousandths % 1000 + 1000).dropFirst()),E"
        return Array([
            "$GPRMC,\(time),A,4757.840,N,\(lon),15.6,90.0,\(date),,,\(letter)",
            "$GPGGA,\(time),4757.840,N,\(lon),\(quality),09,0.9,400.0,M,48.0,M,,",
        ].map { NMEAChecksum.seal($0) + "\r\n" }.joined().utf8)
    }

    /// `hhmmss.00` for seconds `s` (under an hour) past `hour`:00.
    static func time(hour: Int, second s: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(hour))\(two(s / 60))\(two(s % 60)).00"
    }
}
