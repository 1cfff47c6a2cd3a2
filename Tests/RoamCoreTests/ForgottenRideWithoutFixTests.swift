import RoamCore
import Testing

/// A bike left in a shed usually has no fix there: the forgotten-ride rule must see that time
/// too, by the epochs' own clock, while a tunnel or a silent receiver on the road ends nothing.
@Suite struct ForgottenRideWithoutFixTests {
    private typealias R = SyntheticRide
    private let hourS = 3600

    /// Epochs without a fix (the receiver keeps talking indoors), one a second from `from`.
    private func withoutFix(from: Int, seconds: Int) -> [RideSessionItem] {
        (from..<(from + seconds)).map { .epoch(R.input(R.epoch(second: $0, eastM: 0, hasFix: false), second: $0)) }
    }

    private func standing(from: Int, seconds: Int, atM: Double) -> [RideSessionItem] {
        (from..<(from + seconds)).map { .epoch(R.input(R.epoch(second: $0, eastM: atM, speedMps: 0), second: $0)) }
    }

    /// Hands `items` over as one batch and returns what the guards said once it settled.
    private func settle(_ session: inout RideSession, _ items: [RideSessionItem]) -> [RideSessionAction] {
        _ = session.handle(SessionFixture.batch(items))
        return session.handle(.batchSettled(nowNs: 1_000))
    }

    private func isWarning(_ actions: [RideSessionAction]) -> Bool {
        if case .announce(.rideLooksForgotten)? = actions.first { return true }
        return false
    }

    private func endedAfter(_ actions: [RideSessionAction]) -> Double? {
        guard case .stopRide(SessionFixture.rideID, _, _, .forgotten(let forS, let limitS))? = actions.first else { return nil }
        #expect(limitS == 4 * 3600)
        return forS
    }

    @Test(arguments: [true, false])
    func aRideLeftInAShedWithoutAFixEndsItselfAfterFourHours(pausedAtTheDoor: Bool) {
        var session = SessionFixture.recording()
        var items = SessionFixture.riding(from: 0, seconds: 60, speedMps: 5)
        // Paused at the door, or rolled in at speed and the fix gone within 3 s (never paused).
        items += pausedAtTheDoor ? standing(from: 60, seconds: 10, atM: 300) : SessionFixture.riding(from: 60, seconds: 3, speedMps: 5, startM: 300)
        let inside = pausedAtTheDoor ? 70 : 63
        #expect(settle(&session, items).isEmpty)
        #expect(isWarning(settle(&session, withoutFix(from: inside, seconds: hourS))), "an hour without a fix warns")
        #expect(settle(&session, withoutFix(from: inside + hourS, seconds: 2 * hourS)).isEmpty)
        let ended = settle(&session, withoutFix(from: inside + 3 * hourS, seconds: hourS + 60))
        let forS = endedAfter(ended)
        #expect(forS.map { $0 >= Double(4 * hourS) && $0 < Double(4 * hourS + 120) } == true, "\(ended)")
        #expect(session.phase == .idle)
    }

    @Test func aTunnelOrASilentReceiverWhileRidingEndsNothing() {
        var session = SessionFixture.recording()
        #expect(settle(&session, SessionFixture.riding(from: 0, seconds: 60, speedMps: 5)).isEmpty)
        // A ten-minute tunnel: no warning, and riding on out of it is not "moving again".
        #expect(settle(&session, withoutFix(from: 60, seconds: 600)).isEmpty)
        #expect(settle(&session, SessionFixture.riding(from: 660, seconds: 60, speedMps: 5, startM: 4_000)).isEmpty)
        // Five hours with the receiver silent (a loose cable) while riding, then back without a
        // fix for a minute: the silence was not seen to be a stop, so it is not counted.
        let back = 720 + 5 * hourS
        #expect(settle(&session, [.receiverSilent(monoNs: 821_000_000_000)] + withoutFix(from: back, seconds: 60)).isEmpty)
        #expect(settle(&session, SessionFixture.riding(from: back + 60, seconds: 60, speedMps: 5, startM: 90_000)).isEmpty)
        guard case .recording = session.phase else { Issue.record("\(session.phase)"); return }
    }
}
