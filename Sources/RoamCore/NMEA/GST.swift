/// GST, pseudorange error statistics: the receiver's own 1-sigma error estimates.
///
///     $GPGST,213121.000,16.1,22.2,10.2,2.0,0.4,0.6,1.4*57
///     1  213121.000  UTC time of the fix these statistics describe
///     2  16.1        RMS of the pseudorange residuals
///     3  22.2        error ellipse semi-major axis, metres (1 sigma)
///     4  10.2        error ellipse semi-minor axis, metres
///     5  2.0         orientation of the semi-major axis, degrees true
///     6  0.4         latitude error, metres
///     7  0.6         longitude error, metres
///     8  1.4         altitude error, metres
public struct GST: Sendable, Equatable {
    public var talker: NMEATalker
    public var timeOfDayMs: Int?
    public var rmsResidual: Double?
    public var semiMajorM: Double?
    public var semiMinorM: Double?
    public var orientationDeg: Double?
    public var latErrM: Double?
    public var lonErrM: Double?
    public var altErrM: Double?

    /// Data fields needed: all eight, as gpsd.
    static let minimumFields = 7

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> GST {
        GST(talker: talker, timeOfDayMs: f.timeOfDayMs(), rmsResidual: f.decimal(), semiMajorM: f.decimal(),
            semiMinorM: f.decimal(), orientationDeg: f.decimal(), latErrM: f.decimal(), lonErrM: f.decimal(),
            altErrM: f.decimal())
    }
}
