import Foundation
import RoamCore
import RoamRecorder
@testable import RoamRig
import RoamSimulator
import RoamStore
import Testing

/// The bench board at the rate its board.conf asks for: the recorder configures the simulated
/// u-blox module (CFG-RATE), and the module then sends the ride at that rate, so `rate_hz = 10`
/// records ten fixes a second on the bench as on a real board.
@Suite struct BenchRateTests {
    /// 50 s along a straight 300 m road: short enough for ten epochs a second in a test.
    static let ride = RideSimulation(route: SimulatedRoute(name: "short", startLatDeg: 47.9640, startLonDeg: 7.9520, startAltitudeM: 392, legs: [
        .road(BenchRoad(lengthM: 300, climbM: 0, speedMps: 6, fromHeadingDeg: 80, toHeadingDeg: 80)),
    ]))

    func record(rateHz: Int, receiver: String) throws -> (fixes: [FixRecord], ride: RideRow) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-bench-rate-\(getpid())-\(rateHz)-\(receiver)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let profile = try BenchBoardConf.profile(dataDir: dir.path, rateHz: rateHz, receiver: receiver)
        let db = dir.appendingPathComponent("rides.db").path
        let store = try RideStore(path: db)
        let end = try BoardSession.run(profile: profile, store: store, activeRide: nil, script: { .simulatedRide(Self.ride, realtime: false) },
                                       emit: { _ in }, report: { _ in })
        #expect(end == .scriptPlayed)
        let reader = try RideReader(path: db)
        let ride = try #require(try reader.rides().first)
        var fixes: [FixRecord] = []
        try reader.forEachFix(ride: ride.id) { fixes.append($0) }
        return (fixes, ride)
    }

    @Test func aBoardAtTenHertzRecordsTenFixesASecond() throws {
        let (fixes, ride) = try record(rateHz: 10, receiver: "ublox")
        #expect(fixes.count == (Self.ride.seconds.count - 1) * 10 + 1)
        #expect(fixes.map(\.seq) == Array(0..<Int64(fixes.count)))
        let times = fixes.compactMap(\.epoch.utcMs)
        #expect(times.count == fixes.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 100 })
        // Every tenth fix is the 1 Hz epoch of its second.
        var oneHz = NMEAStream()
        let seconds = Self.ride.seconds.flatMap { oneHz.feed($0.nmea) } + oneHz.finish()
        for (i, epoch) in seconds.enumerated() {
            #expect(fixes[i * 10].epoch.latDeg == epoch.latDeg && fixes[i * 10].epoch.lonDeg == epoch.lonDeg, "second \(i)")
        }
        // The same 300 m road, measured from ten times the fixes.
        #expect(abs(ride.totals.distanceM - 300) < 30, "distance \(ride.totals.distanceM) m")
    }

    /// A re-armed ride continues after the last GNSS time it committed, whatever rate the module now sends at.
    @Test func aResumedRideContinuesAfterItsLastTimeAtAnyRate() {
        let ride = RideSimulation()
        let tenHz = ride.epochs(perSecond: 10), oneHz = ride.epochs(perSecond: 1)
        let second500 = ride.seconds[500].utcMs
        #expect(SimulatedRig.firstEpoch(of: tenHz, resume: nil) == 0)
        #expect(SimulatedRig.firstEpoch(of: tenHz, resume: .init(afterUTCms: nil)) == 0)
        #expect(SimulatedRig.firstEpoch(of: oneHz, resume: .init(afterUTCms: second500)) == 501)
        // Recorded at 10 Hz up to 500.3 s, resumed at 1 Hz: from second 501, not from epoch 5004.
        #expect(SimulatedRig.firstEpoch(of: oneHz, resume: .init(afterUTCms: second500 + 300)) == 501)
        // Recorded at 1 Hz up to second 500, resumed at 10 Hz: from 500.1 s, not from epoch 501 (50.1 s).
        #expect(SimulatedRig.firstEpoch(of: tenHz, resume: .init(afterUTCms: second500)) == 5001)
        #expect(SimulatedRig.firstEpoch(of: tenHz, resume: .init(afterUTCms: tenHz.last!.utcMs)) == tenHz.count)
    }

    /// A last fix without a date (after a restart in a tunnel the sentences without a fix bring none)
    /// resumes after its time of day, counted on from the last trusted time, over midnight too.
    @Test func anUndatedLastFixResumesAfterItsTimeOfDay() {
        let trusted: Int64 = 1_781_423_933_000  // 2026-06-14 07:58:53 UTC
        var undated = Epoch()
        undated.timeOfDayMs = 28_762_000  // 07:59:22
        #expect(SimulatedRig.Resume(lastFix: undated, lastTrustedUTCms: trusted).afterUTCms == trusted + 29_000)
        let beforeMidnight = trusted - trusted % 86_400_000 + 86_399_000  // 23:59:59
        undated.timeOfDayMs = 1_000  // 00:00:01
        #expect(SimulatedRig.Resume(lastFix: undated, lastTrustedUTCms: beforeMidnight).afterUTCms == beforeMidnight + 2_000)
        var dated = undated
        dated.date = UTCDate(year: 2026, month: 6, day: 15)
        #expect(SimulatedRig.Resume(lastFix: dated, lastTrustedUTCms: trusted).afterUTCms == dated.utcMs)
        #expect(SimulatedRig.Resume(lastFix: nil, lastTrustedUTCms: trusted).afterUTCms == trusted)
    }

    @Test func aBoardAtOneHertzAndAModuleLeftAloneRecordOneFixASecond() throws {
        for receiver in ["ublox", "none"] {
            let rate = receiver == "none" ? 10 : 1
            let (fixes, ride) = try record(rateHz: rate, receiver: receiver)
            #expect(fixes.count == Self.ride.seconds.count, "receiver = \(receiver), rate_hz = \(rate)")
            let times = fixes.compactMap(\.epoch.utcMs)
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 1000 })
            #expect(abs(ride.totals.distanceM - 300) < 30, "distance \(ride.totals.distanceM) m")
        }
    }
}
