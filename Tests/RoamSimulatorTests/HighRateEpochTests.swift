import RoamCore
import RoamSimulator
import Testing

/// The simulated ride as a module set to 10 Hz sends it (`RideSimulation.epochs(perSecond:)`),
/// read back through the recorder's own NMEA stream.
@Suite struct HighRateEpochTests {
    static let ride = RideSimulatorTests.ride
    static let tenHz = ride.epochs(perSecond: 10)

    @Test func oneEpochASecondIsTheRideItself() {
        let one = Self.ride.epochs(perSecond: 1)
        #expect(one.map(\.nmea) == Self.ride.seconds.map(\.nmea))
        #expect(one.map(\.wholeSecond) == Self.ride.seconds.map(\.second))
        #expect(one.map(\.pressurePa) == Self.ride.seconds.map(\.pressurePa))
    }

    @Test func tenAnEpochSecondEveryHundredMillisecondsWithTheWholeSecondsUnchanged() {
        let n = Self.ride.seconds.count
        #expect(Self.tenHz.count == (n - 1) * 10 + 1)
        #expect(zip(Self.tenHz, Self.tenHz.dropFirst()).allSatisfy { $1.utcMs - $0.utcMs == 100 && $1.offsetMs - $0.offsetMs == 100 })
        let whole = Self.tenHz.filter { $0.wholeSecond != nil }
        #expect(whole.map(\.nmea) == Self.ride.seconds.map(\.nmea), "every tenth epoch is the 1 Hz epoch, byte for byte")
        #expect(Self.tenHz.enumerated().allSatisfy { ($0.offset % 10 == 0) == ($0.element.wholeSecond != nil) })
    }

    @Test func theRecordersStreamReadsEveryEpochWithItsOwnTime() throws {
        var stream = NMEAStream()
        var epochs: [Epoch] = []
        for e in Self.tenHz { epochs += stream.feed(e.nmea) }
        epochs += stream.finish()
        #expect(epochs.count == Self.tenHz.count)
        #expect(stream.counters.rejectedTotal == 0)
        #expect(zip(epochs, Self.tenHz).allSatisfy { $0.utcMs == $1.utcMs })
    }

    @Test func anEpochBetweenSecondsLiesBetweenTheirPositions() throws {
        var stream = NMEAStream()
        var epochs: [Epoch] = []
        for e in Self.tenHz { epochs += stream.feed(e.nmea) }
        epochs += stream.finish()
        var checked = 0
        for s in stride(from: 0, to: epochs.count - 10, by: 10) {
            let a = epochs[s], b = epochs[s + 10]
            guard a.hasPosition, b.hasPosition else { continue }
            let span = Haversine.distanceM(lat1: a.latDeg!, lon1: a.lonDeg!, lat2: b.latDeg!, lon2: b.lonDeg!)
            for k in 1..<10 {
                let m = epochs[s + k]
                let fromA = Haversine.distanceM(lat1: a.latDeg!, lon1: a.lonDeg!, lat2: m.latDeg!, lon2: m.lonDeg!)
                let toB = Haversine.distanceM(lat1: m.latDeg!, lon1: m.lonDeg!, lat2: b.latDeg!, lon2: b.lonDeg!)
                // On the straight line between the two whole-second positions, k tenths of the way.
                #expect(abs(fromA + toB - span) < 0.05 && abs(fromA - span * Double(k) / 10) < 0.05, "epoch \(s + k)")
                checked += 1
            }
        }
        #expect(checked > 15_000)
    }

    /// Every epoch has a fix exactly when the road at its own distance is outside the tunnel: the fix
    /// goes at the entrance portal and comes back at the exit, between whole seconds too.
    @Test func theFixGoesAndComesBackAtThePortals() throws {
        var along = 0.0
        var portals: (entry: Double, exit: Double)?
        for leg in Self.ride.route.legs {
            switch leg {
            case .road(let road): along += road.lengthM
            case .tunnel(let road): portals = (along, along + road.lengthM); along += road.lengthM
            case .stop: break
            }
        }
        let (entry, exit) = try #require(portals)
        let seconds = Self.ride.seconds
        var noFix = 0
        for (i, epoch) in Self.tenHz.enumerated() {
            let a = seconds[i / 10].truth, b = i % 10 == 0 ? a : seconds[i / 10 + 1].truth
            let distance = a.distanceM + (b.distanceM - a.distanceM) * Double(i % 10) / 10
            let status = RideSimulatorTests.fields(RideSimulatorTests.lines(epoch.nmea)[0])[2]
            #expect((status == "V") == (distance > entry && distance < exit), "epoch \(i) at \(distance) m, portals \(entry)…\(exit) m")
            if status == "V" { noFix += 1 }
        }
        // About 90 s inside at 7 m/s: within a tenth of a second of 630 m / 7 m/s either way.
        #expect(abs(Double(noFix) / 10 - 90) < 2, "\(noFix) epochs without a fix")
    }

    @Test func theSpikeStaysOnItsOneWholeSecond() {
        let spiked = RideSimulation(spikeAtSecond: 500).epochs(perSecond: 10)
        let differ = zip(Self.tenHz, spiked).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differ == [5000])
    }
}
