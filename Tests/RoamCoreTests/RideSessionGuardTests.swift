import RoamCore
import Testing

/// The session's guards as tables: a stale resume, a forgotten ride.
@Suite struct RideSessionGuardTests {
    static func rules(closeAfterS: Double = 3600, endAfterS: Double = 120, warnAfterS: Double = 30) -> RideSession.Rules {
        var rules = RideSession.Rules()
        rules.staleResume = StaleResumeRule(closeAfterS: closeAfterS)
        rules.forgotten = ForgottenRideRule(endAfterS: endAfterS, warnAfterS: warnAfterS)
        return rules
    }

    /// A ride resumed after a restart (its gap committed), ridden for its first 5 s before it.
    static func resumed() -> (RideSession, PipelineState) {
        var session = RideSession(rules: rules())
        let state = SessionFixture.stateAfterRiding(seconds: 5)
        _ = session.handle(.rearmed(rideID: 4, state: state, parameters: .init()))
        _ = session.handle(SessionFixture.batch([.restarted(monoNs: 10)]))
        return (session, state)
    }

    @Test func aResumeWaitsForGNSSTimeBeforeItIsDecided() throws {
        var (session, _) = Self.resumed()
        var untimed = Epoch()
        untimed.fixMode = .noFix
        let epoch = SensorEpoch(epoch: untimed, monoNs: 20, barometer: nil)
        let actions = session.handle(SessionFixture.batch([.epoch(epoch)]))
        #expect(SessionFixture.commit(in: actions) != nil, "its epochs are still recorded meanwhile")
        guard case .confirmingResume = session.phase else { Issue.record("\(session.phase)"); return }
    }

