/// The parameters that decided a ride's flags and totals; stored with the ride (P4) and changed by
/// `roam-board rederive --params FILE`, whose JSON object names only the values it changes (the rest
/// keep the ride's). Decoded, every missing key takes its default.
public struct PipelineParameters: Sendable, Equatable, Codable {
    /// Version of this parameter set's shape (`rides.params_version`).
    /// 4: climbSmoothingS added; a stored set of version 3 or older was counted without smoothing.
    /// 5: maxSpeedSpanS added; a stored set of version 4 or older took each fix's speed as sent.
    /// 6: loggerGapsRiddenThrough added; a stored set of version 5 or older counted no moving time
    /// across the logger's own gaps.
    public var version = 6
    /// Which algorithms produced the derived columns; bumped when their behaviour changes.
    /// 2: gaps judged against the receiver's learned epoch rhythm; distance bridged across gaps.
    /// 3: a gap slower than the auto-pause speed is a pause: not bridged, not moving time.
    /// 4: climb counted on the barometric altitude low-passed over climbSmoothingS, hysteresis 3 m.
    /// 5: after 5 minutes stopped, weather absorbed at every paused fix within 15 m of the stop,
    /// not only at a resume within weatherStillRadiusM; a receiver that fell silent or leapt ahead
    /// without a fix is not believed until its next fix; a step back of a second starts no timeline.
    /// 6: a longer step back onto an epoch without a fix is not believed either; an epoch the
    /// receiver calls invalid (GGA quality 0, RMC or GLL status V) is no fix, whatever else it sends;
    /// one it dead-reckoned, was given or simulated is flagged `unmeasured-position`, a gap's cause.
    /// 7: a simulator's time (GGA quality 8, mode S) is not the receiver's clock: its epochs carry
    /// monotonic time, back-filled from the board's clock, and start no timeline.
    /// 8: a receiver date that cannot be true is not believed: more than one 1024-week period before
    /// the floor (a placeholder: 1980-01-06, 2000-01-01) or 1024 weeks past the build floor (2080-01-06);
    /// its epochs carry monotonic time, as a simulator's do. An RMC with status A but mode N
    /// ("not valid") is no fix, as a GLL with mode N already was.
    /// 9: a ride whose altitude is a track file's elevation keeps its climb series across fixes
    /// without a sample (the file recorded no elevation there); the board's barometer still breaks it.
    /// 10: a segment's first fix after a gap whose time counted as moving is flagged `moved-through-gap`
    /// (the FIT timer runs through such a gap).
    public var algorithm = "roam-pipeline/10"

    // Time
    /// A GNSS date earlier than this is a GPS week rollover and moves on by 1024 weeks, or cannot be
    /// true and is not believed (`WeekRollover`; default its build floor, 2025-01-01, before which this
    /// logger did not exist; replays of old captures lower it).
    public var rolloverFloorUTCms: Int64 = WeekRollover.buildFloorUTCms
    /// Epochs in a row on an earlier timeline before it is accepted as the receiver's new time.
    public var timeConfirmEpochs = 3

    // Gates
    /// No usable position for longer than this starts a new segment (P5): no-fix reports, or a
    /// silence of the receiver when its rhythm is faster than this.
    public var gapAfterS = 5.0
    /// A silence between epochs is a gap when longer than this many times the longest recent
    /// interval of the receiver's rhythm (`EpochRhythm`), and longer than `gapAfterS`.
    public var rhythmGapFactor = 2.0
    /// Until the rhythm is learned (3 intervals), a silence up to this long is taken as rhythm:
    /// the longest interval a logger's smart recording uses.
    public var rhythmLearnS = 30.0
    /// Closer than this to the last accepted point: flagged, kept, not counted.
    public var distanceGateM = 10.0
    /// Horizontal accuracy worse than this: flagged.
    public var maxAccuracyM = 50.0
    /// User-equivalent range error: accuracy is HDOP × this when the receiver sends no GST.
    public var receiverErrorM = 5.0
    /// An implied speed above this (plus `jumpSlackM` for noise) no bicycle reaches: flagged.
    public var maxSpeedMps = 33.0
    public var jumpSlackM = 20.0
    /// Fixes in a row that agree with each other but not with the track before them: the receiver
    /// really is elsewhere, and a new segment starts (cause: spatial jump).
    public var jumpConfirmFixes = 3
    /// Where speed is derived from positions (`speedMeasured` false), the maximum is taken over
    /// spans of the accepted track at least this long (`SpanSpeed`); 0 takes each fix's speed as sent.
    public var maxSpeedSpanS = 7.0

