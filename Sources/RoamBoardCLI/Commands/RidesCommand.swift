import RoamCore
import RoamExport
import RoamStore

/// `roam-board rides`: one line per ride with its totals.
enum RidesCommand {
    static func run(_ p: ParsedArguments) throws {
        let reader = try RideReader(path: try BoardLoader.databasePath(p))
        let rides = try reader.rides()
        if p.has("--last-id") {
            guard let last = rides.last else { throw CLIError(description: "\(reader.path) holds no ride yet") }
            print(last.id)
            return
        }
        print("  id  state      start (UTC)               distance   bridged     moving  ascent   fixes  gaps")
        for r in rides {
            let t = r.totals
            let start = r.startedUTCms.map { CivilDate.iso8601(utcMs: $0) } ?? "-"
            print(String(r.id).leftPadded(4) + "  " + r.state.rawValue.padded(to: 9) + "  " + start.padded(to: 24)
                  + "  " + (FixedPoint.format(t.distanceM / 1000, digits: 2) + " km").leftPadded(9)
                  + "  " + (t.bridgedGaps > 0 ? FixedPoint.format(t.bridgedM / 1000, digits: 2) + " km" : "-").leftPadded(8)
                  + "  " + Duration.text(seconds: t.movingS).leftPadded(8)
                  + "  " + (t.ascentM.map { FixedPoint.format($0, digits: 0) + " m" } ?? "n/a").leftPadded(6)
                  + "  " + String(t.fixCount).leftPadded(6) + "  " + String(t.gapCount).leftPadded(4))
        }
    }
}

enum Duration {
    static func text(seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return "\(s / 3600):" + String(s / 60 % 60).leftPadded(2, with: "0") + ":" + String(s % 60).leftPadded(2, with: "0")
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = " ") -> String {
        String(repeating: pad, count: max(0, width - count)) + self
    }
}
