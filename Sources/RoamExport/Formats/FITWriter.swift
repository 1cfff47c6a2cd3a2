import RoamCore

/// Streams one ride as a FIT activity file: file id, timer events (start at the first record,
/// stop and start around pauses and the gaps not ridden through, stop at the end), one record per second that has an
/// exported fix, then a lap, a session with the ride's totals, and the activity message.
///
/// A FIT record's time is whole seconds and the record message has no sub-second field, so a
/// 10 Hz ride would repeat each timestamp ten times; readers keep one of them or refuse the file.
/// A second's record is the first fix at or after its boundary (a real fix, never one made up
/// between fixes), except the last second of a segment or the ride, which ends on its last fix:
/// the track ends where it did. Every fix still adds its distance, so each record's distance is
/// the ride's running total and the last one equals the session's (docs/FORMATS.md).
///
/// Records carry the barometric altitude (P6) as enhanced_altitude; a ride whose altitude or speed
/// no device measured says so (`FITExportedFixesMark`) and lists no barometer. The header is written first
/// with a zero size and patched at the end; the file CRC is computed over the data as it streams
/// (see `FITCRC`), so memory stays flat whatever the ride's length.
public struct FITWriter<Sink: PatchableSink> {
    public private(set) var sink: Sink
    public let includeFlagged: Bool
    /// Record messages written, one per second that has an exported fix.
    public private(set) var recordCount = 0
    /// Fixes exported (given a record, or folded into one of their second's, or kept out as
    /// `timeBackCount`): those passed only to drive the timer (under the distance gate) left out.
    public private(set) var exportedFixCount = 0
    /// Timer start and stop events written.
    public private(set) var timerEventCount = 0
    /// Exported fixes that got no record because their time is before a record already written
    /// (the receiver's clock jumped back): FIT times must rise. The GPX and CSV exports keep them (`FITTimeBack`).
    public private(set) var timeBackCount = 0

    private var ride: RideSummary?
    private var headerOffset = 0
    private var dataSize = 0
    private var crc = FITCRC()
    private var buffer: [UInt8] = []
    private var defined: Set<UInt8> = []
    private var timerRunning = false
    /// The second of the last usable fix (a position the pipeline judged, under the distance gate
    /// or not): moving time runs from it to the next usable fix unless that one is paused.
    private var lastUsableTime: Int64?
    private var lastSegment: Int?
    /// The whole second of the last record, written or held.
    private var lastTime: Int64?
    /// The record of the second `lastTime`, held until the second is over, and the last exported
    /// fix after it in that second, which replaces it at the end of a segment or the ride.
    private var held: HeldRecord?
    private var lastInSecond: HeldRecord?
    private var stats = FITRideStats()
    /// Each record's speed: the page's where the ride's speed is derived, so none tops the session's maximum.
    private var speeds = ExportSpeed()
    /// Where each gap began: the last usable fix before it, which may make no record (`RideReader.gapSpans`).
    private let gapSpans: [GapSpan]

    public init(sink: Sink, includeFlagged: Bool = false, gapSpans: [GapSpan] = []) {
        self.sink = sink; self.includeFlagged = includeFlagged; self.gapSpans = gapSpans
        buffer.reserveCapacity(256)
    }

