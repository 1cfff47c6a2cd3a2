/// Everything the pipeline needs to continue a ride after a restart, committed with every batch
/// (P1) so a resumed ride continues from the row, never by replaying its fixes (P2): the last
/// points, the clock, the filter, the auto-pause and the climb anchor. Stored in the compact layout
/// of `PipelineState+Bytes`; Codable for the JSON of rows written before it.
public struct PipelineState: Sendable, Equatable, Codable {
    public var nextSeq: Int64 = 0
    /// Segment of the fixes being processed (0 for the first).
    public var segment: Int = 0
    /// The last fix counted for distance: the distance gate measures from it.
    public var lastAccepted: AcceptedPoint?
    public var totals = RideTotals()
    /// The next usable fix starts a new segment (after a gap or a restart).
    public var segmentPending = false

    /// The last fix with a usable position (accepted or under the distance gate): jumps, gaps,
    /// speed and moving time are measured from it.
    public var lastUsable: AcceptedPoint?
    public var clock = EpochClock()
    /// The last back-fill the clock produced; the store applies it with the batch holding its anchor.
    public var backfill: Backfill?
    public var jumps = JumpWatch()
    public var autoPause = AutoPause()
    /// Nil between segments.
    public var smoother: KalmanSmoother?
    public var altimeter = BarometricAltimeter()
    public var climb = ClimbCounter()
    /// A barometer sample has been seen: climb is available from then on.
    public var hasBarometer = false
    /// The previous epoch had no barometer sample although the ride had one before.
    public var barometerInterrupted = false
    /// The pending segment break is a loss of fix that began while moving: its time may count as moving.
    public var gapBeganMoving = false
    /// Logger gaps (restart, silent receiver) to mark on the next epoch.
    public var pendingLoggerFlags: FixFlags = []
    /// The receiver's epoch interval, against which a silence is judged a gap or not.
    public var rhythm = EpochRhythm()
    /// Where speed is derived, the recent accepted fixes the maximum's spans start at.
    public var spanSpeed = SpanSpeed()

    /// A position and when it was received.
    public struct AcceptedPoint: Sendable, Equatable, Codable {
        public var latDeg: Double
        public var lonDeg: Double
        public var monoNs: UInt64
        public var utcMs: Int64?
        public var timeOfDayMs: Int?

        public init(latDeg: Double, lonDeg: Double, time: TimeStamp) {
            self.latDeg = latDeg; self.lonDeg = lonDeg
            monoNs = time.monoNs; utcMs = time.utcMs; timeOfDayMs = time.timeOfDayMs
        }

        public var time: TimeStamp { TimeStamp(utcMs: utcMs, timeOfDayMs: timeOfDayMs, monoNs: monoNs) }
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        // Tolerant: a ride resumed by a newer build finds the keys it did not know as defaults.
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PipelineState()
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        nextSeq = try value(.nextSeq, d.nextSeq)
        segment = try value(.segment, d.segment)
        lastAccepted = try c.decodeIfPresent(AcceptedPoint.self, forKey: .lastAccepted)
        totals = try value(.totals, d.totals)
        segmentPending = try value(.segmentPending, d.segmentPending)
        lastUsable = try c.decodeIfPresent(AcceptedPoint.self, forKey: .lastUsable)
        clock = try value(.clock, d.clock)
        backfill = try c.decodeIfPresent(Backfill.self, forKey: .backfill)
        jumps = try value(.jumps, d.jumps)
        autoPause = try value(.autoPause, d.autoPause)
        smoother = try c.decodeIfPresent(KalmanSmoother.self, forKey: .smoother)
        altimeter = try value(.altimeter, d.altimeter)
        climb = try value(.climb, d.climb)
        hasBarometer = try value(.hasBarometer, d.hasBarometer)
        barometerInterrupted = try value(.barometerInterrupted, d.barometerInterrupted)
        gapBeganMoving = try value(.gapBeganMoving, d.gapBeganMoving)
        pendingLoggerFlags = try value(.pendingLoggerFlags, d.pendingLoggerFlags)
        rhythm = try value(.rhythm, d.rhythm)
        spanSpeed = try value(.spanSpeed, d.spanSpeed)
    }
}