    @Test(arguments: [(600, true), (3599, true), (3605, false), (7200, false)])
    func aResumedRideIsClosedWhenGNSSTimeSaysItIsStale(laterS: Int, resumes: Bool) throws {
        var (session, _) = Self.resumed()
        // The ride as committed after its restart gap.
        let state = try #require(session.pipeline).state
        let items = SessionFixture.riding(from: 4 + laterS, seconds: 2, speedMps: 5)
        let actions = session.handle(SessionFixture.batch(items, nowNs: 500))
        if resumes {
            let commit = try #require(SessionFixture.commit(in: actions))
            #expect(commit.batch.rideID == 4)
            let settled = try #require(session.pipeline)
            #expect(session.phase == .recording(settled), "the resume is settled")
            return
        }
        guard case .stopRide(4, state.lastAccepted?.utcMs, 500, .staleAfterRestart(let reason)) = actions.first else {
            Issue.record("\(actions)"); return
        }
        #expect(reason.hasPrefix("closed after restart"))
        #expect(Array(actions.dropFirst()) == [
            .announce(.rideClosedAtRestart(rideID: 4, reason: reason)),
            .announce(.rideStopped(rideID: 4, totals: state.totals)), .again,
        ])
        #expect(session.phase == .startingAfterStale)

        // Handed over again: the successor opens first, then takes the batch.
        let again = session.handle(SessionFixture.batch(items, nowNs: 600))
        guard case .startRide(600, _, let events) = again.first, again.last == .again else { Issue.record("\(again)"); return }
        #expect(events.map(\.kind) == [.start])
        _ = session.handle(.rideOpened(rideID: 5, state: PipelineState(), parameters: .init()))
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items, nowNs: 700))))
        #expect(commit.batch.rideID == 5)
        #expect(commit.batch.fixes.map(\.seq) == [0, 1])
    }

    @Test func aPressSettlesAResumedRide() {
        var (session, _) = Self.resumed()
        let actions = session.handle(.press(monoNs: 30))
        guard case .stopRide(4, _, 30, .button) = actions.first else { Issue.record("\(actions)"); return }
        #expect(session.phase == .idle)
    }

    @Test(arguments: [
        // (paused for, warning showing, verdict) with a warning at 30 s and the end at 120 s
        (nil, false, ForgottenRideRule.Verdict.none),
        (nil, true, .movingAgain),
        (29.9, false, .none),
        (30.0, false, .warn(pausedS: 30)),
        (60.0, true, .none),
        (120.0, true, .end(pausedS: 120)),
        (500.0, false, .end(pausedS: 500)),
    ] as [(Double?, Bool, ForgottenRideRule.Verdict)])
    func theForgottenRideRule(pausedS: Double?, warned: Bool, verdict: ForgottenRideRule.Verdict) {
        let rule = ForgottenRideRule(endAfterS: 120, warnAfterS: 30)
        #expect(rule.verdict(pausedS: pausedS, warned: warned) == verdict)
    }

    @Test func aForgottenRideWarnsTakesItBackThenEndsItself() throws {
        var session = SessionFixture.recording(rules: Self.rules())
        func ride(from: Int, seconds: Int, speedMps: Double, startM: Double) -> [RideSessionAction] {
            _ = session.handle(SessionFixture.batch(
                SessionFixture.riding(from: from, seconds: seconds, speedMps: speedMps, startM: startM)))
            return session.handle(.batchSettled(nowNs: UInt64(from + seconds)))
        }
        #expect(ride(from: 0, seconds: 10, speedMps: 5, startM: 0).isEmpty, "moving")
        let warned = ride(from: 10, seconds: 60, speedMps: 0, startM: 50)
        guard case .announce(.rideLooksForgotten(SessionFixture.rideID, let pausedS)) = warned.first else {
            Issue.record("\(warned)"); return
        }
        #expect(pausedS >= 30 && pausedS < 120)
        #expect(session.forgottenWarned)
        #expect(ride(from: 70, seconds: 5, speedMps: 0, startM: 50).isEmpty, "warned once")
        #expect(ride(from: 75, seconds: 10, speedMps: 5, startM: 50) == [.announce(.rideMovingAgain(rideID: SessionFixture.rideID))])
        let ended = ride(from: 85, seconds: 150, speedMps: 0, startM: 100)
        guard case .stopRide(SessionFixture.rideID, _, 235, .forgotten(let paused, 120)) = ended.first else {
            Issue.record("\(ended)"); return
        }
        #expect(paused >= 120)
        #expect(session.phase == .idle)
        #expect(!session.forgottenWarned)
        #expect(session.handle(.batchSettled(nowNs: 300)).isEmpty, "nothing to guard while idle")
    }

    @Test func aLongPressAfterAForgottenRideEndedItselfStartsANewRide() {
        var session = SessionFixture.recording(rules: Self.rules())
        _ = session.handle(SessionFixture.batch(SessionFixture.riding(from: 0, seconds: 10, speedMps: 5)))
        _ = session.handle(SessionFixture.batch(SessionFixture.riding(from: 10, seconds: 150, speedMps: 0, startM: 50)))
        guard case .stopRide(_, _, _, .forgotten) = session.handle(.batchSettled(nowNs: 160)).first else {
            Issue.record("\(session.phase)"); return
        }
        // The rider never pressed stop: "new ride" must start one, not start one and stop it.
        let actions = session.handle(.longPress(monoNs: 400))
        guard actions.count == 1, case .startRide(400, _, _) = actions.first else { Issue.record("\(actions)"); return }
    }
    @Test func aReceiverDateThatCannotBeTrueIsSaidOnceARun() throws {
        // 2006-10-29 is the ride's 2026-06-14 less 1024 weeks; 1980-01-06 is a placeholder.
        func dated(_ year: Int, _ month: Int, _ day: Int, from: Int) -> [RideSessionItem] {
            SessionFixture.riding(from: from, seconds: 3, speedMps: 5, startM: Double(from) * 5).map { item in
                guard case .epoch(var input) = item else { return item }
                input.epoch.date = UTCDate(year: year, month: month, day: day)
                return .epoch(input)
            }
        }
        var session = SessionFixture.recording()
        let sent = CivilDate.daysFromCivil(year: 2006, month: 10, day: 29) * 86_400_000 + Int64(SyntheticRide.startTimeOfDayMs)
        let first = session.handle(SessionFixture.batch(dated(2006, 10, 29, from: 0)))
        #expect(first.filter { if case .announce = $0 { true } else { false } }
                == [.announce(.receiverDateCorrected(rideID: SessionFixture.rideID, sentUTCms: sent, correctedUTCms: SyntheticRide.startUTCms))])
        #expect(try #require(SessionFixture.commit(in: first)).batch.fixes.allSatisfy { $0.timeSource == .rolloverCorrected })
        let again = session.handle(SessionFixture.batch(dated(2006, 10, 29, from: 3)))
        #expect(again.count == 1 && SessionFixture.commit(in: again) != nil)
        let placeholder = session.handle(SessionFixture.batch(dated(1980, 1, 6, from: 6)))
        let placeholderSent = CivilDate.daysFromCivil(year: 1980, month: 1, day: 6) * 86_400_000 + Int64(SyntheticRide.startTimeOfDayMs) + 6_000
        #expect(placeholder.last == .announce(.receiverDateNotBelieved(rideID: SessionFixture.rideID, sentUTCms: placeholderSent)))
        #expect(session.handle(SessionFixture.batch(dated(1980, 1, 6, from: 9))).count == 1)
    }
}
