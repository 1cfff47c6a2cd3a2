import RoamCore

/// Rides a route at 1 Hz: accelerates towards the cruising speed, brakes to a halt at each stop
/// and at the end, and moves the true position on the sphere one step per second.
enum RouteIntegrator {
    /// Gentle, as a loaded touring rider pedals away and brakes.
    static let accelerationMps2 = 0.6
    static let brakingMps2 = 1.2

    struct Result {
        var samples: [TruthSample]
        var stopSeconds: [Range<Int>]
    }

    private struct Halt {
        var atM: Double
        var seconds: Int
        var weatherDriftPa: Double
    }

    static func integrate(startLatDeg: Double, startLonDeg: Double, startAltitudeM: Double, legs: [RouteLeg]) -> Result {
        let profile = RoadProfile(legs: legs, startAltitudeM: startAltitudeM)
        var halts: [Halt] = []
        var s = 0.0
        for leg in legs {
            switch leg {
            case .road(let r), .tunnel(let r): s += r.lengthM
            case .stop(let seconds, let drift): halts.append(Halt(atM: s, seconds: seconds, weatherDriftPa: drift))
            }
        }
        halts.append(Halt(atM: profile.lengthM, seconds: 0, weatherDriftPa: 0))

        let degPerRad = 180 / Double.pi
        var lat = startLatDeg / degPerRad, lon = startLonDeg / degPerRad
        var v = 0.0, drift = 0.0
        s = 0
        var samples: [TruthSample] = []
        var stops: [Range<Int>] = []

        func record(step: Double) {
            samples.append(TruthSample(
                second: samples.count, latDeg: lat * degPerRad, lonDeg: lon * degPerRad,
                altitudeM: profile.altitudeM(at: s), distanceM: s, speedMps: step,
                headingDeg: normalised(profile.headingDeg(at: s)), isStopped: step == 0,
                isInTunnel: profile.isInTunnel(at: s), weatherDriftPa: drift))
        }

        record(step: 0)
        for halt in halts {
            while s < halt.atM {
                let remaining = halt.atM - s
                v = min(max(profile.cruiseSpeedMps(at: s), v - brakingMps2), v + accelerationMps2)
                // Brake early enough to stop exactly at the halt: v² ≤ 2·a·remaining.
                v = min(v, (2 * brakingMps2 * remaining).squareRoot())
                let step = min(v, remaining)
                let heading = profile.headingDeg(at: s + step / 2) / degPerRad
                let r = Haversine.earthRadiusM
                let dLat = step * cosine(heading) / r
                lon += step * sine(heading) / (r * cosine(lat + dLat / 2))
                lat += dLat
                s = step == remaining ? halt.atM : s + step
                record(step: step)
            }
            v = 0
            guard halt.seconds > 0 else { continue }
            let first = samples.count, base = drift
            for k in 1...halt.seconds {
                drift = base + halt.weatherDriftPa * Double(k) / Double(halt.seconds)
                record(step: 0)
            }
            stops.append(first..<samples.count)
        }
        return Result(samples: samples, stopSeconds: stops)
    }

    private static func normalised(_ deg: Double) -> Double {
        let d = deg.truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }
}
