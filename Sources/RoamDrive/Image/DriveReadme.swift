import RoamCore

/// README.txt at the top of the drive: what the files are, whose board it is, how much room is
/// left, which rides are on it and which are not. CRLF line ends, so Windows' Notepad shows lines.
public enum DriveReadme {
    public struct Facts: Sendable {
        public var boardName: String
        public var builtUTCms: Int64
        /// Free on the card once the image is written.
        public var freeBytes: Int64
        /// rides.db's free pages, room for new rides beside `freeBytes` (`StorageEstimate.roomText`).
        public var reusableBytes: UInt64 = 0
        /// The cap on rides handed over already (`DriveImageBuilder.maxImageBytes`).
        public var capBytes: Int64
        /// How the commands it prints are run on the board (`Commands`).
        public var commands: Commands
        public init(boardName: String, builtUTCms: Int64, freeBytes: Int64 = 0, capBytes: Int64 = 0, commands: Commands = .installed) {
            self.boardName = boardName; self.builtUTCms = builtUTCms; self.freeBytes = freeBytes; self.capBytes = capBytes
            self.commands = commands
        }
    }

    /// The line README.txt ends with; the keeper reads it back to know what an image holds.
    static let fingerprintPrefix = "Contents: "
    /// The line before what the ride files on this drive leave out (`DriveContents.Ride.notes`).
    static let notesHeading = "What files on this drive leave out, as 'roam-board dump' says it of the same files:"
    /// The line before the rides left out of a damaged database; read back as the fingerprint is.
    static let damagedHeading = "Not on this drive, because the board's database is damaged where they are stored:"
    /// The line before the rides left off for lack of room; read back as the fingerprint is.
    static let leftOffHeading = "Not on this drive, for lack of room (the newest rides that fit come first):"
    /// The line before the rides handed over already that the cap left off; read back as the fingerprint is.
    static let overCapHeading = "Not on this drive, handed over already and beyond the room the drive gives those:"