    // Auto-pause (docs/DESIGN.md §5)
    public var pauseBelowMps = 1.0
    public var pauseAfterS = 3.0
    public var resumeAboveMps = 1.5
    public var resumeAfterS = 2.0
    /// A loss of fix while moving, with the rider moving again after it, counts as moving time up to this long.
    public var movingGapMaxS = 600.0
    /// The logger's own gaps (a silent receiver, one set up again, a restart) ridden through count
    /// as moving time, as a loss of fix does (`GapCause.mayBeRiddenThrough`). Before version 6 they
    /// did not: a 121 s silence at 32 km/h added 1.1 km and no time, a FIT average of 48 km/h.
    public var loggerGapsRiddenThrough = true

    // Smoothing
    /// White-acceleration spectral density of the constant-velocity filter, m²/s³.
    public var smoothingAccelerationNoise = 1.0
    /// 1-sigma error of the receiver's Doppler velocity, m/s.
    public var smoothingVelocitySigmaMps = 0.5

    // Barometer and climb (P6)
    /// Climb is counted on the barometric altitude low-passed with this time constant, then with
    /// this peak-to-trough hysteresis. Chosen on seven real rides with the devices' own totals
    /// (Tests/Data/rides/README.md), not on one: 2 s and 3 m put four of the five 1 Hz barometric
    /// rides within 10 % of the device (5 m alone, fitted to the Edge 810: three, two at -30 %).
    public var climbSmoothingS = 2.0
    public var climbHysteresisM = 3.0
    /// A sample further than this (plus the vertical speed allowance) from the last good one is a spike.
    public var baroSpikeM = 6.0
    public var baroMaxVerticalSpeedMps = 3.0
    /// Rejected samples in a row that agree: a new level rather than spikes.
    public var baroStepConfirmSamples = 3
    /// While paused, a rider still within this distance of where they stopped has not climbed:
    /// the pressure change meanwhile is weather (absorbed at each paused fix within it).
    public var weatherStillRadiusM = 50.0

    // Provenance
    /// false when the barometer's temperature is no measurement of the air (a bench replay of a
    /// track or capture that carries none): fixes then store no temperature, and nothing shows one.
    public var temperatureMeasured = true
    /// false when speed and course over ground were no receiver's measurement: a bench replay of a
    /// GPX track, whose RMC carries what the positions and times imply (`UnmeasuredFigures`).
    public var speedMeasured = true
    /// What the barometer column holds: the air's pressure, a replayed track's elevation through the
    /// standard atmosphere, or nothing (a capture replay has no barometer: no pressure stored, no climb).
    public var altitudeSource = AltitudeSource.barometer
    /// What a silence between two points is called when the pipeline breaks the track there: nil for
    /// a receiver's epochs ("no fix"); a replayed capture's receiver's silence (`GapCause.receiverSilent`,
    /// as the board says in real time); an imported file's own words otherwise (`GapCause.noPointsInFile`,
    /// `GapCause.leftOutOfExport`). Stored with the ride, so `rederive` and `check` say it again;
    /// written only when set, so a recorded ride's parameters are what they were.
    public var silenceGapCause: GapCause? = nil

    public init() {}

