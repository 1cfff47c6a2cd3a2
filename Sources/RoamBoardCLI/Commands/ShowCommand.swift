import RoamCore
import RoamExport
import RoamStore

/// `roam-board show --ride N`: totals, segments with their gap causes, fixes by flag.
enum ShowCommand {
    static func run(_ p: ParsedArguments) throws {
        let reader = try RideReader(path: try BoardLoader.databasePath(p))
        let id = Int64(try p.integer("--ride")!)
        guard let ride = try reader.ride(id: id) else {
            throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
        }
        let t = ride.totals
        print("Ride \(ride.id) (\(ride.state.rawValue))")
        if let s = ride.startedUTCms { print("  start     \(CivilDate.iso8601(utcMs: s))") }
        if let e = ride.endedUTCms { print("  end       \(CivilDate.iso8601(utcMs: e))") }
        print("  distance  \(FixedPoint.format(t.distanceM / 1000, digits: 3)) km")
        print("  moving    \(Duration.text(seconds: t.movingS))   elapsed \(Duration.text(seconds: t.elapsedS))")
        print("  climb     " + (t.ascentM.map { "+\(FixedPoint.format($0, digits: 1)) m" } ?? "unavailable (no barometer)")
              + (t.descentM.map { " / -\(FixedPoint.format($0, digits: 1)) m" } ?? ""))
        print("  max speed \(FixedPoint.format(t.maxSpeedMps * 3.6, digits: 1)) km/h")
        print("  fixes     \(t.fixCount) (accepted \(t.acceptedCount), flagged \(t.flaggedCount)); gaps \(t.gapCount); lost \(ride.lostCount)")

        var segments: [Int: (first: Int64, last: Int64, count: Int)] = [:]
        var byFlag: [String: Int] = [:]
        try reader.forEachFix(ride: id) { fix in
            for name in fix.flags.names { byFlag[name, default: 0] += 1 }
            guard fix.flags.isAccepted, fix.epoch.hasPosition else { return }
            let s = segments[fix.segment]
            segments[fix.segment] = (s?.first ?? fix.seq, fix.seq, (s?.count ?? 0) + 1)
        }
        print("  segments  \(segments.count)")
        for key in segments.keys.sorted() {
            let s = segments[key]!
            print("    #\(key): fixes \(s.first)...\(s.last), \(s.count) accepted")
        }
        let gaps = try reader.events(ride: id).filter { $0.kind == .gap }
        for g in gaps { print("    gap: \(g.detail)" + (g.utcMs.map { " at \(CivilDate.iso8601(utcMs: $0))" } ?? "")) }
        print("  flags")
        for (_, name) in FixFlags.names where byFlag[name] != nil { print("    \(name.padded(to: 22)) \(byFlag[name]!)") }
    }
}