    /// `time`: how the times are said, in the zone the file names are in (`DriveRideWriter.shownTime`);
    /// `zone`: that zone's name, nil for UTC; `units`: the distances' (`DriveRideWriter.units`).
    public static func text(_ contents: DriveContents, _ facts: Facts, time: (Int64) -> String = { CivilDate.iso8601(utcMs: $0) },
                            zone: String? = nil, units: UnitFormatter = .metric) -> String {
        // A name from this very drive, so the example is in the zone its names are in.
        let example = contents.rides.lazy.flatMap(\.files).first { $0.hasSuffix(".fit") } ?? "20260614T093000+0200-ride-3.fit"
        // Commands printed with a real ride's id, so each runs as printed (the newest on the drive).
        let c = facts.commands, someRide = contents.rides.first?.id ?? contents.leftOff.first ?? 1
        // In parts: Swift 6.0.3 cannot type-check the whole list as one expression in time.
        let files: [String] = [
            "Roam board \(facts.boardName): rides",
            "",
            "Open index.html in a browser: every ride on this drive, totals per week, month and year,",
            "a calendar of ride days, and links to each ride's page, FIT and GPX. Nothing is fetched from the internet.",
            "",
            "Rides/ holds each ride three times, named by its start in the board's time zone (Z: UTC)",
            "and its id, so the names sort by date (\(example)),",
            "except in the hour the clocks repeat when summer time ends: of two names there, the one",
            "with the larger offset came first. The three files:",
            "  .fit   Garmin FIT activity with one record per second, as Garmin's own devices write:",
            "         upload this one to Strava or Garmin Connect (GoldenCheetah takes it too). It carries",
            "         the ride's totals as the board counted them: distance, climb, and a timer that stops",
            "         for pauses and for gaps the rider did not ride through.",
            "  .gpx   GPX 1.1 track with every fix the board kept, each timed to the millisecond (up to",
            "         10 a second): for map and route programs. A site given the .gpx works out distance",
            "         and climb from its points itself.",
            "  .html  the ride's page: map, profile, splits and totals, opened by any browser.",
            "The .fit and .gpx are the files dump writes into a folder, with the same names: on the board,",
            "'\(c.line("dump", "--all --format fit -o \(Commands.dumpFolder)"))' (and --format gpx).",
        ]
        let leaflet: [String] = !contents.pagesLinkLeaflet ? [] : [
            "Leaflet/ holds the map library the ride pages share (Leaflet, from Debian's libjs-leaflet):",
            "with it a page's map zooms and pans; keep it beside Rides/ when you copy the pages off.",
            "A page's base map loads tiles from the internet only when you click its button.",
            "",
        ]
        let drive: [String] = [
            "This drive is read-only: copy the files off; nothing written here reaches the board.",
            "It changes only while no computer has it: a ride stopped while the board is plugged in",
            "is on the drive once you unplug the board and plug it in again.",
            "Built \(time(facts.builtUTCms)) (board clock).",
        ]
        var lines = files + datesLines(zone)
        lines += [""] + leaflet + drive
        lines += freeRoomLines(facts, ride: someRide, day: day(shown: time(facts.builtUTCms))) + [""]
        if contents.rides.isEmpty {
            lines.append("No stopped ride yet: press the button, ride, press it again, then plug the board in.")
        } else {
            lines.append("On this drive (newest first): \(Plural.count(contents.rides.count, "ride"))")
            for ride in contents.rides {
                let start = ride.startedUTCms.map(time) ?? "start time unknown"
                lines.append("  ride \(ride.id)  \(start)  \(units.distance(metres: ride.distanceM, digits: 3))"
                             + (ride.imported.map { "  " + $0 } ?? ""))
            }
        }
        // What a file holds no record of (a FIT file's fixes whose time went back), in dump's words.
        let notes = contents.rides.flatMap(\.notes)
        if !notes.isEmpty { lines += ["", notesHeading] + notes.map { "  " + $0 } }
        lines += section(leftOffHeading, contents.leftOff, [
            "Take them on the board, one ride at a time: '\(c.dump(ride: contents.leftOff.first ?? someRide))'",
            "(--ride: each id above), or free room there: delete files not needed on its card, or prune rides as above.",
            "The board builds this drive again once there is room for them.",
        ])
        lines += section(overCapHeading, contents.overCap, [
            "Their files were on a drive a computer had connected. Take them again on the board, one ride at a time:",
            "'\(c.dump(ride: contents.overCap.first ?? someRide))' (--ride: each id above).",
            "Rides already handed over may take \(ByteSize.text(facts.capBytes)) of this drive (--max-mib of the drive's",
            "unit, roam-board-drive.service).",
        ])
        lines += section(damagedHeading, contents.damaged, ["'\(c.line("check"))' on the board says what can still be read of them."])
        lines += [
            "",
            "Handed over: a ride counts as handed over once a computer has had this drive connected",
            "while the ride was on it. The board then records the ride's dumped time, as 'dump' does:",
            "'dump --not-dumped' skips it, and 'prune --dumped-before DATE' may delete it: that never deletes",
            "a ride not handed over. 'prune --ride N' deletes the ride named, but refuses one the board",
            "recorded and never handed over unless you add --not-dumped-too (an imported ride needs none:",
            "its file is your own copy).",
            "",
            fingerprintPrefix + contents.fingerprint,
        ]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Which zone the files' dates are in. FAT keeps none: a computer shows a date as its own local
    /// time, so UTC's read hours off (and near midnight a day off) wherever the rider is not in UTC.
    private static func datesLines(_ zone: String?) -> [String] {
        guard let zone else {
            return ["The files' dates are UTC, as the board has no time_zone: a computer shows a file's date as",
                    "its own local time, hours off. To date them in your zone, add a line such as",
                    "'time_zone = Europe/Berlin' to /etc/roam-board/board.conf on the board, then",
                    "'sudo systemctl restart roam-board roam-board-drive': the drive is made again in it."]
        }
        return ["The files' dates are \(zone) time, the board's time_zone, as their names are: a computer",
                "shows a file's date as its own local time (FAT keeps no zone)."]
    }

    /// Rides not on the drive under their heading (read back by it), then what to do; nothing for none.
    private static func section(_ heading: String, _ ids: [Int64], _ notes: [String]) -> [String] {
        ids.isEmpty ? [] : ["", heading, "  " + ids.map { "ride \($0)" }.joined(separator: ", ")] + notes
    }

    /// The fingerprint a README.txt names, or nil.
    static func fingerprint(in text: String) -> String? {
        text.split(whereSeparator: \.isNewline) // "\r\n" is one Character
            .last { $0.hasPrefix(fingerprintPrefix) }
            .map { String($0.dropFirst(fingerprintPrefix.count)) }
    }

    /// The rides a README.txt names as left out of a damaged database ("  ride 1, ride 3").
    static func damaged(in text: String) -> [Int64] { rides(after: damagedHeading, in: text) }

    /// The rides a README.txt names as left off for lack of room.
    static func leftOff(in text: String) -> [Int64] { rides(after: leftOffHeading, in: text) }

    /// The rides a README.txt names as handed over already and left off by the cap.
    static func overCap(in text: String) -> [Int64] { rides(after: overCapHeading, in: text) }

    private static func rides(after heading: String, in text: String) -> [Int64] {
        let lines = text.split(whereSeparator: \.isNewline)
        guard let at = lines.firstIndex(where: { $0 == heading }), at + 1 < lines.count else { return [] }
        return lines[at + 1].split(separator: ",").compactMap { Int64(String($0).trimmedOfWhitespace.dropFirst("ride ".count)) }
    }
}
