import RoamSystem
import RoamStore
import RoamCore

/// Items parked when the recorder exits: retried until `exitRetryS`, then named and carried to the
/// next recorder through the status file (which needs no new space on a full disk), which records
/// them in the ride it resumes. Nothing parked is absorbed without a word (P2), and a press the
/// storage never took is said to be lost rather than taken for done.
extension CommitLoop {
    struct ExitLoss: Equatable {
        var epochs: Int
        var presses: Int
    }

    /// Retries the parked items with the usual backoff until `options.exitRetryS` has passed, then
    /// names what is left and keeps it in the status file.
    func settleParkedBeforeExit() {
        guard !parked.isEmpty else { return }
        let deadlineNs = MonotonicClock.nowNs() &+ UInt64(max(0, options.exitRetryS) * 1e9)
        commitParked()
        exitTries.add(1, ordering: .releasing)
        while !parked.isEmpty {
            let now = MonotonicClock.nowNs()
            guard now < deadlineNs else { break }
            let untilRetry = nextRetryNs > clock() ? nextRetryNs - clock() : 0
            MonotonicClock.sleep(ns: min(untilRetry, deadlineNs - now))
            commitParked()
            exitTries.add(1, ordering: .releasing)
        }
        guard !parked.isEmpty else { return }
        let loss = ExitLoss(epochs: parkedEpochs + lostEpochs, presses: parked.presses)
        status.update(urgent: true) { s in
            s.lostAtExitEpochs += loss.epochs; s.lostAtExitPresses += loss.presses
        }
        emit(.parkedLostAtExit(epochs: loss.epochs, presses: loss.presses, error: outage?.firstError ?? "storage failing"))
    }

    /// Takes over what the last recorder could not commit (its status file, read before this one
    /// replaces it). `intoRide`: a ride is resumed, and its restart commit records the loss (kept in
    /// this recorder's status until then). Without one the loss is only said: a ride started later
    /// did not lose it.
    func carryLossFromLastExit(epochs: Int, presses: Int, intoRide: Bool) {
        guard epochs > 0 || presses > 0 else { return }
        emit(.lossFromLastExit(epochs: epochs, presses: presses, recordedInRide: intoRide))
        guard intoRide else { return }
        lossFromLastExit = ExitLoss(epochs: epochs, presses: presses)
        status.update(urgent: true) { s in s.lostAtExitEpochs = epochs; s.lostAtExitPresses = presses }
    }

    /// The `lost` event for the last recorder's exit, for the next commit of a ride.
    func exitLossEvent(now: UInt64) -> RideEvent? {
        guard let loss = lossFromLastExit else { return nil }
        let presses = loss.presses == 0 ? "" : " and \(loss.presses) button press\(loss.presses == 1 ? "" : "es")"
        // "Epochs read": those after a lost press might not have belonged to this ride.
        return RideEvent(kind: .lost, monoNs: now, detail: "\(loss.epochs) epochs read\(presses) lost: storage failed until the "
                         + "recorder stopped, and they could not be committed before it exited")
    }

    /// The exit loss was recorded in a ride, or there is no ride to record it in: forgotten.
    func forgetExitLoss() {
        guard lossFromLastExit != nil else { return }
        lossFromLastExit = nil
        status.update(urgent: true) { s in s.lostAtExitEpochs = 0; s.lostAtExitPresses = 0 }
    }
}
