import RoamSimulator
import RoamCore
import Testing

/// The pipeline against the bench ride's known truth (docs/DESIGN.md §5): the
/// simulator's NMEA bytes through the real parser, the barometer values of each second, a fast
/// replay's clock. Measured errors are printed; the bounds are the issue's.
@Suite struct PipelineGroundTruthTests {
    static let standard = PipelineRun(RideSimulation(seed: 1))
    static let spikeSecond = 700

    @Test(arguments: [UInt64(1), 2, 3])
    func distanceIsWithinHalfAPercentOfTheWholeRoadTunnelBridged(seed: UInt64) {
        let run = seed == 1 ? Self.standard : PipelineRun(RideSimulation(seed: seed))
        let truth = run.simulation.route.trueLengthM
        let error = run.totals.distanceM / truth - 1
        print("seed \(seed): distance \(run.totals.distanceM) m (\(run.totals.bridgedM) m bridged), truth \(truth) m, error \(error * 100) %")
        #expect(abs(error) < 0.005)
        // The measured part alone is the road outside the tunnel.
        let outside = run.simulation.route.trueLengthExcludingTunnelM
        #expect(abs((run.totals.distanceM - run.totals.bridgedM) / outside - 1) < 0.005)
    }

    @Test func ascentAndDescentComeFromTheBarometerWithinTolerance() throws {
        let route = Self.standard.simulation.route
        let ascent = try #require(Self.standard.totals.ascentM), descent = try #require(Self.standard.totals.descentM)
        print("ascent \(ascent) m (truth \(route.trueAscentM)), descent \(descent) m (truth \(route.trueDescentM))")
        #expect(abs(ascent - route.trueAscentM) <= max(3, 0.03 * route.trueAscentM))
        #expect(abs(descent - route.trueDescentM) <= max(3, 0.03 * route.trueDescentM))
    }

    @Test func weatherDriftDuringTheStopAddsNoClimb() throws {
        // The same ride and noise with a steady sky: the café stop's 1.5 hPa fall must change nothing.
        let legs = SimulatedRoute.standard.legs.map { leg -> RouteLeg in
            if case .stop(let seconds, _) = leg { return .stop(seconds: seconds, weatherDriftPa: 0) }
            return leg
        }
        let s = SimulatedRoute.standard
        let calm = SimulatedRoute(name: "calm", startLatDeg: s.startLatDeg, startLonDeg: s.startLonDeg, startAltitudeM: s.startAltitudeM, legs: legs)
        let calmRun = PipelineRun(RideSimulation(route: calm, seed: 1))
        let withDrift = try #require(Self.standard.totals.ascentM), without = try #require(calmRun.totals.ascentM)
        print("ascent with the weather drift \(withDrift) m, without \(without) m")
        #expect(abs(withDrift - without) < 0.5)
        // The drift is real: with re-anchoring switched off (any displacement counts as moving
        // away), the same ride climbs the 13 m the falling pressure fakes.
        var naive = PipelineParameters()
        naive.weatherStillRadiusM = 0
        let fooled = try #require(PipelineRun(RideSimulation(seed: 1), parameters: naive).totals.ascentM)
        #expect(fooled - withDrift > 10)
    }

    @Test func theTunnelIsAGapWithItsCauseAndNoDistanceAcrossIt() throws {
        let run = Self.standard
        let tunnel = try #require(run.simulation.route.tunnelSeconds.first)
        #expect(run.events.count == 1)
        let gap = try #require(run.events.first)
        #expect(gap.kind == .gap && gap.detail == GapCause.lostFix.rawValue)
        // Stamped where the track stopped: the last fix before the portal.
        #expect(gap.utcMs == run.simulation.startUTCms + Int64(tunnel.lowerBound - 1) * 1000)
        #expect(run.totals.segmentCount == 2 && run.totals.gapCount == 1)
        let inside = run.records(inSeconds: tunnel)
        #expect(inside.count == tunnel.count && inside.allSatisfy { $0.flags.contains(.noFix) && $0.distanceAddedM == 0 })
        let after = try #require(run.records.first { $0.segment == 1 && $0.flags.contains(.segmentStart) })
        #expect(run.second(of: after) == tunnel.upperBound)
        #expect(run.records.filter { $0.segment == 0 }.allSatisfy { (run.second(of: $0) ?? 0) < tunnel.upperBound })
        // The road hidden by the tunnel is bridged on the fix after it, portal to portal in a
        // straight line, and counted apart from the measured distance.
        #expect(after.flags.contains(.bridged) && after.distanceAddedM > 550 && after.distanceAddedM <= 700)
        #expect(run.totals.bridgedM == after.distanceAddedM && run.totals.bridgedGaps == 1)
    }