    public mutating func begin(_ ride: RideSummary) throws {
        self.ride = ride
        speeds = ExportSpeed(ride)
        headerOffset = sink.bytesWritten
        try sink.write(bytes: FITHeader.bytes(dataSize: 0))
        try emit(FITProfile.fileID, [
            FITProfile.fileTypeActivity, FITProfile.manufacturerDevelopment, 1,
            FITHeader.serialNumber, ride.startedUTCms.map(FITProfile.timestamp),
        ])
        // file_creator, with which fixes the file holds and what is derived as developer fields (`FITExportedFixesMark`).
        try emit(bytes: FITExportedFixesMark.bytes(ExportedFixes(includeFlagged: includeFlagged), derived: ride.unmeasured.fitDerived,
                                                    softwareVersion: FITProfile.softwareVersion))
        let t = ride.startedUTCms.map(FITProfile.timestamp)
        try emit(FITProfile.deviceInfo, [t, 0, nil, FITProfile.manufacturerDevelopment, 1, FITProfile.softwareVersion,
                                         FITProfile.sourceTypeLocal])
        // A barometer only where one measured the ride: a reader takes its device_info to mean the
        // altitude and climb are barometric, which a track's elevation or a capture's none is not.
        if ride.unmeasured.altitude == .barometer {
            try emit(FITProfile.deviceInfo, [t, 1, FITProfile.localDeviceBarometer, FITProfile.manufacturerDevelopment, nil, nil,
                                             FITProfile.sourceTypeLocal])
        }
    }

    /// Pass every fix, those not exported too (under the distance gate): the timer follows the
    /// pipeline's moving time, which counts the time up to each usable fix that is not paused.
    public mutating func write(_ fix: FixRecord) throws {
        // Every fix in order, those making no record too: a derived speed is taken over a span of them.
        let speed = speeds.speed(at: fix)
        guard let utcMs = fix.utcMs else { return }
        let t = FITProfile.timestamp(utcMs: utcMs)
        let position = fix.epoch.hasPosition ? (lat: fix.epoch.latDeg!, lon: fix.epoch.lonDeg!) : nil
        // Before the last record's second: no record and no timer event could follow it in time
        // order. Its distance still counts in the records after it.
        if let lastTime, t < lastTime {
            if includeFlagged || (fix.flags.isAccepted && position != nil) {
                stats.add(fix, time: t, position: position)
                timeBackCount += 1
                exportedFixCount += 1
            }
            return
        }
        // A position the pipeline judged for moving time: every gate passed but the distance gate.
        let usable = position != nil && fix.flags.subtracting(.underDistanceGate).isAccepted
        guard includeFlagged || (fix.flags.isAccepted && position != nil) else {
            // Only a timer event writes the held record early (FIT times rise): as the last fix of its
            // second, where the riding stopped. Otherwise the held record waits for the next exported
            // fix or the ride's end, which writes it as the ride's last fix (at 10 Hz most fixes are gated).
            if usable, lastSegment != nil, let change = timerChange(fix, at: t) {
                try writeHeldRecord(before: t, endingSegment: true)
                try timerEvent(change.action, at: change.time, trigger: FITProfile.TimerTrigger.auto)
            }
            if usable { lastUsableTime = t }
            return
        }
        exportedFixCount += 1
        let startsSegment = lastSegment.map { $0 != fix.segment } ?? false
        if startsSegment { try writeHeldRecord(endingSegment: true) } else { try writeHeldRecord(before: t) }

        // P5: a new segment is a gap. One ridden through counted as moving time, so the timer runs
        // on across it; any other stops it where the gap began, at the last usable fix before it.
        if startsSegment, timerRunning, !fix.flags.contains(.movedThroughGap), let lastTime {
            let began = gapSpans.span(endingAt: fix.seq)?.fromUTCms.map(FITProfile.timestamp(utcMs:)) ?? lastTime
            try timerEvent(.stopAll, at: max(began, lastTime), trigger: FITProfile.TimerTrigger.auto)
        }
        if lastSegment == nil {
            // The activity opens with a timer start even when its first fix is already paused.
            try timerEvent(.start, at: t, trigger: FITProfile.TimerTrigger.manual)
            if fix.flags.contains(.paused) { try timerEvent(.stopAll, at: t, trigger: FITProfile.TimerTrigger.auto) }
        } else if usable {
            try followMovingTime(fix, at: t)
        }
        if usable { lastUsableTime = t }

        stats.add(fix, time: t, position: position)
        let record = HeldRecord(
            time: t,
            lat: position.map { FITProfile.semicircles($0.lat) }, lon: position.map { FITProfile.semicircles($0.lon) },
            altitude: FITProfile.scaled(fix.baroAltM, scale: 5, offset: 500),
            speed: FITProfile.scaled(speed, scale: 1000),
            distance: FITProfile.scaled(stats.distanceM, scale: 100),
            temperature: fix.temperatureC.flatMap { $0.isFinite ? Int64($0.rounded()) : nil })
        if lastTime.map({ t > $0 }) ?? true {
            held = record
            lastTime = t
        } else if held != nil, t == lastTime {
            // No record of its own, but it may be the last fix of its segment or of the ride.
            lastInSecond = record
        }
        lastSegment = fix.segment
    }

