/// How far a reported position may be from the truth, per the receiver's own estimate (docs/DESIGN.md §5):
/// the GST error estimates when the receiver sends them, else HDOP × a receiver error constant
/// (the user-equivalent range error). Nil when the epoch carries neither.
public struct HorizontalAccuracy: Sendable, Equatable {
    /// Root-sum-square of the two axes: the radius the accuracy gate compares with its limit.
    public var radiusM: Double
    /// 1-sigma error along each axis, for the smoothing filter's measurement noise.
    public var sigmaNorthM: Double
    public var sigmaEastM: Double

    public init?(epoch: Epoch, receiverErrorM: Double) {
        if let lat = epoch.gstLatErrM, let lon = epoch.gstLonErrM, lat.isFinite, lon.isFinite, lat >= 0, lon >= 0 {
            sigmaNorthM = lat
            sigmaEastM = lon
        } else if let hdop = epoch.hdop, hdop.isFinite, hdop > 0 {
            // HDOP × UERE is a horizontal radius; split it evenly over the two axes.
            let perAxis = hdop * receiverErrorM / 2.0.squareRoot()
            sigmaNorthM = perAxis
            sigmaEastM = perAxis
        } else {
            return nil
        }
        radiusM = (sigmaNorthM * sigmaNorthM + sigmaEastM * sigmaEastM).squareRoot()
    }
}
