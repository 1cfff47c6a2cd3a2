/// The one rule for longitudes at the antimeridian: a longitude, or a step between two, is
/// brought by whole turns into the half-open turn [-180°, 180°). A step so brought is the short
/// way round (179.99° to -179.99° is 0.02° east, not 359.98° west), so a track that crosses 180°
/// unwraps into continuous longitudes (a map draws 180.01 east of 179.99); a longitude so brought
/// is one GPX 1.1 and FIT accept (+180° is the meridian of -180°, and they have no +180).
public enum Longitude {
    /// `deg` in [-180, 180): the same meridian, or a step taken the short way round.
    public static func wrapped(_ deg: Double) -> Double {
        let r = deg.remainder(dividingBy: 360)  // exact, in [-180, 180]
        return r >= 180 ? r - 360 : r
    }

    /// `units` in [-turn/2, turn/2), for longitudes counted in integers: `turn` is 36 000 000 in
    /// 1e-5 degrees, 2^32 in FIT's semicircles.
    public static func wrapped<T: SignedInteger>(_ units: T, turn: T) -> T {
        let r = units % turn  // the sign of `units`, less than a turn
        if r + r >= turn { return r - turn }
        if r + r < -turn { return r + turn }
        return r
    }

    /// `deg` moved by whole turns to within half a turn of `previousDeg`: the next longitude of a
    /// continuous track whose last one was `previousDeg`.
    public static func unwrapped(_ deg: Double, after previousDeg: Double) -> Double {
        previousDeg + wrapped(deg - previousDeg)
    }

    /// Where the step from `fromDeg` to `toDeg`, taken the short way, crosses the antimeridian:
    /// the fraction of the step there (0 at `fromDeg`, 1 at `toDeg`) and the side the step leaves
    /// (180 going east, -180 going west). Nil when it stays on one side, or a value is out of range.
    public static func antimeridianCrossing(fromDeg: Double, toDeg: Double) -> (fraction: Double, leavingDeg: Double)? {
        guard (-180...180).contains(fromDeg), (-180...180).contains(toDeg), abs(toDeg - fromDeg) > 180 else { return nil }
        let end = unwrapped(toDeg, after: fromDeg)
        guard end != fromDeg else { return nil }  // 180 to -180: the same meridian, no step
        let leaving: Double = end > fromDeg ? 180 : -180
        return ((leaving - fromDeg) / (end - fromDeg), leaving)
    }
}
