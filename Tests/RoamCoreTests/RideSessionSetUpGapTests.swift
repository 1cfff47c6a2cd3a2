import RoamCore
import Testing

/// P5: the receiver set up again mid-ride away from its baud (`RideSessionItem.receiverSetUpAgain`)
/// is a gap with that cause before the next fix, unless a gap is open already (a silence before it).
@Suite struct RideSessionSetUpGapTests {
    @Test func aSetUpAwayFromTheBaudIsAGapWithItsCauseBeforeTheNextFix() throws {
        var session = SessionFixture.recording()
        // 20 s of epochs lost to the set-up's search: without its item, the fixes after read as a loss of fix.
        let items = SessionFixture.riding(from: 0, seconds: 5, speedMps: 5) + [.receiverSetUpAgain(monoNs: 42)]
            + SessionFixture.riding(from: 25, seconds: 3, speedMps: 5, startM: 125)
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items))))
        let gaps = commit.batch.events.filter { $0.kind == .gap }
        #expect(gaps == [RideEvent(kind: .gap, monoNs: 42, detail: GapCause.receiverSetUpAgain.rawValue, beforeSeq: 5)])
        #expect(commit.batch.fixes[5].flags.isSuperset(of: [.segmentStart, .afterSilence]))
        #expect(commit.batch.fixes[5].segment == commit.batch.fixes[4].segment + 1)
        #expect(commit.batch.state.totals.gapCount == 1)
    }

    @Test func aSetUpInsideASilenceIsThatSilencesGap() throws {
        var session = SessionFixture.recording()
        let items = SessionFixture.riding(from: 0, seconds: 5, speedMps: 5)
            + [.receiverSilent(monoNs: 40), .receiverSetUpAgain(monoNs: 42), .receiverBack(monoNs: 44)]
            + SessionFixture.riding(from: 25, seconds: 3, speedMps: 5, startM: 125)
        let commit = try #require(SessionFixture.commit(in: session.handle(SessionFixture.batch(items))))
        #expect(commit.batch.events.filter { $0.kind == .gap }.map(\.detail) == [GapCause.receiverSilent.rawValue])
        #expect(commit.batch.state.totals.gapCount == 1)
    }
}
