import RoamCore
import RoamSystem

/// What `roam-board check` found: SQLite's integrity check, then each ride's stored totals, pipeline
/// state and every derived column of its fixes against what its raw columns imply (P2).
public struct ConsistencyReport: Sendable, Equatable {
    public struct Ride: Sendable, Equatable {
        public var id: Int64
        public var state: RideRow.State
        public var fixCount: Int
        public var gapMarkers: Int
        /// The ride's gaps as every command counts them (`RideTotals.gapCount`: recorder and pipeline gaps).
        public var gaps: Int = 0
        /// Empty when the ride row equals what its fixes imply.
        public var problems: [String]
        /// Why the ride was not compared (what a newer roam-board wrote into it); nil when it was.
        public var notJudged: String? = nil
    }

    public var path: String
    /// "ok", or SQLite's list of what is wrong.
    public var integrity: [String]
    public var rides: [Ride]
    /// On a damaged file: which rides can still be read completely, or why not even their list can.
    public var rescue: RideRescue.Survey? = nil

    public var isIntegrityOK: Bool { integrity == ["ok"] }
    public var isConsistent: Bool { isIntegrityOK && rides.allSatisfy { $0.problems.isEmpty } }
    /// Rides left unjudged: not counted as consistent or as inconsistent.
    public var notJudgedCount: Int { rides.filter { $0.notJudged != nil }.count }

    /// A readable report, one line per ride, problems indented below it.
    public var text: String {
        var lines = ["database  \(FilePath.shown(path))",
                     "integrity " + (isIntegrityOK ? "ok" : "FAILED")]
        if !isIntegrityOK {
            // SQLite's own lines name pages and b-trees: a rider needs to know only that it is damaged.
            lines.append("  the file is damaged (SQLite's integrity check: \(Plural.count(integrity.count, "problem")))")
            lines += rescueLines
        }
        for ride in rides {
            let verdict = ride.notJudged != nil ? "not judged" : ride.problems.isEmpty ? "consistent" : "INCONSISTENT"
            lines.append("ride \(ride.id) (\(ride.state.rawValue)): \(Plural.count(ride.fixCount, "fix", "fixes")), \(Plural.count(ride.gaps, "gap")): \(verdict)")
            lines += ride.notJudged.map { ["  " + $0] } ?? []
            lines += ride.problems.map { "  " + $0 }
        }
        if rides.isEmpty && isIntegrityOK { lines.append("no rides") }
        let unjudged = notJudgedCount == 0 ? "" : ", but \(Plural.count(notJudgedCount, "ride")) not judged (see above)"
        lines.append(isConsistent ? "consistent" + unjudged : "NOT consistent")
        return lines.joined(separator: "\n")
    }

    /// What a damaged file still holds, in words, and how to save it.
    private var rescueLines: [String] {
        let rescue: [RideRescue.Ride]
        var lines: [String] = []
        switch self.rescue {
        case .rides(let rides)?: rescue = rides
        case .foundFromFixes(let why, let rides, let complete)?:
            rescue = rides
            // The list's loss is not the rides': said so, with what a ride saved without its row lacks.
            let lost = rides.filter(\.rowLost).map { String($0.id) }
            lines.append("the list of rides cannot be read (\(why)); \(Plural.count(rides.count, "ride")) found from their fixes and events instead"
                         + (lost.isEmpty ? "" : ". Lost with the list, for \(lost.count == 1 ? "ride" : "each of rides") \(lost.joined(separator: ", ")): "
                                                + RideRescue.lostWithTheList))
            if !complete {
                lines.append("a damaged page among the fixes hides where the rides after ride \(rides.last.map { String($0.id) } ?? "0") begin: "
                             + "more rides may be on the card than are listed here")
            }
        case .noList(let why)?: return ["the list of rides cannot be read (\(why)), nor any ride from its fixes: no ride can be saved from this file"]
        case nil: return ["the list of rides cannot be read: no ride can be saved from this file"]
        }
        lines += rescue.map { "ride \($0.id) (\($0.state?.rawValue ?? "state not known")): \($0.readability)" }
        let readable = rescue.filter(\.isReadable).count
        // Said only when there are others: with every ride readable, none is left out.
        lines.append("\(readable) of \(rescue.count) rides can still be read in full; save them before anything else: "
                     + RideRescue.dumpAll + (readable < rescue.count ? " (the others are named and left out)" : ""))
        return lines
    }
}

extension ConsistencyReport.Ride {
    /// A ride this roam-board cannot replay faithfully: `sentence` says what a newer one wrote into it.
    init(notJudged row: RideRow, because sentence: String) {
        self.init(id: row.id, state: row.state, fixCount: row.totals.fixCount, gapMarkers: 0, gaps: row.totals.gapCount,
                  problems: [], notJudged: "this ride \(sentence): this roam-board cannot judge it; check it with a newer roam-board")
    }
}
