import RoamCore
import RoamExport
import RoamRecorder
import RoamStore
import RoamSystem

/// `roam-board rides`: one line per ride with its totals, start and dumped-at in the board's zone.
enum RidesCommand {
    /// The words `explored` and `view --explored` give for the same database.
    static func noRidesYet(_ path: String) -> String { "no rides in \(FilePath.shown(path)) yet" }

    static func run(_ p: ParsedArguments) throws {
        let (reader, time) = try BoardLoader.reader(p)
        let units = try BoardLoader.units(p)
        let rides = try reader.rides()
        if p.value(Options.lastID) {
            guard let last = rides.last else { throw CLIError(description: noRidesYet(reader.path) + ": no id to print") }
            print(last.id)
            return
        }
        let running = recorderRunning(database: reader.path)
        let imported = try reader.provenances()
        let newer = try reader.ridesWithNewerEvents()
        let states = rides.map { stateText($0, recorderRunning: running) }
        let stateWidth = max(9, states.map(\.count).max() ?? 0)
        let timeWidth = time.zone == nil ? 24 : 29
        var header = "  id  " + "state".padded(to: stateWidth) + "  " + "start (\(time.label))".padded(to: timeWidth)
        header += "  " + "dumped".padded(to: timeWidth) + "   distance   bridged     moving  ascent   fixes  gaps"
        print(header)
        // A header alone reads as a listing that failed.
        if rides.isEmpty { Console.error(noRidesYet(reader.path) + " (record a ride first, or bring past ones with 'roam-board import')") }
        var marked = false
        var damaged: [String] = []
        for (r, state) in zip(rides, states) {
            let t = r.totals
            let start: String
            do {
                start = try reader.span(r.id).startUTCms.map { time.iso8601(utcMs: $0) } ?? "-"
            } catch {
                // The other rides are still listed; this one is named below as `check` names it.
                guard DamagedRideText.isDamage(error) else { throw error }
                damaged.append(DamagedRideText.sentence(reader, id: r.id, state: r.state))
                start = Self.damagedMark
            }
            let dumped = r.dumpedUTCms.map { time.iso8601(utcMs: $0) } ?? "never"
            var line = String(r.id).leftPadded(4) + "  " + state.padded(to: stateWidth) + "  " + start.padded(to: timeWidth)
            line += "  " + dumped.padded(to: timeWidth)
            line += "  " + units.distance(metres: t.distanceM, digits: 2).leftPadded(9)
            line += "  " + (t.bridgedGaps > 0 ? units.distance(metres: t.bridgedM, digits: 2) : "-").leftPadded(8)
            line += "  " + ClockDuration.text(seconds: t.movingS).leftPadded(8)
            // A climb counted from a track file's elevation is marked: the board's barometer did not measure it (P4).
            let fromTrack = t.ascentM != nil && r.parameters.altitudeSource == .trackElevation
            marked = marked || fromTrack
            line += "  " + (t.ascentM.map { units.length(metres: $0, digits: 0) + (fromTrack ? "*" : "") } ?? "n/a").leftPadded(6)
            line += "  " + String(t.fixCount).leftPadded(6) + "  " + String(t.gapCount).leftPadded(4)
            if let source = imported[r.id] { line += "  " + source.sentence }
            if newer.contains(r.id) { line += "  " + Self.newerMark }
            print(line)
        }
        if !newer.isEmpty { print("\(Self.newerMark): holds what a newer roam-board wrote ('roam-board show --ride ID' names it)") }
        if marked { print("* ascent counted from a track file's elevation, not measured by the board's barometer (see 'roam-board show')") }
        guard damaged.isEmpty else { throw damage(damaged, path: reader.path) }
    }

    /// Shown for a ride whose first or last fix met a damaged page.
    static let damagedMark = "? (damaged page)"

    /// The rides whose reads met a damaged page, and what to do. `rides` reads each ride's row and
    /// its first and last fix, no more (fast on a season): damage elsewhere is for `check` to find.
    static func damage(_ sentences: [String], path: String) -> CLIError {
        CLIError(description: "\(FilePath.shown(path)) is damaged: " + sentences.joined(separator: "; ") + ". " + RideRescue.whatToDo
                 + " (this list reads only each ride's first and last fix; check reads every page)", status: ExitStatus.dataError)
    }

    /// A ride left "recording" with no recorder running stopped by a signal or a power cut: the
    /// next live `record` resumes it (after a restart gap), a replay closes it, unless another release's algorithm derived
    /// it (`RearmPolicy`), or a replay recorded it (`InterruptedReplay`). Decided as `status` decides it: the status file's lock is held exactly
    /// while a recorder runs.
    static func stateText(_ ride: RideRow, recorderRunning: Bool) -> String {
        guard ride.state == .recording, !recorderRunning else { return ride.state.rawValue }
        if InterruptedReplay.left(ride, recorderRunning: recorderRunning) { return InterruptedReplay.state }
        guard RearmPolicy().otherAlgorithm(ride) == nil else {
            return "interrupted (closed on next start: recorded by \(ride.parameters.algorithm))"
        }
        return interrupted
    }

    /// Marks a ride whose events a newer roam-board wrote in (`NewerEvents`): `show` names them.
    static let newerMark = "+newer"

    /// Only a live start goes on with it: a replay started next closes it (`RearmPolicy.replaying`).
    static let interrupted = "interrupted (resumes when the recorder next starts; a replay closes it)"

    static func recorderRunning(database: String) -> Bool {
        let snapshot = try? RecorderStatusFile.read(path: RecorderStatusFile.path(forDatabase: database))  // only marks a ride; no status file: no recorder
        return snapshot?.isRecorderRunning ?? false
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = " ") -> String {
        String(repeating: pad, count: max(0, width - count)) + self
    }
}
