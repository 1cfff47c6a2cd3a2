import RoamCore

/// When the list of rides (the `rides` table) cannot be read, the rides are still in the fixes and
/// events, which are tables of their own: each fix's key begins with its ride's id, and each event
/// names its ride. A card whose one damaged page is the list's must not be called a total loss.
extension RideRescue {
    /// The rides found from their fixes and events; `complete` is false when a damaged page among the
    /// fixes hid where the next ride begins (rides after `lastFound` may be missing).
    public struct FoundRides: Sendable, Equatable {
        public var ids: [Int64]
        public var complete: Bool
    }

    /// What a row made up from a ride's fixes and events cannot know: said once, wherever such a row is used.
    public static let lostWithTheList = "its start and stop times (its first and last dated fix stand in), its totals and settings "
        + "(recounted from its fixes with this roam-board's defaults: a replay's or an import's own settings are lost) "
        + "and whether it was handed over before"

    /// One probe of the fix key per ride (a ride's fixes are one range of it, `FixKey`), and the
    /// events' ride ids, which also lead past a damaged page among the fixes to the rides after it.
    public static func rideIDs(_ reader: RideReader) throws -> FoundRides {
        let fromEvents = try eventRideIDs(reader.connection)
        let probe = try reader.connection.prepare("SELECT fix_key FROM fixes WHERE fix_key >= ?1 ORDER BY fix_key LIMIT 1")
        defer { probe.reset() }
        var found = Set(fromEvents)
        var from: Int64? = 0
        while let start = from {
            switch try firstRide(probe, from: start) {
            case .ride(let id):
                found.insert(id)
                from = id < Int64(Int32.max) ? (id + 1) << 32 : nil
            case .none:
                from = nil
            case .damaged:
                // Start again at the next ride an event names; with none, what lies beyond is not known.
                guard let next = fromEvents.first(where: { $0 > start >> 32 }) else { return FoundRides(ids: found.sorted(), complete: false) }
                from = next << 32
            }
        }
        return FoundRides(ids: found.sorted(), complete: true)
    }

    private enum Probe { case ride(Int64), none, damaged }

    /// The ride of the first fix at or after key `from`.
    private static func firstRide(_ probe: SQLiteStatement, from: Int64) throws(SQLiteError) -> Probe {
        probe.reset()
        do {
            try probe.bind(from, at: 1)
            return try probe.step() ? .ride(probe.int64(at: 0) >> 32) : .none
        } catch {
            guard error.isCorrupt else { throw error }
            return .damaged
        }
    }

    /// The rides the events name; none when their pages are damaged (the fixes still name every ride with a fix).
    private static func eventRideIDs(_ connection: SQLiteConnection) throws(SQLiteError) -> [Int64] {
        var ids: [Int64] = []
        do {
            let events = try connection.prepare("SELECT DISTINCT ride_id FROM events ORDER BY ride_id")
            while try events.step() { ids.append(events.int64(at: 0)) }
        } catch {
            guard error.isCorrupt else { throw error }
            return []
        }
        return ids
    }

    /// A row standing in for ride `id`'s lost one (`lostWithTheList`): stopped when a stop event was
    /// stored, else recording; its fixes replayed by the pipeline (`Rederivation`) for its totals.
    /// Throws as reading the fixes does: a ride whose fixes cannot all be read has no row to stand in.
    public static func standInRow(_ reader: RideReader, id: Int64) throws -> RideRow {
        let events = try reader.events(ride: id)
        var replay = Rederivation(rideID: id, parameters: PipelineParameters(), gapEvents: events, sortingMarkers: true)
        var firstMonoNs: UInt64?
        try reader.forEachFix(ride: id) { fix in
            if firstMonoNs == nil { firstMonoNs = fix.monoNs }
            _ = replay.process(fix)
        }
        _ = replay.finish()
        let span = try reader.span(id)
        // A lost event's detail begins with its count ("12 fixes lost: …"), as the recorder writes it.
        let lost = events.filter { $0.kind == .lost }.reduce(0) { sum, event in sum + (Int(event.detail.prefix { $0.isNumber }) ?? 0) }
        return RideRow(id: id, state: events.contains { $0.kind == .stop } ? .stopped : .recording, startedMonoNs: firstMonoNs ?? 0,
                       startedUTCms: span.startUTCms, endedUTCms: span.endUTCms, totals: replay.pipeline.state.totals,
                       parkedCount: 0, lostCount: lost, pipelineState: replay.pipeline.state, parameters: PipelineParameters(),
                       lastCommitUTCms: nil, dumpedUTCms: nil)
    }

    /// Every ride of the list, or, when the list cannot be read, every ride its fixes and events name:
    /// with its own row where that row's page can still be read, else a stand-in (`standIns`; `lost`:
    /// why the list could not be read). A ride with neither is in `unreadable`. Throws the list's own
    /// error when not even the fixes can be searched.
    public static func rows(_ reader: RideReader) throws -> (rows: [RideRow], lost: String?, standIns: Set<Int64>, unreadable: [Int64]) {
        let listError: any Error
        do { return (try reader.rides(), nil, [], []) } catch { listError = error }
        let found: FoundRides
        do { found = try rideIDs(reader) } catch { throw listError }
        var rows: [RideRow] = [], standIns: Set<Int64> = [], unreadable: [Int64] = []
        for id in found.ids {
            if let row = try listedRow(reader, id: id) {
                rows.append(row)
                continue
            }
            do {
                rows.append(try standInRow(reader, id: id))
                standIns.insert(id)
            } catch let e as SQLiteError where e.isCorrupt {
                unreadable.append(id)
            }
        }
        return (rows, words(listError), standIns, unreadable)
    }

    /// The ride's own row when its page can still be read; nil when the row is in the damage or gone.
    static func listedRow(_ reader: RideReader, id: Int64) throws -> RideRow? {
        do {
            return try reader.ride(id: id)
        } catch let e as SQLiteError where e.isCorrupt {
            return nil
        } catch StoreError.corruptRow {
            return nil
        }
    }
}
