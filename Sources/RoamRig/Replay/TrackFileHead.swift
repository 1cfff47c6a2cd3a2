import RoamCore

/// What a file's first bytes say it is, when it is a ride file `record --replay` reads only from a
/// file (a GPX track, parsed whole) or not at all (a FIT file): one test shared by a file and by
/// standard input, so either is named the same way. nil: neither (a capture, a database, junk).
enum TrackFileHead: Equatable {
    case fit, gpx

    init?(_ head: [UInt8]) {
        // A FIT file's header holds ".FIT" at bytes 8–11, whatever its size byte says.
        if head.count >= 12, Array(head[8..<12]) == Array(".FIT".utf8) {
            self = .fit
            return
        }
        let text = String(decoding: head.prefix(512), as: UTF8.self)
        guard text.containsText("<gpx") || text.hasPrefix("<?xml") else { return nil }
        self = .gpx
    }

    /// The conversion a FIT ride needs before a replay. `garminextensions` keeps the device's
    /// measured air temperature (`atemp`), which the replay carries over; without it GPSBabel's GPX
    /// holds none, and the replay's temperature would be the standard atmosphere's.
    static func fitConversion(_ shownFIT: String, to gpx: String = "ride.gpx") -> String {
        "gpsbabel -i garmin_fit -f \(shownFIT) -o gpx,gpxver=1.1,garminextensions -F \(gpx)"
    }
}
