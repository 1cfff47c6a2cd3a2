extension SimulatedRoute {
    /// The reference ride, about 37 minutes and 13 km, set in the Dreisam valley east of
    /// Freiburg im Breisgau (Black Forest), starting near Kirchzarten at 392 m. The roads are
    /// made up; the start point, heights and grades are plausible for the area.
    ///
    /// Warm-up along the valley, a 120 m climb over 3 km (4 % on average, 2.6–5.4 % locally),
    /// a fast 100 m descent, a four-minute café stop while a front drops the pressure by 1.5 hPa,
    /// a 630 m tunnel (about 90 s without fix) and a flat finish.
    ///
    /// Its truth, pinned by `RideSimulatorTests` so a change here is a visible decision:
    /// - 2191 samples (seconds 0–2190, 36 min 30 s elapsed), 1950 of them moving;
    /// - 13 230.0 m of road, 12 592.9 m of it visible (637.1 m hidden by the tunnel);
    /// - ascent 119.99 m, descent 99.99 m, summit 511.99 m at the top of the climb;
    /// - café stop: seconds 1336..<1576; no fix: seconds 1723..<1814 (91 s).
    public static let standard = SimulatedRoute(
        name: "standard",
        startLatDeg: 47.9640,
        startLonDeg: 7.9520,
        startAltitudeM: 392,
        legs: [
            .road(BenchRoad(lengthM: 2_400, climbM: 0, speedMps: 7.5, fromHeadingDeg: 80, toHeadingDeg: 100)),
            .road(BenchRoad(lengthM: 3_000, climbM: 120, speedMps: 4.5, fromHeadingDeg: 100, toHeadingDeg: 160)),
            .road(BenchRoad(lengthM: 2_600, climbM: -100, speedMps: 10.5, fromHeadingDeg: 160, toHeadingDeg: 230)),
            .road(BenchRoad(lengthM: 600, climbM: 0, speedMps: 6.5, fromHeadingDeg: 230, toHeadingDeg: 250)),
            .stop(seconds: 240, weatherDriftPa: -150),
            .road(BenchRoad(lengthM: 1_000, climbM: 0, speedMps: 7.0, fromHeadingDeg: 250, toHeadingDeg: 260)),
            .tunnel(BenchRoad(lengthM: 630, climbM: 0, speedMps: 7.0, fromHeadingDeg: 260, toHeadingDeg: 262)),
            .road(BenchRoad(lengthM: 3_000, climbM: 0, speedMps: 8.0, fromHeadingDeg: 262, toHeadingDeg: 300)),
        ]
    )
}
