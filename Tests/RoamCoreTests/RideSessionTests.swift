import RoamCore
import Testing

/// The ride lifecycle as tables of events and actions: no store, no thread, no clock.
@Suite struct RideSessionTests {
    @Test func aPressStartsARideWhenIdleAndTheStoreAnswerOpensIt() {
        var session = RideSession(rules: .init())
        let actions = session.handle(.press(monoNs: 5))
        let start = RideEvent(kind: .start, monoNs: 5, detail: "button")
        #expect(actions == [.startRide(startedMonoNs: 5, parameters: session.rules.parameters, events: [start])])
        #expect(session.phase == .idle, "recording only once the store has opened the ride")
        let opened = session.handle(.rideOpened(rideID: 3, state: PipelineState(), parameters: .init()))
        #expect(opened == [.announce(.rideStarted(rideID: 3, resumedWith: nil))])
        #expect(session.pipeline?.rideID == 3)
    }

    @Test func aPressStopsTheRideRecordingAtItsLastFix() throws {
        var session = SessionFixture.recording()
        _ = session.handle(SessionFixture.batch(SessionFixture.riding(from: 0, seconds: 5, speedMps: 5)))
        let p = try #require(session.pipeline)
        let actions = session.handle(.press(monoNs: 900))
        #expect(actions == [
            .stopRide(rideID: SessionFixture.rideID, endedUTCms: p.state.lastAccepted?.utcMs, monoNs: 900, reason: .button),
            .announce(.rideStopped(rideID: SessionFixture.rideID, totals: p.state.totals)),
        ])
        #expect(p.state.lastAccepted?.utcMs != nil)
        #expect(session.phase == .idle)
    }

    @Test func aLongPressWhileRecordingStopsTheRideThenTheSamePressStartsTheNext() throws {
        var session = SessionFixture.recording()
        _ = session.handle(SessionFixture.batch(SessionFixture.riding(from: 0, seconds: 3, speedMps: 5)))
        let p = try #require(session.pipeline)
        // The stop is its own transaction: the press is handed over again once it landed.
        let stop = session.handle(.longPress(monoNs: 50))
        #expect(stop == [
            .stopRide(rideID: SessionFixture.rideID, endedUTCms: p.state.lastAccepted?.utcMs, monoNs: 50, reason: .button),
            .announce(.rideStopped(rideID: SessionFixture.rideID, totals: p.state.totals)), .again,
        ])
        #expect(session.phase == .idle)
        let start = session.handle(.longPress(monoNs: 50))
        #expect(start == [.startRide(startedMonoNs: 50, parameters: session.rules.parameters,
                                     events: [RideEvent(kind: .start, monoNs: 50, detail: "button")])])
        _ = session.handle(.rideOpened(rideID: SessionFixture.rideID + 1, state: PipelineState(), parameters: .init()))
        #expect(session.pipeline?.rideID == SessionFixture.rideID + 1)
    }

    @Test func aLongPressWhenIdleStartsOneRideAndNothingElse() {
        var session = RideSession(rules: .init())
        let actions = session.handle(.longPress(monoNs: 7))
        #expect(actions == [.startRide(startedMonoNs: 7, parameters: session.rules.parameters,
                                       events: [RideEvent(kind: .start, monoNs: 7, detail: "button")])])
    }

    @Test func aBatchWhileIdleIsNotRecorded() {
        var session = RideSession(rules: .init())
        let actions = session.handle(SessionFixture.batch(SessionFixture.riding(from: 0, seconds: 3, speedMps: 5)))
        #expect(actions.isEmpty)
        #expect(session.phase == .idle)
    }

    @Test func aBatchBecomesOneCommitWithTheFixesInOrder() throws {
        var session = SessionFixture.recording()
        let outage = [RideEvent(kind: .lost, monoNs: 9, detail: "2 fixes lost")]
        let event = RideSessionEvent.batch(RideSessionBatch(
            items: SessionFixture.riding(from: 0, seconds: 4, speedMps: 5), nowNs: 9, outageEvents: outage))
        let commit = try #require(SessionFixture.commit(in: session.handle(event)))
        #expect(commit.batch.rideID == SessionFixture.rideID)
        #expect(commit.batch.fixes.map(\.seq) == [0, 1, 2, 3])
        #expect(commit.batch.events.first == outage[0])
        #expect(commit.batch.state == session.pipeline?.state)
        #expect(commit.batch.events.allSatisfy { $0.beforeSeq == nil })
    }

    @Test func theSameEventFromTheSameStateAsksForTheSameActions() {
        // What a retry after a failed commit relies on: the executor hands the batch over again (P3).
        let committed = SessionFixture.recording()
        let event = SessionFixture.batch(SessionFixture.riding(from: 0, seconds: 6, speedMps: 5))
        var first = committed, second = committed
        let a = first.handle(event), b = second.handle(event)
        #expect(a == b)
        #expect(!a.isEmpty)
    }

    @Test(arguments: [
        // (the items after a fix, whether a receiver-silent gap is written)
        ([RideSessionItem.receiverSilent(monoNs: 200)], 1),
        ([.receiverSilent(monoNs: 200), .receiverSilent(monoNs: 300)], 1),
        ([.receiverBack(monoNs: 200)], 0),
        ([.receiverSilent(monoNs: 200), .receiverBack(monoNs: 300)], 1),
    ])
    func aSilentReceiverIsOneGapAtItsPlace(items: [RideSessionItem], gaps: Int) throws {
        var session = SessionFixture.recording()
        let before = SessionFixture.riding(from: 0, seconds: 3, speedMps: 5)
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(before + items))))
        let silent = commit.batch.events.filter { $0.kind == .gap && $0.detail == GapCause.receiverSilent.rawValue }
        #expect(silent.count == gaps)
        let positioned = commit.batch.events.filter { $0.beforeSeq != nil }
        #expect(positioned.count == gaps)
        for gap in positioned {
            #expect(gap.kind == .gap)
            #expect(gap.beforeSeq == 3, "the gap sits before the next fix")
        }
    }

    @Test func aReceiverBackAloneCommitsNothing() {
        var session = SessionFixture.recording()
        #expect(session.handle(SessionFixture.batch([.receiverBack(monoNs: 4)])).isEmpty)
    }

    @Test func aRestartIsOneGapAndRearmingTheSameRideAgainDoesNothing() throws {
        var session = RideSession(rules: .init())
        let state = SessionFixture.stateAfterRiding(seconds: 5)
        let armed = session.handle(.rearmed(rideID: 4, state: state, parameters: .init()))
        #expect(armed == [.announce(.rideStarted(rideID: 4, resumedWith: state.totals))], "the totals held before the restart")
        #expect(session.handle(.rearmed(rideID: 4, state: state, parameters: .init())).isEmpty, "idempotent (P7)")
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch([.restarted(monoNs: 77)]))))
        #expect(commit.batch.events.map(\.kind) == [.gap, .rearm])
        #expect(commit.batch.events[0].detail == GapCause.loggerRestarted.rawValue)
        #expect(commit.batch.events.map(\.beforeSeq) == [state.nextSeq, nil])
        #expect(commit.batch.fixes.isEmpty)
    }

    @Test func lowStorageWhileRecordingIsNotedInTheNextCommitFirst() throws {
        var session = SessionFixture.recording()
        #expect(session.handle(.storageLow(detail: "3.0 MB free", nowNs: 40)).isEmpty)
        let items = SessionFixture.riding(from: 0, seconds: 2, speedMps: 5)
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items))))
        #expect(commit.batch.events.first == RideEvent(kind: .storageLow, monoNs: 40, detail: "3.0 MB free"))
        #expect(session.pendingEvents.isEmpty, "noted once")
        let next = try #require(SessionFixture.commit(in: session.handle(
            SessionFixture.batch(SessionFixture.riding(from: 2, seconds: 2, speedMps: 5, startM: 10)))))
        #expect(!next.batch.events.contains { $0.kind == .storageLow })
    }

    @Test(arguments: [6, 7, 8])
    func theLEDShowsNoFixWhileTheReceiverDoesNotMeasure(quality: Int) throws {
        // Riding, then 20 s the receiver dead-reckons (6), is given (7) or simulates (8) the
        // position it still calls a fix, then riding again: the rider had no fix in between.
        var session = SessionFixture.recording()
        let unmeasured: [RideSessionItem] = (10..<30).map { s in
            var e = SyntheticRide.epoch(second: s, eastM: 50 + Double(s - 10) * 5, speedMps: 5)
            e.quality = quality
            return .epoch(SyntheticRide.input(e, second: s))
        }
        var shown: [LEDStatus] = []
        for items in [SessionFixture.riding(from: 0, seconds: 10, speedMps: 5), Array(unmeasured[..<10]), Array(unmeasured[10...]),
                      SessionFixture.riding(from: 30, seconds: 10, speedMps: 5, startM: 150)] {
            let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items))))
            let hasFix = try #require(commit.hasMeasuredFix as Bool?)
            shown.append(LEDStatus.of(isRecording: true, hasFix: hasFix, receiverSilent: false, alarm: false))
        }
        #expect(shown == [.recording, .waitingForFix, .waitingForFix, .recording])
    }

    @Test(arguments: [false, true])
    func aRideStartedOnLowStorageSaysSoUntilItRecovers(recovered: Bool) {
        var session = RideSession(rules: .init())
        _ = session.handle(.storageLow(detail: "3.0 MB free", nowNs: 40))
        #expect(session.pendingEvents.isEmpty, "idle: no ride to note it in")
        if recovered { _ = session.handle(.storageRecovered) }
        guard case .startRide(_, _, let events) = session.handle(.press(monoNs: 60)).first else {
            Issue.record("no start"); return
        }
        let low = RideEvent(kind: .storageLow, monoNs: 60, detail: "3.0 MB free")
        #expect(events.contains(low) == !recovered)
    }
}
