import RoamCore

/// The roads of a route laid end to end: altitude, heading, cruising speed and tunnel cover as
/// functions of the distance `s` travelled along the road from the start.
struct RoadProfile: Sendable {
    struct Piece: Sendable {
        var startM: Double
        var road: BenchRoad
        var startAltitudeM: Double
        var isTunnel: Bool
        var endM: Double { startM + road.lengthM }
    }

    let pieces: [Piece]
    var lengthM: Double { pieces.last?.endM ?? 0 }

    init(legs: [RouteLeg], startAltitudeM: Double) {
        var pieces: [Piece] = []
        var s = 0.0, altitude = startAltitudeM
        for leg in legs {
            let road: BenchRoad, isTunnel: Bool
            switch leg {
            case .road(let r): (road, isTunnel) = (r, false)
            case .tunnel(let r): (road, isTunnel) = (r, true)
            case .stop: continue
            }
            pieces.append(Piece(startM: s, road: road, startAltitudeM: altitude, isTunnel: isTunnel))
            s += road.lengthM
            altitude += road.climbM
        }
        self.pieces = pieces
    }

    /// The piece that holds `s`; a point exactly on a joint belongs to the piece that follows.
    func piece(at s: Double) -> Piece {
        pieces.first { s < $0.endM } ?? pieces[pieces.count - 1]
    }

    func altitudeM(at s: Double) -> Double {
        let p = piece(at: s)
        let u = min(1, max(0, (s - p.startM) / p.road.lengthM))
        // Grade swings ±35 % around the mean about once per km, as real roads do, while
        // f'(u) = 1 − 0.35·cos(2πku) > 0 keeps the stretch monotonic (so its true climb is exact).
        let k = max(1, (p.road.lengthM / 1000).rounded())
        let shape = u - 0.35 / (2 * Double.pi * k) * sine(2 * Double.pi * k * u)
        return p.startAltitudeM + p.road.climbM * shape
    }

    /// Heading in degrees, not normalised (bends are linear in distance).
    func headingDeg(at s: Double) -> Double {
        let p = piece(at: s)
        let u = min(1, max(0, (s - p.startM) / p.road.lengthM))
        return p.road.fromHeadingDeg + (p.road.toHeadingDeg - p.road.fromHeadingDeg) * u
    }

    /// Cruising speed with a slow ±4 % swing, so speed is never a suspiciously flat line.
    func cruiseSpeedMps(at s: Double) -> Double {
        piece(at: s).road.speedMps * (1 + 0.04 * sine(2 * Double.pi * s / 850))
    }

    /// Strictly inside: at a portal the sky is still visible.
    func isInTunnel(at s: Double) -> Bool {
        pieces.contains { $0.isTunnel && s > $0.startM && s < $0.endM }
    }
}
