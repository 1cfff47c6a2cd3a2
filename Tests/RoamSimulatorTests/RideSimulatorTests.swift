import Testing
import RoamCore
import RoamSimulator

/// The bench simulator is the ground truth for the pipeline's tests, so its own output is
/// checked here with independent code: our own checksum, our own field parsing, our own atmosphere.
@Suite struct RideSimulatorTests {
    static let ride = RideSimulation()
    static var route: SimulatedRoute { ride.route }

    @Test func everySentenceIsFramedAndChecksummed() throws {
        for second in Self.ride.seconds {
            let text = String(decoding: second.nmea, as: UTF8.self)
            #expect(text.hasSuffix("\r\n"))
            let lines = Self.lines(second.nmea)
            #expect(lines.map { String($0.prefix(6)) } == ["$GNRMC", "$GNGGA", "$GNGSA", "$GNGST"])
            for line in lines {
                #expect(line.utf8.count + 2 <= 82, "NMEA 0183 caps a sentence at 82 characters")
                let star = try #require(line.utf8.lastIndex(of: UInt8(ascii: "*")))
                var sum: UInt8 = 0
                for byte in line.utf8[line.utf8.index(after: line.utf8.startIndex)..<star] { sum ^= byte }
                let sent = UInt8(String(line[line.index(after: star)...]), radix: 16)
                #expect(sent == sum, "bad checksum at second \(second.second): \(line)")
            }
        }
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() {
        let again = RideSimulation(seed: 1), other = RideSimulation(seed: 2)
        #expect(again.seconds == Self.ride.seconds)
        #expect(other.seconds.map(\.nmea) != Self.ride.seconds.map(\.nmea))
        #expect(other.seconds.map(\.pressurePa) != Self.ride.seconds.map(\.pressurePa))
        #expect(other.seconds.map(\.truth) == Self.ride.seconds.map(\.truth), "the seed changes noise, not truth")
    }

    @Test func utcAdvancesOneSecondPerEpoch() {
        let rmc = Self.ride.seconds.map { Self.fields(Self.lines($0.nmea)[0]) }
        #expect(rmc[0][1] == "073000.00" && rmc[0][9] == "140626")
        #expect(rmc[61][1] == "073101.00")
        #expect(zip(Self.ride.seconds, Self.ride.seconds.dropFirst()).allSatisfy { $1.utcMs - $0.utcMs == 1000 })
        #expect(Self.ride.buttonPresses == [0, Self.ride.seconds.count])
    }

    @Test func routeTruthIsSelfConsistent() throws {
        let route = Self.route, samples = route.samples
        var haversineSum = 0.0
        for (a, b) in zip(samples, samples.dropFirst()) {
            haversineSum += Haversine.distanceM(lat1: a.latDeg, lon1: a.lonDeg, lat2: b.latDeg, lon2: b.lonDeg)
            #expect(abs(b.distanceM - a.distanceM - b.speedMps) < 1e-6)
            #expect(b.speedMps <= 12 && abs(b.altitudeM - a.altitudeM) < 1)
        }
        #expect(abs(haversineSum - route.trueLengthM) < 0.0005 * route.trueLengthM)
        #expect(route.totalSeconds == samples.count && (1800...2700).contains(route.totalSeconds))
        #expect(route.movingSeconds + samples.filter(\.isStopped).count == route.totalSeconds)
        let tunnel = try #require(route.tunnelSeconds.first)
        #expect(route.tunnelSeconds.count == 1 && (80...100).contains(tunnel.count))
        let hidden = samples[tunnel.upperBound].distanceM - samples[tunnel.lowerBound - 1].distanceM
        #expect(abs(route.trueLengthM - route.trueLengthExcludingTunnelM - hidden) < 1e-6)
        let stop = try #require(route.stopSeconds.first)
        #expect(stop.count >= 180 && samples[stop].allSatisfy { $0.isStopped && !$0.isInTunnel })
        #expect(route.trueAscentM > 50 && abs(route.trueAscentM - 120) < 0.1 && abs(route.trueDescentM - 100) < 0.1)
    }

    @Test func standardTruthIsAsDocumented() {
        let route = SimulatedRoute.standard
        #expect(route.totalSeconds == 2191 && route.movingSeconds == 1950)
        #expect(route.stopSeconds == [1336..<1576] && route.tunnelSeconds == [1723..<1814])
        #expect(abs(route.trueLengthM - 13_230) < 0.01 && abs(route.trueLengthExcludingTunnelM - 12_592.9) < 0.05)
    }

    @Test func tunnelEpochsCarryNoPosition() throws {
        let tunnel = try #require(Self.route.tunnelSeconds.first)
        for second in Self.ride.seconds {
            let f = Self.lines(second.nmea).map(Self.fields)
            if tunnel.contains(second.second) {
                #expect(f[0][2] == "V" && f[0][3].isEmpty && f[0][12] == "N")
                #expect(f[1][6] == "0" && f[1][2].isEmpty && f[1][4].isEmpty)
                #expect(f[2][2] == "1")
            } else {
                #expect(f[0][2] == "A" && f[1][6] == "1" && f[2][2] == "3")
            }
        }
    }

    @Test func receiverNoiseLooksLikeAReceiver() {
        var movingSq = 0.0, moving = 0, worstStanding = 0.0, altErrors: [Double] = []
        for second in Self.ride.seconds where !second.truth.isInTunnel {
            let gga = Self.fields(Self.lines(second.nmea)[1])
            let (lat, lon, t) = (Self.degrees(gga[2], gga[3]), Self.degrees(gga[4], gga[5]), second.truth)
            let error = Haversine.distanceM(lat1: lat, lon1: lon, lat2: t.latDeg, lon2: t.lonDeg)
            if t.isStopped { worstStanding = max(worstStanding, error) } else { movingSq += error * error; moving += 1 }
            altErrors.append(Double(gga[9])! - t.altitudeM)
            #expect((0.8...1.5).contains(Double(gga[8])!))
        }
        let rms = (movingSq / Double(moving)).squareRoot()
        #expect((1.5...3.5).contains(rms), "horizontal rms \(rms) m")
        #expect(worstStanding < 6, "standing jitter reached \(worstStanding) m")
        let bias = altErrors.reduce(0, +) / Double(altErrors.count)
        let spread = (altErrors.map { ($0 - bias) * ($0 - bias) }.reduce(0, +) / Double(altErrors.count)).squareRoot()
        #expect(bias > 4 && (3...7).contains(spread), "GNSS altitude bias \(bias) m, sigma \(spread) m")
    }

    /// The pipeline must land within 0.5 % of the visible length; a plain 10 m gate over these fixes
    /// must already manage that, or the noise (not the pipeline) would be to blame.
    @Test(arguments: [1, 2, 3] as [UInt64]) func gatedDistanceIsWithinHalfAPercent(seed: UInt64) {
        var total = 0.0, last: (Double, Double)?
        for second in RideSimulation(seed: seed).seconds {
            guard !second.truth.isInTunnel else { last = nil; continue }
            let gga = Self.fields(Self.lines(second.nmea)[1])
            let p = (Self.degrees(gga[2], gga[3]), Self.degrees(gga[4], gga[5]))
            guard let a = last else { last = p; continue }
            let d = Haversine.distanceM(lat1: a.0, lon1: a.1, lat2: p.0, lon2: p.1)
            if d >= 10 { total += d; last = p }
        }
        let truth = Self.route.trueLengthExcludingTunnelM
        #expect(abs(total - truth) < 0.005 * truth, "gated \(total) m against \(truth) m")
    }

    @Test func summitPressureFollowsTheStandardAtmosphere() throws {
        let seconds = Self.ride.seconds
        let summit = try #require(seconds.max { $0.truth.altitudeM < $1.truth.altitudeM })
        func isa(_ h: Double) -> Double { 101_325 * power(1 - 0.0000225577 * h, 5.25588) }
        let expected = isa(seconds[0].truth.altitudeM) - isa(summit.truth.altitudeM)
        #expect(summit.second < Self.route.stopSeconds[0].lowerBound, "the summit comes before any weather")
        #expect(expected > 1_300 && abs(seconds[0].pressurePa - summit.pressurePa - expected) < 10)
        #expect(seconds.allSatisfy { (18...22).contains($0.temperatureC) })
    }

    @Test func weatherDriftOverTheStopIsOneAndAHalfHectopascal() throws {
        let stop = try #require(Self.route.stopSeconds.first), s = Self.ride.seconds
        let before = s[(stop.lowerBound - 10)..<stop.lowerBound], after = s[stop.upperBound..<(stop.upperBound + 10)]
        // The stop sits on flat road, so any pressure change across it is weather alone.
        #expect((before + after).allSatisfy { $0.truth.altitudeM == s[stop.lowerBound].truth.altitudeM })
        #expect(before.allSatisfy { $0.truth.weatherDriftPa == 0 } && after.allSatisfy { $0.truth.weatherDriftPa == -150 })
        // Ten readings each side, so the sensor's 1.5 Pa noise cannot decide the test.
        let afterPa: Double = after.map(\.pressurePa).reduce(0, +), beforePa: Double = before.map(\.pressurePa).reduce(0, +)
        let drift = afterPa / 10 - beforePa / 10
        #expect(abs(drift + 150) < 10, "drift \(drift) Pa")
        let noiseless = s.map { BarometerTruth.noiselessPressurePa(for: $0.truth) }
        #expect(abs(noiseless[stop.upperBound - 1] - noiseless[stop.lowerBound - 1] + 150) < 1e-6)
    }

    @Test func spikeThrowsOneFix300mAndChangesNothingElse() {
        let spiked = RideSimulation(spikeAtSecond: 500)
        for (plain, glitch) in zip(Self.ride.seconds, spiked.seconds) where plain.second != 500 {
            #expect(plain == glitch)
        }
        let ggaPlain = Self.fields(Self.lines(Self.ride.seconds[500].nmea)[1])
        let ggaSpike = Self.fields(Self.lines(spiked.seconds[500].nmea)[1])
        let jump = Haversine.distanceM(
            lat1: Self.degrees(ggaPlain[2], ggaPlain[3]), lon1: Self.degrees(ggaPlain[4], ggaPlain[5]),
            lat2: Self.degrees(ggaSpike[2], ggaSpike[3]), lon2: Self.degrees(ggaSpike[4], ggaSpike[5]))
        #expect(abs(jump - 300) < 0.5 && spiked.seconds[500].isSpike)
    }

    // MARK: - Independent NMEA reading

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").map(String.init)
    }

    /// Fields between `$` and `*`, empty ones kept.
    static func fields(_ line: String) -> [String] {
        line.dropFirst().prefix { $0 != "*" }.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// `ddmm.mmmmm` / `dddmm.mmmmm` plus hemisphere to signed degrees.
    static func degrees(_ value: String, _ hemisphere: String) -> Double {
        let v = Double(value)!, whole = (v / 100).rounded(.towardZero)
        let deg = whole + (v - whole * 100) / 60
        return hemisphere == "S" || hemisphere == "W" ? -deg : deg
    }
}