    /// Every key a parameters file may name, optional ones included (the encoder writes those only
    /// when set, so the encoded defaults do not list them all).
    public static var keys: [String] { CodingKeys.allCases.map(\.stringValue) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, algorithm, rolloverFloorUTCms, timeConfirmEpochs
        case gapAfterS, rhythmGapFactor, rhythmLearnS, distanceGateM, maxAccuracyM, receiverErrorM
        case maxSpeedMps, jumpSlackM, jumpConfirmFixes, maxSpeedSpanS
        case pauseBelowMps, pauseAfterS, resumeAboveMps, resumeAfterS, movingGapMaxS, loggerGapsRiddenThrough
        case smoothingAccelerationNoise, smoothingVelocitySigmaMps
        case climbSmoothingS, climbHysteresisM, baroSpikeM, baroMaxVerticalSpeedMps, baroStepConfirmSamples, weatherStillRadiusM
        case temperatureMeasured, speedMeasured, altitudeSource, silenceGapCause
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PipelineParameters()
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        version = try value(.version, d.version)
        algorithm = try value(.algorithm, d.algorithm)
        rolloverFloorUTCms = try value(.rolloverFloorUTCms, d.rolloverFloorUTCms)
        timeConfirmEpochs = try value(.timeConfirmEpochs, d.timeConfirmEpochs)
        gapAfterS = try value(.gapAfterS, d.gapAfterS)
        rhythmGapFactor = try value(.rhythmGapFactor, d.rhythmGapFactor)
        rhythmLearnS = try value(.rhythmLearnS, d.rhythmLearnS)
        distanceGateM = try value(.distanceGateM, d.distanceGateM)
        maxAccuracyM = try value(.maxAccuracyM, d.maxAccuracyM)
        receiverErrorM = try value(.receiverErrorM, d.receiverErrorM)
        maxSpeedMps = try value(.maxSpeedMps, d.maxSpeedMps)
        jumpSlackM = try value(.jumpSlackM, d.jumpSlackM)
        jumpConfirmFixes = try value(.jumpConfirmFixes, d.jumpConfirmFixes)
        // A ride stored before version 5 took each fix's speed for its maximum: rederived with its
        // own parameters it keeps what it was recorded with.
        maxSpeedSpanS = try value(.maxSpeedSpanS, version < 5 ? 0 : d.maxSpeedSpanS)
        pauseBelowMps = try value(.pauseBelowMps, d.pauseBelowMps)
        pauseAfterS = try value(.pauseAfterS, d.pauseAfterS)
        resumeAboveMps = try value(.resumeAboveMps, d.resumeAboveMps)
        resumeAfterS = try value(.resumeAfterS, d.resumeAfterS)
        movingGapMaxS = try value(.movingGapMaxS, d.movingGapMaxS)
        // A ride stored before version 6 counted no moving time across the logger's own gaps:
        // check and rederive with its own parameters keep what it was recorded with.
        loggerGapsRiddenThrough = try value(.loggerGapsRiddenThrough, version < 6 ? false : d.loggerGapsRiddenThrough)
        smoothingAccelerationNoise = try value(.smoothingAccelerationNoise, d.smoothingAccelerationNoise)
        smoothingVelocitySigmaMps = try value(.smoothingVelocitySigmaMps, d.smoothingVelocitySigmaMps)
        // A ride stored before version 4 was counted without smoothing: rederiving it with its own
        // parameters must give what it was recorded with, not today's default.
        climbSmoothingS = try value(.climbSmoothingS, version < 4 ? 0 : d.climbSmoothingS)
        climbHysteresisM = try value(.climbHysteresisM, d.climbHysteresisM)
        baroSpikeM = try value(.baroSpikeM, d.baroSpikeM)
        baroMaxVerticalSpeedMps = try value(.baroMaxVerticalSpeedMps, d.baroMaxVerticalSpeedMps)
        baroStepConfirmSamples = try value(.baroStepConfirmSamples, d.baroStepConfirmSamples)
        weatherStillRadiusM = try value(.weatherStillRadiusM, d.weatherStillRadiusM)
        temperatureMeasured = try value(.temperatureMeasured, d.temperatureMeasured)
        speedMeasured = try value(.speedMeasured, d.speedMeasured)
        altitudeSource = try value(.altitudeSource, d.altitudeSource)
        silenceGapCause = try c.decodeIfPresent(GapCause.self, forKey: .silenceGapCause)
    }

    /// The maximum speed is taken over spans of the accepted track (`SpanSpeed`): speed is derived, not measured.
    public var maxSpeedOverSpans: Bool { !speedMeasured && maxSpeedSpanS > 0 }

    /// Why these parameters cannot run, or nil: thresholds that would make gates meaningless.
    public var problem: String? {
        if !(gapAfterS > 0) { return "gapAfterS must be positive" }
        if !(rhythmGapFactor >= 1) || !(rhythmLearnS > 0) { return "rhythmGapFactor must be at least 1 and rhythmLearnS positive" }
        if !(distanceGateM >= 0) { return "distanceGateM must not be negative" }
        if !(maxAccuracyM > 0) || !(receiverErrorM > 0) { return "maxAccuracyM and receiverErrorM must be positive" }
        if !(maxSpeedMps > 0) || !(jumpSlackM >= 0) { return "maxSpeedMps must be positive and jumpSlackM not negative" }
        if !(maxSpeedSpanS >= 0) { return "maxSpeedSpanS must not be negative" }
        if jumpConfirmFixes < 1 || timeConfirmEpochs < 1 || baroStepConfirmSamples < 1 {
            return "jumpConfirmFixes, timeConfirmEpochs and baroStepConfirmSamples must be at least 1"
        }
        if !(resumeAboveMps >= pauseBelowMps) { return "resumeAboveMps must not be below pauseBelowMps (hysteresis)" }
        if !(pauseAfterS >= 0) || !(resumeAfterS >= 0) || !(movingGapMaxS >= 0) { return "dwell times must not be negative" }
        if !(smoothingAccelerationNoise > 0) || !(smoothingVelocitySigmaMps > 0) { return "smoothing noises must be positive" }
        if !(climbSmoothingS >= 0) { return "climbSmoothingS must not be negative" }
        if !(climbHysteresisM > 0) || !(baroSpikeM > 0) || !(baroMaxVerticalSpeedMps >= 0) || !(weatherStillRadiusM >= 0) {
            return "climb and barometer thresholds must be positive"
        }
        return nil
    }
}
