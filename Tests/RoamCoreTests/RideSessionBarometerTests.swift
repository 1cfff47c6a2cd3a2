import RoamCore
import Testing

/// P5/P6: a stretch without barometer samples is recorded in the ride with its cause, where it
/// began among the fixes, and where it ended; not only in the log.
@Suite struct RideSessionBarometerTests {
    static let cause = "the barometer did not answer: nothing answered on the bus (no acknowledge)"

    @Test("Missing and back land in the commit at the fixes they come before, the cause in words")
    func aStretchIsRecordedWithItsCauseAndItsEnd() throws {
        var session = SessionFixture.recording()
        let items = SessionFixture.riding(from: 0, seconds: 2, speedMps: 5)
            + [.barometerMissing(monoNs: 50, cause: Self.cause)]
            + SessionFixture.riding(from: 2, seconds: 3, speedMps: 5, startM: 10)
            + [.barometerBack(monoNs: 90)]
            + SessionFixture.riding(from: 5, seconds: 1, speedMps: 5, startM: 25)
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items))))
        #expect(commit.batch.fixes.count == 6)
        #expect(commit.batch.events == [
            RideEvent(kind: .barometerMissing, monoNs: 50, detail: Self.cause, beforeSeq: 2),
            RideEvent(kind: .barometerBack, monoNs: 90, beforeSeq: 5),
        ])
        #expect(session.barometerMissing == nil)
    }

    @Test("A ride started while the barometer is missing says why at its start, before its first fix")
    func aRideStartedDuringAStretchRecordsItsCause() {
        var session = SessionFixture.recording()
        _ = session.handle(SessionFixture.batch([.barometerMissing(monoNs: 50, cause: Self.cause)]))
        _ = session.handle(.press(monoNs: 60))   // stop
        let start = session.handle(.press(monoNs: 70))
        #expect(start == [.startRide(startedMonoNs: 70, parameters: session.rules.parameters, events: [
            RideEvent(kind: .start, monoNs: 70, detail: "button"),
            RideEvent(kind: .barometerMissing, monoNs: 70, detail: Self.cause, beforeSeq: 0),
        ])])
    }

    @Test("Said once: a second word of the same stretch, or a back without a stretch, records nothing")
    func repeatedWordsRecordNothing() throws {
        var session = SessionFixture.recording()
        let items: [RideSessionItem] = [.barometerBack(monoNs: 10), .barometerMissing(monoNs: 20, cause: Self.cause),
                                        .barometerMissing(monoNs: 30, cause: "other")]
            + SessionFixture.riding(from: 0, seconds: 1, speedMps: 5)
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items))))
        #expect(commit.batch.events == [RideEvent(kind: .barometerMissing, monoNs: 20, detail: Self.cause, beforeSeq: 0)])
        #expect(session.barometerMissing == Self.cause)
    }

    @Test("Idle, the state is still kept: the barometer back before the next ride starts it clean")
    func wordsWhileIdleKeepTheState() {
        var session = RideSession(rules: .init())
        _ = session.handle(SessionFixture.batch([.barometerMissing(monoNs: 5, cause: Self.cause)]))
        #expect(session.barometerMissing == Self.cause)
        _ = session.handle(SessionFixture.batch([.barometerBack(monoNs: 6)]))
        #expect(session.handle(.press(monoNs: 7)) == [.startRide(startedMonoNs: 7, parameters: session.rules.parameters,
                                                                 events: [RideEvent(kind: .start, monoNs: 7, detail: "button")])])
    }
}
