/// The seconds a FIT file's timer ran, from `fit_judge.py`'s `timer_events` ([time, "start" | "stop_all", …]):
/// each start to the stop after it. `leftRunning` when the last start has no stop.
struct FITTimerRun {
    var seconds = 0
    var leftRunning = false

    init(_ events: [[Any]]) throws {
        var startedAt: Int?
        for e in events {
            guard let t = e.first as? Int else { throw Malformed(event: "\(e)") }
            let type = e.count > 1 ? e[1] as? String : nil
            if type == "start", startedAt == nil { startedAt = t }
            if type == "stop_all", let from = startedAt { seconds += t - from; startedAt = nil }
        }
        leftRunning = startedAt != nil
    }

    struct Malformed: Error, CustomStringConvertible {
        var event: String
        var description: String { "a timer event without a time: \(event)" }
    }
}
