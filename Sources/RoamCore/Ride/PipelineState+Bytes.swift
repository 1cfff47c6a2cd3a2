/// Every field of the pipeline state in its stored order (`StateBytes` has the layout's rules):
/// the whole encoding lives in this file, writer and reader side by side. A new field is written
/// and read at the END of its struct's list, so states written before it still resume. The round
/// trip test (`PipelineStateBytesTests`) fails while a field of the state is missing here.
extension PipelineState {
    /// The first byte of a stored state in this layout. The packed JSON rows written before it begin
    /// with their preset dictionary's number (1), so the two never meet.
    public static let bytesLayoutTag: UInt8 = 0x81

    /// The state as `rides.pipeline_state` stores it: the tag, the record, zeros up to a multiple of
    /// `paddedTo` (the ride row keeps its size from batch to batch, so SQLite rewrites it in place).
    public func storedBytes(paddedTo step: Int = 1) -> [UInt8] {
        var w = StateBytesWriter(capacity: 512)
        w.bytes.append(Self.bytesLayoutTag)
        write(to: &w)
        w.bytes += repeatElement(0, count: (step - w.bytes.count % step) % step)
        return w.bytes
    }

    /// Reads `storedBytes`; what is wrong with them, in words, when they are not a state.
    public init(storedBytes bytes: [UInt8]) throws(StateBytesFailure) {
        guard bytes.first == Self.bytesLayoutTag else {
            throw StateBytesFailure(description: "does not begin with the state layout's tag \(Self.bytesLayoutTag)")
        }
        var r = StateBytesReader(bytes, from: 1, to: bytes.count)
        self = try PipelineState(reading: &r)
        let rest = bytes[r.position...]
        guard rest.allSatisfy({ $0 == 0 }) else {
            throw StateBytesFailure(description: "has \(rest.count) bytes after the state that are not padding")
        }
    }
}

extension PipelineState: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open()
        w.put(nextSeq); w.put(segment); w.put(lastAccepted); w.put(totals); w.put(segmentPending)
        w.put(lastUsable); w.put(clock); w.put(backfill); w.put(jumps); w.put(autoPause); w.put(smoother)
        w.put(altimeter); w.put(climb); w.put(hasBarometer); w.put(barometerInterrupted); w.put(gapBeganMoving)
        w.put(pendingLoggerFlags.rawValue); w.put(rhythm); w.put(spanSpeed)
        w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open()
        try r.read(&nextSeq); try r.read(&segment); try r.read(&lastAccepted); try r.read(&totals); try r.read(&segmentPending)
        try r.read(&lastUsable); try r.read(&clock); try r.read(&backfill); try r.read(&jumps); try r.read(&autoPause); try r.read(&smoother)
        try r.read(&altimeter); try r.read(&climb); try r.read(&hasBarometer); try r.read(&barometerInterrupted); try r.read(&gapBeganMoving)
        var flags = 0
        try r.read(&flags); pendingLoggerFlags = FixFlags(rawValue: flags)
        try r.read(&rhythm); try r.read(&spanSpeed)
        r.close()
    }
}

/// A time of day is stored as its difference from the time of day of the UTC stored before it:
/// 0, one byte, whenever both came from the same fix (exact either way: wrapping arithmetic).
private enum TimeOfDay {
    static func offset(_ timeOfDayMs: Int?, utcMs: Int64?) -> Int64? {
        timeOfDayMs.map { Int64($0) &- (utcMs ?? 0) % 86_400_000 }
    }

    static func read(_ r: inout StateBytesReader, into timeOfDayMs: inout Int?, utcMs: Int64?) throws(StateBytesReader.Failure) {
        var offset: Int64? = nil
        guard !r.atRecordEnd else { return }
        try r.read(&offset)
        timeOfDayMs = offset.map { Int(truncatingIfNeeded: $0 &+ (utcMs ?? 0) % 86_400_000) }
    }
}

