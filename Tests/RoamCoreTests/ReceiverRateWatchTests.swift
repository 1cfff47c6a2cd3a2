import Testing
@testable import RoamCore

/// The receiver's rate watch on made-up epochs: UTC times of day and arrival times, no clock read.
@Suite struct ReceiverRateWatchTests {
    /// Feeds epochs `everyMs` apart in UTC, arriving `arrivalMs` apart (default: as sent), from
    /// `startMs`; returns what the watch said at each epoch (nil where nothing).
    func feed(_ watch: inout ReceiverRateWatch, count: Int, everyMs: Int, arrivalMs: Int? = nil,
              startMs: Int = 43_200_000, startNs: UInt64 = 1_000_000_000) -> [ReceiverRateWatch.Finding?] {
        (0..<count).map { i in
            watch.epoch(timeOfDayMs: startMs + i * everyMs, arrivalNs: startNs + UInt64(i * (arrivalMs ?? everyMs)) * 1_000_000)
        }
    }

    @Test func epochsAtTheRateSetUpOrAtItsClampAreNotALowerRate() {
        var watch = ReceiverRateWatch()
        watch.setUp(forHz: 10)
        #expect(feed(&watch, count: 200, everyMs: 100).allSatisfy { $0 == nil })
        watch.setUp(forHz: 5)  // a NEO-6 clamped to 5 Hz
        #expect(feed(&watch, count: 100, everyMs: 200).allSatisfy { $0 == nil })
    }

    @Test func oneSecondEpochsFromAModuleSetUpFor10HzAreSaidOnceAfterTheWindow() {
        var watch = ReceiverRateWatch()
        watch.setUp(forHz: 10)
        let said = feed(&watch, count: 20, everyMs: 1000)
        #expect(said.firstIndex { $0 != nil } == 5, "5 s of UTC after the first")
        #expect(said.compactMap { $0 } == [.lowerRate(.init(observedMilliHz: 1000, setUpForHz: 10))])
        guard case .lowerRate(let lower) = said[5] else { Issue.record("epoch 5 said \(String(describing: said[5])), not a lower rate"); return }
        #expect(lower.description == "epochs at 1 Hz, set up for 10 Hz")
    }

    @Test func oneLateOrLostEpochAndAStartUpWithoutTimeAreNotALowerRate() {
        var watch = ReceiverRateWatch()
        watch.setUp(forHz: 10)
        // Before its first fix a module sends epochs without a time: not judged.
        for i in 0..<50 { #expect(watch.epoch(timeOfDayMs: nil, arrivalNs: UInt64(i) * 1_000_000_000) == nil) }
        var t = 43_200_000, arrival: UInt64 = 60_000_000_000
        for i in 0..<300 {
            // Every tenth epoch lost; every seventh arrives two seconds after the one before it.
            if i % 10 == 9 { t += 100; continue }
            arrival += i % 7 == 6 ? 2_000_000_000 : 100_000_000
            #expect(watch.epoch(timeOfDayMs: t, arrivalNs: arrival) == nil, "epoch \(i)")
            t += 100
        }
    }

    @Test func epochsReadInABurstAreNotALowerRate() {
        // A 1 Hz capture replayed faster than real time, or what a set-up handed back.
        var watch = ReceiverRateWatch()
        watch.setUp(forHz: 10)
        #expect(feed(&watch, count: 100, everyMs: 1000, arrivalMs: 5).allSatisfy { $0 == nil })
    }

    @Test func aModuleThatStaysSlowAfterItsSetUpIsSetUpAgainOnlyAfterADoublingWait() {
        var watch = ReceiverRateWatch(windowMs: 5000, retryMs: 120_000, retryMaxMs: 600_000)
        watch.setUp(forHz: 10)
        var said: [Int] = []  // seconds at which the watch said so
        var t = 43_200_000, arrival: UInt64 = 1_000_000_000, everyMs = 1000
        while t < 43_200_000 + 1_200_000 {
            // The set-up the watch asked for sets 10 Hz again each time; the module stays slow, at 1 Hz
            // and 2 Hz in turn (never as slow as before the set-up: not a rate it delivers).
            if case .lowerRate = watch.epoch(timeOfDayMs: t, arrivalNs: arrival) {
                said.append((t - 43_200_000) / 1000)
                watch.setUp(forHz: 10)
                everyMs = everyMs == 1000 ? 500 : 1000
            }
            t += everyMs; arrival += UInt64(everyMs) * 1_000_000
        }
        #expect(said == [5, 125, 365, 845], "once, then after 2, 4 and 8 min (10 min at most)")
        // Epochs at the rate forget the wait: the next loss is acted on after the window alone.
        watch.setUp(forHz: 10)
        _ = feed(&watch, count: 10, everyMs: 100, startMs: 50_000_000, startNs: 2_000_000_000_000)
        let again = feed(&watch, count: 10, everyMs: 1000, startMs: 50_001_000, startNs: 2_001_000_000_000)
        #expect(again.firstIndex { $0 != nil } == 5)
    }

    @Test func nothingIsJudgedWithoutARateAbove1Hz() {
        var watch = ReceiverRateWatch()
        #expect(feed(&watch, count: 30, everyMs: 2000).allSatisfy { $0 == nil }, "no set-up yet")
        watch.setUp(forHz: 1)
        #expect(feed(&watch, count: 30, everyMs: 2000).allSatisfy { $0 == nil })
        watch.setUp(forHz: nil)  // the rate refused
        #expect(feed(&watch, count: 30, everyMs: 1000).allSatisfy { $0 == nil })
    }
}
