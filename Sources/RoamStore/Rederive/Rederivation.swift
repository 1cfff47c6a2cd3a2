import RoamCore

/// The one rederivation: stored fixes run again through the pipeline, shared by `check` (which compares what
/// comes out with what is stored) and `rederive` (which writes it back). It starts from a fresh
/// state with the given parameters and calls `markGap` where the recorder did: at the gaps the
/// fixes do not show, whose events carry the fix they came before (`RideEvent.beforeSeq`).
/// Nothing is re-implemented here: as the pipeline grows, the rederivation grows with it.
public struct Rederivation {
    private(set) var pipeline: RidePipeline
    /// The positioned gap events, in the order they are marked.
    let markers: [(beforeSeq: Int64, cause: GapCause, monoNs: UInt64?)]
    private var nextMarker = 0

    /// `sortingMarkers`: mark gaps by position even when they were recorded out of order (rederive);
    /// `check` keeps the recorded order and reports it when it is wrong.
    init(rideID: Int64, parameters: PipelineParameters, gapEvents: [RideEvent], sortingMarkers: Bool) {
        pipeline = RidePipeline(rideID: rideID, state: PipelineState(), parameters: parameters)
        var markers: [(beforeSeq: Int64, cause: GapCause, monoNs: UInt64?)] = []
        for event in gapEvents where event.kind == .gap {
            guard let seq = event.beforeSeq else { continue }
            // A cause a newer roam-board wrote is not marked: `NewerEvents` names it to whoever reads the ride.
            guard let cause = GapCause(rawValue: event.detail) else { continue }
            markers.append((seq, cause, event.monoNs))
        }
        if sortingMarkers {
            markers = markers.enumerated().sorted { ($0.element.beforeSeq, $0.offset) < ($1.element.beforeSeq, $1.offset) }
                .map(\.element)
        }
        self.markers = markers
    }

    /// The stored fix recomputed from its raw columns, with the events its processing caused.
    mutating func process(_ stored: FixRecord) -> (record: FixRecord, events: [RideEvent]) {
        applyMarkers(upTo: stored.seq)
        return pipeline.process(stored.storedInput)
    }

    /// True when `record`, just processed, belongs to a run of undated fixes that a later fix may
    /// still date: the recorder stores it with monotonic time only, and its back-fill lands only
    /// with the batch of the first dated fix after it (`BackfillWriter`).
    func awaitsBackfill(_ record: FixRecord) -> Bool {
        record.timeSource == .monotonicOnly && pipeline.state.clock.undatedFromSeq != nil
    }

    /// The back-fill `record`, just processed, brings: it is the first dated fix after an undated run.
    func backfill(anchoredAt record: FixRecord) -> Backfill? {
        guard let backfill = pipeline.state.backfill, backfill.anchorSeq == record.seq else { return nil }
        return backfill
    }

    /// Marks the gaps recorded after the last fix; returns how many markers point past it.
    mutating func finish() -> Int {
        applyMarkers(upTo: pipeline.state.nextSeq)
        return markers.count - nextMarker
    }

    private mutating func applyMarkers(upTo seq: Int64) {
        while nextMarker < markers.count, markers[nextMarker].beforeSeq <= seq {
            _ = pipeline.markGap(markers[nextMarker].cause, monoNs: markers[nextMarker].monoNs)
            nextMarker += 1
        }
    }
}