    @Test func losingTheFixWhileMovingIsAGapAndTheStopIsAPause() throws {
        let run = Self.standard
        let tunnel = try #require(run.simulation.route.tunnelSeconds.first)
        let stop = try #require(run.simulation.route.stopSeconds.first)
        let around = run.records(inSeconds: (tunnel.lowerBound - 10)..<(tunnel.upperBound + 10))
        #expect(around.allSatisfy { !$0.flags.contains(.paused) })
        let pausedSeconds = run.records.filter { $0.flags.contains(.paused) }.compactMap(run.second(of:))
        let inStop = pausedSeconds.filter(stop.contains).count
        print("paused \(pausedSeconds.count) s, \(inStop) of the stop's \(stop.count) s; first \(pausedSeconds.first ?? -1), last \(pausedSeconds.last ?? -1)")
        #expect(inStop >= stop.count - 5)
        // Dwell: paused from 3 s into the stop until 2 s after riding on again (the dwell times).
        #expect(pausedSeconds.allSatisfy { $0 >= stop.lowerBound && $0 < stop.upperBound + 5 })
    }

    @Test func aSpikeIsFlaggedAndNotCounted() throws {
        let spiked = PipelineRun(RideSimulation(seed: 1, spikeAtSecond: Self.spikeSecond))
        let glitch = try #require(spiked.records(inSeconds: Self.spikeSecond..<(Self.spikeSecond + 1)).first)
        #expect(glitch.flags.contains(.implausibleJump) && !glitch.flags.isAccepted && glitch.distanceAddedM == 0)
        #expect(glitch.smoothedLatDeg == nil)
        #expect(spiked.totals.flagCounts[.implausibleJump] == 1 && spiked.totals.segmentCount == 2)
        let difference = spiked.totals.distanceM - Self.standard.totals.distanceM
        print("distance with the 300 m spike \(spiked.totals.distanceM) m, without \(Self.standard.totals.distanceM) m")
        #expect(abs(difference) < 15)  // at most one 10 m gate step shifts; 600 m if the spike counted
    }

    @Test func fixesUnderTheDistanceGateAreKeptAndFlagged() {
        let run = Self.standard
        #expect(run.records.count == run.simulation.seconds.count)
        let gated = run.records.filter { $0.flags.contains(.underDistanceGate) }
        #expect(gated.count > run.records.count / 3)
        #expect(gated.allSatisfy { $0.distanceAddedM == 0 && $0.epoch.hasPosition && $0.smoothedLatDeg != nil })
        // Standing at the café, the receiver's jitter never adds distance.
        let stop = run.simulation.route.stopSeconds[0]
        #expect(run.records(inSeconds: stop).reduce(0) { $0 + $1.distanceAddedM } == 0)
    }

    @Test func movingAndElapsedTimeComeFromGNSSAndAreCloseToTheTruth() {
        let run = Self.standard
        let truth = Double(run.simulation.route.movingSeconds)
        let error = run.totals.movingS - truth
        print("moving \(run.totals.movingS) s, truth \(truth) s, error \(error) s (\(error / truth * 100) %); elapsed \(run.totals.elapsedS) s")
        #expect(abs(error) <= 10)
        // The replay's clock ran 1000× fast: elapsed time comes from GNSS, to the millisecond.
        #expect(run.totals.elapsedS == Double(run.simulation.seconds.count - 1))
        #expect(run.records.allSatisfy { $0.timeSource == .gnss })
    }

    @Test func smoothingStaysCloserToTheRoadThanTheRawFixes() {
        let run = Self.standard
        var raw = 0.0, smooth = 0.0, n = 0.0
        for r in run.records {
            guard let s = run.second(of: r), let lat = r.smoothedLatDeg, let lon = r.smoothedLonDeg,
                  let rawLat = r.epoch.latDeg, let rawLon = r.epoch.lonDeg else { continue }
            let truth = run.simulation.seconds[s].truth
            raw += pow2(Haversine.distanceM(lat1: rawLat, lon1: rawLon, lat2: truth.latDeg, lon2: truth.lonDeg))
            smooth += pow2(Haversine.distanceM(lat1: lat, lon1: lon, lat2: truth.latDeg, lon2: truth.lonDeg))
            n += 1
        }
        print("RMS error to the road: raw \((raw / n).squareRoot()) m, smoothed \((smooth / n).squareRoot()) m over \(Int(n)) fixes")
        #expect(smooth <= raw)
    }

    @Test func withoutABarometerClimbIsUnavailableNotGuessedFromGNSS() {
        let run = PipelineRun(RideSimulation(seed: 1), barometer: false)
        #expect(run.totals.ascentM == nil && run.totals.descentM == nil)
        #expect(run.records.allSatisfy { $0.flags.contains(.barometerMissing) && $0.baroAltM == nil })
        #expect(run.totals.distanceM == Self.standard.totals.distanceM)
    }

    private func pow2(_ x: Double) -> Double { x * x }
}