    public mutating func end() throws {
        guard let ride else { preconditionFailure("FITWriter.end() before begin()") }
        try writeHeldRecord(endingSegment: true)
        let end = max(lastTime ?? Int64.min, ride.endedUTCms.map(FITProfile.timestamp) ?? Int64.min)
        let endTime: Int64? = end == Int64.min ? nil : end
        if timerRunning, let endTime {
            // Moving time ends at the last usable fix: a ride that ends without a fix counts none after it.
            let stop = max(lastUsableTime ?? endTime, lastTime ?? endTime)
            try timerEvent(.stopAll, at: stop, trigger: FITProfile.TimerTrigger.manual)
        }
        let start = ride.startedUTCms.map(FITProfile.timestamp) ?? stats.firstTime
        let t = ride.totals
        let elapsed = FITProfile.scaled(t.elapsedS, scale: 1000), timer = FITProfile.scaled(t.movingS, scale: 1000)
        let distance = FITProfile.scaled(t.distanceM, scale: 100)
        let ascent = t.ascentM.map { Int64($0.rounded()) }, descent = t.descentM.map { Int64($0.rounded()) }
        let avgSpeed = t.movingS > 0 ? FITProfile.scaled(t.distanceM / t.movingS, scale: 1000) : nil
        let maxSpeed = FITProfile.scaled(t.maxSpeedMps, scale: 1000)
        let first = stats.firstPosition, last = stats.lastPosition
        try emit(FITProfile.lap, [
            0, endTime, FITProfile.Event.lap, FITProfile.EventType.stop, start,
            first?.lat, first?.lon, last?.lat, last?.lon,
            elapsed, timer, distance, ascent, descent, avgSpeed, maxSpeed,
            FITProfile.lapTriggerSessionEnd, FITProfile.sportCycling, FITProfile.subSportGeneric,
        ])
        try emit(FITProfile.session, [
            0, endTime, FITProfile.Event.session, FITProfile.EventType.stop, start,
            first?.lat, first?.lon, last?.lat, last?.lon,
            FITProfile.sportCycling, FITProfile.subSportGeneric,
            elapsed, timer, distance, ascent, descent, avgSpeed, maxSpeed,
            FITProfile.scaled(stats.minAltitudeM, scale: 5, offset: 500),
            FITProfile.scaled(stats.maxAltitudeM, scale: 5, offset: 500),
            stats.averageTemperatureC.map { Int64($0.rounded()) }, stats.maxTemperatureC.map { Int64($0.rounded()) },
            0, 1, FITProfile.sessionTriggerActivityEnd,
        ])
        try emit(FITProfile.activity, [
            endTime, timer, 1, 0, FITProfile.Event.activity, FITProfile.EventType.stop,
        ])
        try sink.overwrite(at: headerOffset, bytes: FITHeader.bytes(dataSize: dataSize))
        try sink.write(bytes: [UInt8(crc.value & 0xFF), UInt8(crc.value >> 8)])
    }

    /// One record's fields, kept until its second is over.
    private struct HeldRecord {
        var time: Int64
        var lat, lon, altitude, speed, distance, temperature: Int64?
    }

