/// The ride as a module set to more than 1 Hz sends it.
///
/// A receiver's navigation filter moves smoothly between its whole-second solutions, so an epoch
/// between seconds s and s+1 is the truth interpolated between them with the receiver's error
/// interpolated between the two seconds' draws: no new noise, and every whole-second epoch is the
/// 1 Hz epoch byte for byte (the spike stays on its one whole second). Standing is the later
/// second's (the truth says whether the rider moved during the second that ends there); the tunnel
/// is the road's at the epoch's own distance, so the fix goes and comes back at the portals.
extension RideSimulation {
    /// The ride's epochs at `perSecond` (1…10): at 1 the seconds themselves. Between seconds they are
    /// `1000 / perSecond` ms apart, rounded to the 10 ms that NMEA's hundredths carry.
    public func epochs(perSecond: Int) -> [SimulatedEpoch] {
        precondition((1...10).contains(perSecond), "a module sends 1 to 10 epochs a second, asked for \(perSecond)")
        let road = RoadProfile(legs: route.legs, startAltitudeM: route.startAltitudeM)
        var out: [SimulatedEpoch] = []
        out.reserveCapacity(seconds.count * perSecond)
        for (i, a) in seconds.enumerated() {
            out.append(SimulatedEpoch(offsetMs: Int64(a.second) * 1000, utcMs: a.utcMs, nmea: a.nmea,
                                      pressurePa: a.pressurePa, temperatureC: a.temperatureC, wholeSecond: a.second))
            guard i + 1 < seconds.count, perSecond > 1 else { continue }
            let b = seconds[i + 1]
            for k in 1..<perSecond {
                let stepMs = (Int64(k) * 1000 / Int64(perSecond) + 5) / 10 * 10
                let f = Double(stepMs) / 1000
                var truth = a.truth.interpolated(to: b.truth, f)
                truth.isInTunnel = road.isInTunnel(at: truth.distanceM)
                let error = receiverErrors[i].interpolated(to: receiverErrors[i + 1], f)
                let text = NMEAEmitter.sentences(for: truth, error: error, utcMs: a.utcMs + stepMs)
                out.append(SimulatedEpoch(offsetMs: Int64(a.second) * 1000 + stepMs, utcMs: a.utcMs + stepMs, nmea: Array(text.joined().utf8),
                                          pressurePa: lerp(a.pressurePa, b.pressurePa, f), temperatureC: lerp(a.temperatureC, b.temperatureC, f),
                                          wholeSecond: nil))
            }
        }
        return out
    }
}

private func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

/// The shorter way round from `a` to `b`, in [0, 360).
private func lerpDegrees(_ a: Double, _ b: Double, _ f: Double) -> Double {
    var d = (b - a).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 } else if d < -180 { d += 360 }
    let x = (a + d * f).truncatingRemainder(dividingBy: 360)
    return x < 0 ? x + 360 : x
}

extension TruthSample {
    /// The point `f` (0…1) of the way to `next`, with `next`'s standing and tunnel state (the caller
    /// asks the road about the tunnel at the point's own distance).
    func interpolated(to next: TruthSample, _ f: Double) -> TruthSample {
        TruthSample(second: second, latDeg: lerp(latDeg, next.latDeg, f), lonDeg: lerp(lonDeg, next.lonDeg, f),
                    altitudeM: lerp(altitudeM, next.altitudeM, f), distanceM: lerp(distanceM, next.distanceM, f),
                    speedMps: lerp(speedMps, next.speedMps, f), headingDeg: lerpDegrees(headingDeg, next.headingDeg, f),
                    isStopped: next.isStopped, isInTunnel: next.isInTunnel, weatherDriftPa: lerp(weatherDriftPa, next.weatherDriftPa, f))
    }
}

extension ReceiverError {
    /// The error `f` (0…1) of the way to `next`; counts come from the nearer second.
    func interpolated(to next: ReceiverError, _ f: Double) -> ReceiverError {
        ReceiverError(northM: lerp(northM, next.northM, f), eastM: lerp(eastM, next.eastM, f), altitudeM: lerp(altitudeM, next.altitudeM, f),
                      speedMps: lerp(speedMps, next.speedMps, f), courseDeg: lerpDegrees(courseDeg, next.courseDeg, f),
                      hdop: lerp(hdop, next.hdop, f), vdop: lerp(vdop, next.vdop, f), pdop: lerp(pdop, next.pdop, f),
                      satellitesUsed: f < 0.5 ? satellitesUsed : next.satellitesUsed,
                      rangeRmsM: lerp(rangeRmsM, next.rangeRmsM, f), sigmaNorthM: lerp(sigmaNorthM, next.sigmaNorthM, f),
                      sigmaEastM: lerp(sigmaEastM, next.sigmaEastM, f), sigmaAltitudeM: lerp(sigmaAltitudeM, next.sigmaAltitudeM, f))
    }
}
