import RoamCore
import RoamExport
import RoamStore

/// The ride page use case: a stored ride read once, fix by fix, into its map, replay, splits and
/// totals, rendered as one self-contained page (`HTMLView`). `view --ride N` and the drive's ride
/// pages both build here, so a ride's page is the same whichever way it leaves the board.
public enum RidePageBuild {
    /// The rider's zone: its name (nil for UTC) and its offset at an instant, summer time included.
    public struct Zone {
        public var name: String?
        public var offsetS: (Int64) -> Int

        public init(name: String?, offsetS: @escaping (Int64) -> Int) { self.name = name; self.offsetS = offsetS }
    }

    /// The page's HTML and the ride's span (its first and last dated fix, which name the file);
    /// `units`: what the page opens in (its switch and a stored choice change them).
    public static func html(_ ride: RideRow, reader: RideReader, bands: SpeedBands, zone: Zone,
                            mapLibrary: MapLibrary?, units: UnitFormatter = .metric) throws -> (html: String, span: RideSpan) {
        var track = ViewTrack(expectedAccepted: ride.totals.acceptedCount, parameters: ride.parameters)
        var pauses = PlaybackPauses()
        var splits = RideSplits()
        var barometer = BarometerStretches(altitudeSource: ride.parameters.altitudeSource)
        var lastFixSeq: Int64?
        var unmeasured = UnmeasuredFigures(ride.parameters)
        try reader.forEachExportedFix(ride: ride.id, withNMEA: false) { fix in
            lastFixSeq = fix.seq
            unmeasured.add(fix)
            barometer.add(seq: fix.seq, utcMs: fix.utcMs, flags: fix.flags)
            track.add(fix)
            pauses.add(fix)
            splits.add(fix)
        }
        track.finish()
        pauses.finish()
        splits.finish()
        let (events, newer) = try reader.eventsAndNewer(ride: ride.id)
        // A gap after the last fix lies between no segments: the ride ended in it (as `show` says).
        let gaps = events.filter { $0.kind == .gap }
        let ended = gaps.filter { GapMarker.isAfterLastFix(beforeSeq: $0.beforeSeq, lastFixSeq: lastFixSeq) }
        // By cause alone: the page gives each gap's time and length, never a fix number it shows nowhere.
        let causes = gaps.filter { !GapMarker.isAfterLastFix(beforeSeq: $0.beforeSeq, lastFixSeq: lastFixSeq) }.map(\.detail)
        // Sorted keys, Foundation's pretty layout: the page's text as JSONEncoder wrote it.
        let parameters = try JSONTextEncoder(prettyPrinted: true).encode(ride.parameters)
        let span = try reader.span(ride.id)
        var summary = RideSummary(id: ride.id, startedUTCms: span.startUTCms, endedUTCms: span.endUTCms,
                                  totals: ride.totals, parametersJSON: parameters, unmeasured: unmeasured)
        summary.importedFrom = try reader.provenance(ride: ride.id)?.sentence
        summary.ending = summary.importedFrom == nil ? RideEnding.words(events) : nil
        summary.barometerStretches = barometer.named(by: events)
        summary.newerNote = newer.sentence.map { "This ride \($0): this page shows it as far as this roam-board knows" }
        let clock = PageClock(zoneName: zone.name, startUTCms: span.startUTCms, endUTCms: span.endUTCms, offsetS: zone.offsetS)
        let html = HTMLView(ride: summary, track: track, bands: bands, gapCauses: causes, gapSpans: try reader.gapSpans(ride: ride.id),
                            endingGaps: ended.map { (cause: $0.detail + ": " + GapMarker.rideEndedInIt, utcMs: $0.utcMs) },
                            pauses: pauses.intervals, splits: splits.splits, clock: clock,
                            mapLibrary: mapLibrary, units: units).render()
        return (html, span)
    }
}
