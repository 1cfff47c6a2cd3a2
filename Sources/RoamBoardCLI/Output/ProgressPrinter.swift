import RoamCore
import RoamExport
import RoamRecorder
import RoamSystem
import Synchronization

/// Turns recorder events into the live progress line, `ack` lines and warnings.
final class ProgressPrinter: Sendable {
    private struct State {
        var lastLineNs: UInt64 = 0
        /// The ride and 5-minute slot of its time the last plain progress line was printed for.
        var lastPlainSlot: (Int64, Int)?
        var rideID: Int64?
        var lastFailure: String?
    }
    private let state = Mutex(State())
    /// Off a terminal, seconds of ride between progress lines.
    static let plainLineEveryS = 300.0
    private let acks: Bool
    private let quiet: Bool
    /// `--units`, else board.conf's `units`: the progress line says km or mi, m or ft.
    private let units: UnitFormatter

    init(acks: Bool, quiet: Bool, units: UnitFormatter = .metric) { self.acks = acks; self.quiet = quiet; self.units = units }

    var lastFailure: String? { state.withLock { $0.lastFailure } }
    /// The ride still recording (it resumes at the next start), if any.
    var recordingRide: Int64? { state.withLock { $0.rideID } }

    func handle(_ event: RecorderEvent) {
        switch event {
        case .session(.rideStarted(let id, let kept)):
            state.withLock { $0.rideID = id }
            // What the stored row held: the restart commit just before this notice added its own gap.
            guard let kept else { Console.error("ride \(id): started"); return }
            Console.error("ride \(id): resumed after a restart (gap recorded); kept from before: " + Self.describe(kept, units: units))
        case .committed(let report):
            // Printed only after the commit returned: this line is the acknowledgement (P1).
            if acks, let seqs = report.seqs {
                Console.out("ack ride=\(report.rideID) seq=\(seqs.lowerBound)...\(seqs.upperBound) fixes=\(report.fixCount)")
            }
            // Quiet (the board's unit runs so): the line is never shown, so it is not built either;
            // formatting it was a measurable share of each commit's CPU at 1 Hz.
            let line: String? = state.withLock { s in
                s.lastFailure = nil
                guard !quiet else { return nil }
                if Console.stderrIsTerminal {
                    let now = MonotonicClock.nowNs()
                    guard now - s.lastLineNs > 100_000_000 else { return nil }
                    s.lastLineNs = now
                } else {
                    // The journal keeps every line: one per 5 minutes of ride, not one per commit (3600 an hour).
                    let slot = (report.rideID, Int(report.totals.elapsedS / Self.plainLineEveryS))
                    guard s.lastPlainSlot.map({ $0 != slot }) ?? true else { return nil }
                    s.lastPlainSlot = slot
                }
                return Self.describe(report.totals, ride: report.rideID, units: units)
            }
            if let line { Console.progress(line) }
        case .commitFailed(let error, let parked, let retry, let unsaid):
            state.withLock { $0.lastFailure = error }
            Console.error(Alarm.stillRefusedLine(kept: parked, retryInS: retry, error: error, unsaidTries: unsaid))
        case .session(.rideStopped(let id, let totals)):
            state.withLock { if $0.rideID == id { $0.rideID = nil } }
            // Said with the totals even when quiet: the journal's one line on how the ride went.
            Console.error("ride \(id): stopped: " + Self.describe(totals, units: units))
        case .receiverSilent(let reason): Console.error("receiver silent: \(reason)")
        case .receiverBack(let silentForNs):
            Console.error("receiver back after \(SpokenDuration.text(seconds: Double(silentForNs) / 1e9)) silent")
        case .barometerMissing(let reason): Console.error("barometer missing: \(reason)")
        case .barometerBack: Console.error("barometer back")
        case .alarmRaised(let alarm): Console.error(alarm.raisedLine)
        case .alarmCleared(let alarm, let landed): Console.error(alarm.clearedLine(landed: landed))
        case .parkedLostAtExit(let epochs, let presses, let error):
            state.withLock { $0.lastFailure = error }
            Console.error("ALARM: stopping with \(Plural.count(epochs, "fix", "fixes")) and \(Plural.count(presses, "button press", "button presses")) "
                          + "that storage never took (\(error)); the next start records them as lost in the ride")
        case .lossFromLastExit(let epochs, let presses, let recorded):
            Console.error("the last recorder stopped with \(Plural.count(epochs, "fix", "fixes")) and "
                          + "\(Plural.count(presses, "button press", "button presses")) it could not commit: "
                          + (recorded ? "recorded as lost in the ride" : "no ride was recording to record them in"))
        case .lastStatusUnread(let error):
            Console.error("cannot read the last recorder's status (recording goes on): \(error); what it could not commit "
                          + "before it exited, if anything, is not recorded in this ride")
        case .statusFileFailed(let error): Console.error("status file not written (recording goes on): \(error)")
        case .session(.rideClosedAtRestart(let id, let reason)): Console.error("ride \(id): \(reason)")
        case .storageLow(let low): Console.error("STORAGE LOW: \(low.detail)")
        case .storageRecovered(let free): Console.error("storage: \(ByteSize.text(Int64(clamping: free))) free again")
        case .storageUnmeasured(let error): Console.error("storage: free space unknown (recording goes on): \(error)")
        case .session(.rideLooksForgotten(let id, let paused)):
            Console.error("ride \(id): paused or without a fix for \(FixedPoint.format(paused / 60, digits: 0)) min, forgotten? (the LED says so; press to stop)")
        case .session(.rideMovingAgain(let id)): Console.error("ride \(id): moving again")
        case .session(.receiverDateCorrected(let id, let sent, let corrected)):
            Console.error("ride \(id): the receiver dates its fixes \(CivilDate.iso8601(utcMs: sent).prefix(10)), 1024 weeks behind "
                          + "(a GPS week rollover in its firmware): moved on to \(CivilDate.iso8601(utcMs: corrected).prefix(10)); "
                          + "`show` marks these times \"week rollover corrected\"")
        case .session(.receiverDateNotBelieved(let id, let sent)):
            Console.error("ride \(id): the receiver dates its fixes \(CivilDate.iso8601(utcMs: sent).prefix(10)), which cannot be true: "
                          + "its time is not used; the fixes are dated from the board's clock once a believable date arrives")
        }
    }

    func finish() {}

    static func describe(_ t: RideTotals, ride: Int64, units: UnitFormatter = .metric) -> String {
        "ride \(ride): " + describe(t, units: units)
    }

    static func describe(_ t: RideTotals, units: UnitFormatter) -> String {
        "\(Plural.count(t.fixCount, "fix", "fixes")), \(DistanceText.headline(t, units: units)), "
            + "moving \(ClockDuration.text(seconds: t.movingS)), "
            + (t.ascentM.map { "+" + units.length(metres: $0, digits: 0) } ?? "climb n/a")
            + ", \(Plural.count(t.gapCount, "gap"))"
    }
}
