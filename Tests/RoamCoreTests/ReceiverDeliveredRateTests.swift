import Testing
@testable import RoamCore

/// A module that acknowledges a rate it cannot send: the rate watch concludes what it delivers once
/// (after the one set-up again that changed nothing), says why in numbers, and judges later epochs
/// against it. Made-up epochs, bytes and arrival times; no clock read.
@Suite struct ReceiverDeliveredRateTests {
    /// A module at 10 Hz on paper: `everyMs` apart in UTC and in arrival, `bytes` read per epoch.
    struct Module {
        var watch = ReceiverRateWatch(windowMs: 5000, retryMs: 120_000, retryMaxMs: 600_000)
        var t = 43_200_000
        var arrival: UInt64 = 1_000_000_000
        var setUps = 0
        var findings: [ReceiverRateWatch.Finding] = []

        /// `seconds` of epochs; every lower rate is acted on as the receiver does: a set-up again,
        /// which the module acknowledges (10 Hz); what it sends after is the next `run`'s.
        mutating func run(seconds: Int, everyMs: Int, bytes: Int = 300, baud: Int = 9600) {
            let end = t + seconds * 1000
            while t < end {
                watch.read(bytes: bytes)
                if let found = watch.epoch(timeOfDayMs: t, arrivalNs: arrival) {
                    findings.append(found)
                    if case .lowerRate = found { setUps += 1; watch.setUp(forHz: 10, baud: baud) }
                }
                t += everyMs; arrival += UInt64(everyMs) * 1_000_000
            }
        }
    }

    var lowerRates: (Module) -> [ReceiverRateWatch.LowerRate] = { m in
        m.findings.compactMap { if case .lowerRate(let l) = $0 { l } else { nil } }
    }
    var delivered: (Module) -> [ReceiverDeliveredRate] = { m in
        m.findings.compactMap { if case .delivers(let d) = $0 { d } else { nil } }
    }

    @Test func aModuleAsSlowRightAfterItsSetUpIsSetUpAgainOnceAndItsRateSaidOnceAllRideLong() {
        var m = Module()
        m.watch.setUp(forHz: 10, baud: 9600)
        // 2.5 Hz (300 bytes an epoch at 9600 baud) for three hours.
        m.run(seconds: 3 * 3600, everyMs: 400)
        #expect(m.setUps == 1, "\(m.findings)")
        #expect(lowerRates(m) == [.init(observedMilliHz: 2500, setUpForHz: 10)])
        let said = delivered(m)
        #expect(said == [ReceiverDeliveredRate(milliHz: 2500, setUpForHz: 10, bytesPerEpoch: 300, baud: 9600)])
        #expect(m.watch.delivered == said.first)
        let words = said.first?.description ?? ""
        #expect(words.contains("receiver delivers 2.5 Hz, though it acknowledged 10 Hz"), "\(words)")
        #expect(words.contains("300 B per epoch × 10 Hz = 3000 B/s, more than 9600 baud carries (960 B/s)"), "\(words)")
        #expect(words.contains("set baud = 57600"), "\(words)")
    }

    @Test func afterItsRateIsKnownAPowerLossTo1HzIsStillSetUpAgainAndTheRateNotSaidAgain() {
        var m = Module()
        m.watch.setUp(forHz: 10, baud: 9600)
        m.run(seconds: 60, everyMs: 400)
        #expect(m.setUps == 1 && delivered(m).count == 1)
        // Power lost: 1 Hz, caught after the window alone (the rate delivered forgot the wait); the
        // set-up brings back what the line carries.
        m.run(seconds: 7, everyMs: 1000)
        #expect(m.setUps == 2, "\(m.findings)")
        m.run(seconds: 600, everyMs: 400)
        #expect(m.setUps == 2, "\(m.findings)")
        #expect(lowerRates(m).last == .init(observedMilliHz: 1000, setUpForHz: 10, deliveredMilliHz: 2500))
        #expect(lowerRates(m).last?.description == "epochs at 1 Hz, set up for 10 Hz (delivering 2.5 Hz)")
        #expect(delivered(m).count == 1, "\(m.findings)")
    }

    @Test func aModuleThatCapsItsRateWithRoomOnTheLineIsSaidToCapItself() {
        var m = Module()
        m.watch.setUp(forHz: 10, baud: 115_200)
        m.run(seconds: 60, everyMs: 200, bytes: 250, baud: 115_200)
        let words = delivered(m).first?.description ?? ""
        #expect(words.contains("250 B per epoch × 10 Hz = 2500 B/s, within what 115200 baud carries (11520 B/s)"), "\(words)")
        #expect(words.contains("caps its rate itself") && words.contains("rate_hz = 5"), "\(words)")
    }

    @Test func aSetUpThatMendedTheRateOrOneForAnotherRateConcludesNothing() {
        // Slow, set up again, back at the rate: a later slow run is a loss again, not a rate delivered.
        var m = Module()
        m.watch.setUp(forHz: 10)
        m.run(seconds: 6, everyMs: 1000)
        m.run(seconds: 20, everyMs: 100)
        m.run(seconds: 6, everyMs: 1000)
        #expect(m.setUps == 2 && delivered(m).isEmpty, "\(m.findings)")
        // A rate delivered is forgotten by a set-up for another rate.
        var n = Module()
        n.watch.setUp(forHz: 10)
        n.run(seconds: 30, everyMs: 400)
        #expect(n.watch.delivered != nil)
        n.watch.setUp(forHz: 5)
        #expect(n.watch.delivered == nil)
        n.run(seconds: 20, everyMs: 200)
        #expect(delivered(n).count == 1 && n.setUps == 1, "\(n.findings)")
    }
}
