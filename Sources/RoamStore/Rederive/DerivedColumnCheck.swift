import RoamCore

/// `check`'s comparison of every derived column of every stored fix (`FixColumns.derived`: times,
/// flags, segment, smoothed position, barometric altitude, distance) with what its raw columns imply
/// (P2), so a fix that disagrees is named even when the ride's totals happen to agree.
///
/// An undated fix is stored with monotonic time only and dated later, in the batch of the first
/// dated fix after it (`BackfillWriter`). Its time columns are therefore compared when the replay
/// reaches that fix, or when its run ends undated: a restart, or the last fix stored so far. So a
/// live ride's open run, not yet back-filled, is expected undated, as it is stored. Fixes are
/// reported in order: one held for its back-fill holds back the fixes after it.
struct DerivedColumnCheck {
    static let shownFixes = 3

    /// "fix N: column: …" for the first `shownFixes` fixes that differ, in fix order.
    private(set) var lines: [String] = []
    private(set) var mismatchedFixes = 0
    private var held: [Held] = []

    /// What an undated fix's time columns need once its run is dated or ends (not the whole fix: a
    /// receiver that never gets a date leaves a whole ride undated).
    private struct Held {
        var seq: Int64
        var monoNs: UInt64
        var timeOfDayMs: Int?
        var stored: (utcMs: Int64?, source: TimeSource)
        var recomputed: (utcMs: Int64?, source: TimeSource)
        /// Its other columns' differences, found at once.
        var otherDifferences: [String]
    }

    private static let timeColumns = FixColumns.derived.filter { BackfillWriter.columns.contains($0.name) }
    private static let otherColumns = FixColumns.derived.filter { !BackfillWriter.columns.contains($0.name) }

    /// `recomputed` is `stored` run again through `replay`, which has just processed it.
    mutating func add(stored: FixRecord, recomputed: FixRecord, replay: Rederivation) {
        if replay.awaitsBackfill(recomputed) {
            held.append(Held(seq: stored.seq, monoNs: stored.monoNs, timeOfDayMs: stored.epoch.timeOfDayMs,
                             stored: (stored.utcMs, stored.timeSource), recomputed: (recomputed.utcMs, recomputed.timeSource),
                             otherDifferences: Self.differences(stored, recomputed, in: Self.otherColumns)))
            return
        }
        if let backfill = replay.backfill(anchoredAt: recomputed) {
            for i in held.indices where held[i].seq >= backfill.fromSeq {
                if let utc = backfill.utcMs(monoNs: held[i].monoNs, timeOfDayMs: held[i].timeOfDayMs) {
                    held[i].recomputed = (utc, .backfilled)
                }
            }
        }
        finish()
        record(stored.seq, Self.differences(stored, recomputed, in: FixColumns.derived))
    }

    /// Compares the held fixes as they are: their run ended undated (a restart, or the last fix so far).
    mutating func finish() {
        for fix in held {
            func times(_ t: (utcMs: Int64?, source: TimeSource)) -> FixRecord {
                FixRecord(rideID: 0, seq: fix.seq, monoNs: fix.monoNs, epoch: Epoch(), pressurePa: nil, temperatureC: nil,
                          utcMs: t.utcMs, timeSource: t.source, flags: [], segment: 0)
            }
            let timeDifferences = Self.differences(times(fix.stored), times(fix.recomputed), in: Self.timeColumns)
            record(fix.seq, timeDifferences + fix.otherDifferences)
        }
        held.removeAll(keepingCapacity: true)
    }

    private mutating func record(_ seq: Int64, _ differences: [String]) {
        guard !differences.isEmpty else { return }
        mismatchedFixes += 1
        if mismatchedFixes <= Self.shownFixes { lines.append("fix \(seq): " + differences.joined(separator: "; ")) }
    }

    /// One phrase per column of `columns` that differs, in table order.
    static func differences(_ stored: FixRecord, _ recomputed: FixRecord, in columns: [Column<FixRecord>]) -> [String] {
        columns.compactMap { column in
            guard let value = column.value, !same(value(stored), value(recomputed)) else { return nil }
            return column.name + ": " + words(column.name, stored, recomputed, value)
        }
    }

    /// Reals agree as the totals do (`TotalsComparison.close`); everything else exactly.
    private static func same(_ a: ColumnValue, _ b: ColumnValue) -> Bool {
        switch (a, b) {
        case let (.real(x?), .real(y?)): return TotalsComparison.close(x, y)
        default: return a == b
        }
    }

    /// The difference in words: flags by name, times as dates, the rest as stored.
    private static func words(_ name: String, _ stored: FixRecord, _ recomputed: FixRecord,
                              _ value: (FixRecord) -> ColumnValue) -> String {
        switch name {
        case "flags":
            var parts: [String] = []
            let extra = stored.flags.subtracting(recomputed.flags), missing = recomputed.flags.subtracting(stored.flags)
            if !extra.isEmpty { parts.append("stored with \(flagNames(extra)), which its raw columns do not imply") }
            if !missing.isEmpty { parts.append("stored without \(flagNames(missing)), which its raw columns imply") }
            return parts.joined(separator: ", ")
        case "t_utc_ms":
            func time(_ ms: Int64?) -> String { ms.map(CivilDate.iso8601(utcMs:)) ?? "no time" }
            return "stored \(time(stored.utcMs)), its raw columns imply \(time(recomputed.utcMs))"
        case "t_source":
            return "stored \(stored.timeSource), its raw columns imply \(recomputed.timeSource)"
        default:
            return "stored \(text(value(stored))), its raw columns imply \(text(value(recomputed)))"
        }
    }

    private static func flagNames(_ flags: FixFlags) -> String {
        let known = (FixFlags.names + FixFlags.uncountedNames).reduce(FixFlags()) { $0.union($1.0) }
        let unknown = flags.subtracting(known)
        return (flags.names + (unknown.isEmpty ? [] : ["unknown bits \(unknown.rawValue)"])).joined(separator: " and ")
    }

    private static func text(_ value: ColumnValue) -> String {
        switch value {
        case let .integer(v): return v.map { String($0) } ?? "none"
        case let .real(v): return v.map { String($0) } ?? "none"
        case let .text(v): return v ?? "none"
        case let .blob(v): return v.map { "\($0.count) bytes" } ?? "none"
        }
    }
}
