import RoamCore
import RoamExport
import RoamStore

/// The history page use case: the rides' stored totals (never recomputed) on one timeline in the
/// rider's zone, each linking to its page by the name `link` gives it, and an imported ride saying
/// where it came from. `view --history` and the drive's index.html both build here.
public enum HistoryPageBuild {
    /// `link(ride, span)`: the ride page's name relative to the history page, or nil for no link;
    /// `files`: the ride's other files to link beside it (the drive's FIT and GPX); `units`: what the page opens in.
    public static func html(_ rides: [RideRow], reader: RideReader, zone: RidePageBuild.Zone, source: String,
                            units: UnitFormatter = .metric, files: (RideRow) -> [String] = { _ in [] },
                            link: (RideRow, RideSpan) -> String?) throws -> String {
        var entries: [RideHistory.Entry] = []
        var links: [Int64: String] = [:]
        var others: [Int64: [String]] = [:]
        for ride in rides {
            let span = try reader.span(ride.id)
            entries.append(.init(rideID: ride.id, startUTCms: span.startUTCms, offsetS: span.startUTCms.map(zone.offsetS) ?? 0,
                                 totals: ride.totals,
                                 startIsRepeated: span.startUTCms.map { RepeatedClock.isRepeated(utcMs: $0, offsetS: zone.offsetS) } ?? false))
            links[ride.id] = link(ride, span)
            others[ride.id] = files(ride)
        }
        let imported = try reader.importSentences()
        let facts = HistoryPage.Facts(source: source, zoneLabel: zone.name ?? "UTC")
        return HistoryPage(history: RideHistory(entries), links: links, files: others, imported: imported,
                           facts: facts, units: units).render()
    }
}