    /// Writes the held record once a fix of a later second arrives (`before`), or when its segment
    /// or the ride ends, then as the last fix of its second (`endingSegment`).
    private mutating func writeHeldRecord(before time: Int64? = nil, endingSegment: Bool = false) throws {
        guard var record = held else { return }
        if let time, time <= record.time { return }
        if endingSegment, let last = lastInSecond { record = last }
        held = nil
        lastInSecond = nil
        try emit(FITProfile.record, [
            record.time, record.lat, record.lon, record.altitude, record.speed, record.distance, record.temperature,
        ])
        recordCount += 1
    }

    /// Starts or stops the timer as the pipeline counts moving time (`RidePipeline.follow`): the
    /// time from the last usable fix to this one is moving unless this one is paused, or it opens a
    /// segment after a gap not ridden through. So a pause stops the timer at the last usable fix
    /// before it and the first fix after it starts the timer at the last paused one: on a track
    /// recorded every few seconds the pause's first and last steps differ, and the events would
    /// not add up to the moving time (an Edge 530's smart recording: 3 s over 1 h).
    private mutating func followMovingTime(_ fix: FixRecord, at t: Int64) throws {
        guard let change = timerChange(fix, at: t) else { return }
        try timerEvent(change.action, at: change.time, trigger: FITProfile.TimerTrigger.auto)
    }

    /// The timer event `fix` calls for, if any (`followMovingTime`).
    private func timerChange(_ fix: FixRecord, at t: Int64) -> (action: TimerAction, time: Int64)? {
        let opensSegment = fix.flags.contains(.segmentStart) && !fix.flags.contains(.movedThroughGap)
        let moving = !fix.flags.contains(.paused) && !opensSegment
        // Never before a record or an event already written: FIT times must rise.
        let from = max(lastUsableTime ?? t, lastTime ?? t)
        if moving, !timerRunning { return (.start, from) }
        if opensSegment, !fix.flags.contains(.paused), !timerRunning { return (.start, t) }
        if fix.flags.contains(.paused), timerRunning { return (.stopAll, from) }
        return nil
    }

    private enum TimerAction { case start, stopAll }

    private mutating func timerEvent(_ action: TimerAction, at time: Int64, trigger: Int64) throws {
        let type = action == .start ? FITProfile.EventType.start : FITProfile.EventType.stopAll
        try emit(FITProfile.event, [time, FITProfile.Event.timer, type, trigger, 0])
        timerRunning = action == .start
        timerEventCount += 1
    }

    /// Writes the definition the first time a local type is used, then the data message.
    private mutating func emit(_ definition: FITMessageDefinition, _ values: [Int64?]) throws {
        buffer.removeAll(keepingCapacity: true)
        if defined.insert(definition.localType).inserted { definition.appendDefinition(to: &buffer) }
        definition.appendData(values, to: &buffer)
        try emit(bytes: buffer)
    }

    /// Messages already encoded, definitions included: counted in the data size and the CRC.
    private mutating func emit(bytes: [UInt8]) throws {
        crc.add(bytes)
        dataSize += bytes.count
        try sink.write(bytes: bytes)
    }
}

/// The fixes a FIT file holds no record of because their time went back (`FITWriter.timeBackCount`),
/// in the words a dump says them: the file itself cannot.
public enum FITTimeBack {
    public static func words(_ count: Int) -> String {
        let one = count == 1
        return "\(Plural.count(count, "fix", "fixes")) \(one ? "has" : "have") no record in the FIT file: \(one ? "its time goes" : "their times go") "
            + "back before a fix already written (the receiver's clock jumped back), and a FIT file's times must rise; "
            + "the ride's GPX and CSV exports keep \(one ? "it" : "them")"
    }

    /// The line `dump` says after a ride's FIT file, and the drive's README.txt lists for its FIT file.
    public static func line(rideID: Int64, _ count: Int) -> String { "ride \(rideID): " + words(count) }
}