extension PipelineState.AcceptedPoint: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(latDeg); w.put(lonDeg); w.put(monoNs); w.put(utcMs); w.put(TimeOfDay.offset(timeOfDayMs, utcMs: utcMs)); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init(latDeg: 0, lonDeg: 0, time: TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 0))
        try r.open(); try r.read(&latDeg); try r.read(&lonDeg); try r.read(&monoNs); try r.read(&utcMs)
        try TimeOfDay.read(&r, into: &timeOfDayMs, utcMs: utcMs); r.close()
    }
}

extension TimeStamp: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(utcMs); w.put(TimeOfDay.offset(timeOfDayMs, utcMs: utcMs)); w.put(monoNs); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init(utcMs: nil, timeOfDayMs: nil, monoNs: 0)
        try r.open(); try r.read(&utcMs); try TimeOfDay.read(&r, into: &timeOfDayMs, utcMs: utcMs); try r.read(&monoNs); r.close()
    }
}

extension RideTotals: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open()
        w.put(distanceM); w.put(bridgedM); w.put(bridgedGaps); w.put(movingS); w.put(elapsedS); w.put(ascentM); w.put(descentM)
        w.put(maxSpeedMps); w.put(fixCount); w.put(acceptedCount); w.put(flaggedCount); w.put(gapCount); w.put(segmentCount)
        w.put(flagCounts)
        w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open()
        try r.read(&distanceM); try r.read(&bridgedM); try r.read(&bridgedGaps); try r.read(&movingS); try r.read(&elapsedS)
        try r.read(&ascentM); try r.read(&descentM); try r.read(&maxSpeedMps); try r.read(&fixCount); try r.read(&acceptedCount)
        try r.read(&flaggedCount); try r.read(&gapCount); try r.read(&segmentCount)
        try r.read(&flagCounts)
        r.close()
    }
}

/// Each name as its place in `FixFlags.names` plus one (0: the name follows as text), in flag order
/// then the unknown names sorted, so equal counts give equal bytes.
extension FlagCounts: StateBytesValue {
    /// One pass over the few names counted, each put in its flag's place, not a hashed look-up of
    /// every known name: hashing the 17 names (most longer than a small string) was ~4 % of the
    /// 1 Hz commit thread's instructions, for a record written with every commit.
    func write(to w: inout StateBytesWriter) {
        w.varint(UInt64(byName.count))
        var known = [Int?](repeating: nil, count: FixFlags.names.count)
        var unknown: [(String, Int)] = []
        for (name, n) in byName {
            if let index = FixFlags.names.firstIndex(where: { $0.1 == name }) { known[index] = n } else { unknown.append((name, n)) }
        }
        for (index, n) in known.enumerated() {
            if let n { w.varint(UInt64(index + 1)); w.put(n) }
        }
        for (name, n) in unknown.sorted(by: { $0.0 < $1.0 }) {
            w.varint(0); w.put(name); w.put(n)
        }
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        for _ in 0..<(try r.count()) {
            let index = try r.varint()
            guard index <= UInt64(FixFlags.names.count) else {
                throw StateBytesReader.Failure(description: "names flag \(index - 1), which this build does not know, before byte \(r.position)")
            }
            let name = index == 0 ? try String(reading: &r) : FixFlags.names[Int(index) - 1].1
            byName[name] = try Int(reading: &r)
        }
    }
}

extension EpochClock: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(lastTimed); w.put(last); w.put(undatedFromSeq); w.put(backwardsRun); w.put(backwardsLast); w.put(trustsReceiverTime); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open()
        try r.read(&lastTimed); try r.read(&last); try r.read(&undatedFromSeq); try r.read(&backwardsRun); try r.read(&backwardsLast)
        try r.read(&trustsReceiverTime)
        r.close()
    }
}

