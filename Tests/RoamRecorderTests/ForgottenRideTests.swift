import Foundation
import RoamCore
@testable import RoamRecorder
import RoamStore
import Testing

/// Issue 8: a ride left auto-paused for longer than the limit ends itself, with an event saying why.
@Suite struct ForgottenRideTests {
    @Test func aRidePausedPastTheLimitEndsItselfWithAReason() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.forgottenAfterS = 60
        let r = try h.recorder(options: options)
        r.start()
        r.press()
        // The simulated café stop runs from second 1336 to 1576: 240 s stopped, four times the limit.
        try h.feed(1450)
        #expect(h.events.wait { $0.contains { if case .rideStopped = $0 { return true }; return false } })
        r.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        #expect(ride.state == .stopped)
        let stop = try #require(try reader.events(ride: ride.id).last { $0.kind == .stop })
        #expect(stop.detail.contains("forgotten recording"), "\(stop.detail)")
        // Not before the limit: the pause began about 3 s into the stop, so at least 60 s of it are stored.
        // (It ends with the batch that crossed the limit; how many epochs that batch held depends on timing.)
        let lastSeq = try #require(try reader.seqs(ride: ride.id).last)
        #expect(lastSeq >= 1336 + 3 + 60, "last fix \(lastSeq)")
    }

    @Test func aShortStopDoesNotEndTheRide() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.forgottenAfterS = 600
        let r = try h.recorder(options: options)
        r.start()
        r.press()
        try h.feed(1600)
        #expect(h.waitForAck(through: 1590))
        r.stop()
        let ride = try #require(try h.reader().rides().last)
        #expect(ride.state == .recording)
    }
}
