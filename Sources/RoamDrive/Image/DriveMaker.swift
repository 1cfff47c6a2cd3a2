import RoamCore
import RoamSystem

/// Which build of roam-board makes the drive's files. A ride's FIT, GPX and page, README.txt and
/// index.html are what the program writes, and an upgrade may write them otherwise (pages where
/// there were none, a FIT fixed): the files an earlier build left on the image are made again by
/// this one, not kept while the rides are unchanged. The running executable's size and time tell
/// builds apart without reading it: dpkg gives the binary of each package the time it was built
/// (clamped to the source's time), and a build makes a new file.
public enum DriveMaker {
    public static let current = "roam-board " + (FileSystem.sizeAndTime("/proc/self/exe") ?? "(its file unknown)")
}

extension DriveMaker {
    /// The maker of files named, dated and said in `zone` ("Europe/Berlin", "UTC") and in `units`:
    /// a new time_zone or units in board.conf makes every file on the drive again, once, as an
    /// upgrade does (else the drive kept the old zone's names, or the old units, until a ride
    /// changed, and then mixed them).
    public static func current(zone: String, units: UnitSystem) -> String {
        current + ", times in " + zone + ", units " + units.rawValue
    }
}