extension Backfill: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(fromSeq); w.put(anchorSeq); w.put(anchorUTCms); w.put(TimeOfDay.offset(anchorTimeOfDayMs, utcMs: anchorUTCms))
        w.put(anchorMonoNs); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init(fromSeq: 0, anchorSeq: 0, anchor: TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 0), anchorUTCms: 0)
        try r.open()
        try r.read(&fromSeq); try r.read(&anchorSeq); try r.read(&anchorUTCms)
        try TimeOfDay.read(&r, into: &anchorTimeOfDayMs, utcMs: anchorUTCms); try r.read(&anchorMonoNs)
        r.close()
    }
}

extension JumpWatch: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.open(); w.put(last); w.put(count); w.close() }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open(); try r.read(&last); try r.read(&count); r.close()
    }
}

extension AutoPause: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(isPaused); w.put(crossedAt); w.put(pausedSince); w.put(lastUpdate); w.put(stillSince); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open(); try r.read(&isPaused); try r.read(&crossedAt); try r.read(&pausedSince); try r.read(&lastUpdate)
        try r.read(&stillSince)
        r.close()
    }
}

extension KalmanSmoother: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(frame.originLatDeg); w.put(frame.originLonDeg); w.put(east); w.put(north); w.put(time); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        let origin = TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 0)
        self.init(first: Measurement(latDeg: 0, lonDeg: 0, time: origin, sigmaEastM: 0, sigmaNorthM: 0, velocity: nil))
        try r.open()
        try r.read(&frame.originLatDeg); try r.read(&frame.originLonDeg); try r.read(&east); try r.read(&north); try r.read(&time)
        r.close()
    }
}

extension ConstantVelocityAxis: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.open(); w.put(positionM); w.put(velocityMps); w.put(p11); w.put(p12); w.put(p22); w.close() }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init(positionM: 0, sigmaM: 0, velocityMps: 0, velocitySigmaMps: 0)
        try r.open(); try r.read(&positionM); try r.read(&velocityMps); try r.read(&p11); try r.read(&p12); try r.read(&p22); r.close()
    }
}

extension BarometricAltimeter: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open(); w.put(offsetM); w.put(lastGoodM); w.put(lastGoodTime); w.put(outliers); w.put(lastOutlierM); w.put(hold); w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open()
        try r.read(&offsetM); try r.read(&lastGoodM); try r.read(&lastGoodTime); try r.read(&outliers); try r.read(&lastOutlierM); try r.read(&hold)
        r.close()
    }
}

extension BarometricAltimeter.Hold: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.open(); w.put(altitudeM); w.put(latDeg); w.put(lonDeg); w.close() }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init(altitudeM: 0, latDeg: nil, lonDeg: nil)
        try r.open(); try r.read(&altitudeM); try r.read(&latDeg); try r.read(&lonDeg); r.close()
    }
}

extension ClimbCounter: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.open()
        w.put(confirmedAscentM); w.put(confirmedDescentM); w.put(turnM); w.put(highM); w.put(lowM); w.put(extremeM)
        w.put(direction.rawValue); w.put(smoothedM)
        w.close()
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open()
        try r.read(&confirmedAscentM); try r.read(&confirmedDescentM); try r.read(&turnM); try r.read(&highM); try r.read(&lowM)
        try r.read(&extremeM)
        var raw = direction.rawValue
        try r.read(&raw)
        guard let read = Direction(rawValue: raw) else {
            throw StateBytesReader.Failure(description: "has climb direction \(raw), which this build does not know, before byte \(r.position)")
        }
        direction = read
        try r.read(&smoothedM)
        r.close()
    }
}

extension EpochRhythm: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.open(); w.put(recentS); w.put(last); w.close() }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open(); try r.read(&recentS); try r.read(&last); r.close()
    }
}

extension SpanSpeed: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.open(); w.put(marks); w.close() }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init()
        try r.open(); try r.read(&marks); r.close()
    }
}

extension SpanSpeed.Mark: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.open(); w.put(time); w.put(alongM); w.close() }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self.init(time: TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 0), alongM: 0)
        try r.open(); try r.read(&time); try r.read(&alongM); r.close()
    }
}
