import Foundation
import RoamSimulator
import Testing

/// P6 on the bench board: a ride re-armed twice inside the simulated tunnel goes on after the last
/// epoch it committed. In the tunnel the receiver has no fix, and after a restart its time is
/// trusted again only at the next fix, so the pipeline's last trusted time stays where the first
/// restart found it. The bench once resumed from that time and sent the epochs committed since a
/// second time: the kill trial, under load, stored 84 of the tunnel's fixes twice.
@Suite(.serialized) struct ResumeInTunnelTests {
    @Test func aRideReArmedTwiceInTheTunnelHoldsEveryEpochOnce() throws {
        let tunnel = try #require(RideSimulation().route.tunnelSeconds.first)
        let dir = try TrialPaths.temporaryDirectory("resume-in-tunnel")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let hold = dir.appendingPathComponent("hold")
        // Killed 10 s into the tunnel, then again 30 s later, each once every epoch before the hold is acknowledged.
        for stop in [tunnel.lowerBound + 10, tunnel.lowerBound + 40] {
            try TrialVerdict.hold(hold, beforeSecond: stop)
            let child = try TrialVerdict.record(db, holdFile: hold)
            let acknowledged = child.waitForAck(through: Int64(stop - 1))
            child.kill()
            _ = child.finish()
            try #require(acknowledged, "no acknowledgement through seq \(stop - 1):\n\(child.stderrLines.joined(separator: "\n"))")
        }
        try TrialVerdict.hold(hold, beforeSecond: nil)
        let last = try TrialVerdict.record(db)
        #expect(last.finish() == 0, "\(last.stderrLines.joined(separator: "\n"))")
        try TrialVerdict.assertComplete(db, acks: [])
    }
}
