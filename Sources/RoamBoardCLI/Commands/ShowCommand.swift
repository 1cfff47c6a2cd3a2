import RoamCore
import RoamExport
import RoamHandover
import RoamStore

/// `roam-board show --ride N`: totals, segments with the gaps between them and their causes,
/// where the times came from, and fixes by flag, for a person to read.
enum ShowCommand {
    /// One segment as its fixes show it (usable positions only: accepted or under the distance gate).
    private struct Segment {
        var number: Int
        var firstSeq: Int64, lastSeq: Int64
        var firstUTCms: Int64?, lastUTCms: Int64?
        var accepted = 0
        var distanceM = 0.0
    }

    private struct Gap {
        var cause: String
        var utcMs: Int64?
        /// Where it falls among the fixes: before this seq (recorder markers), or after the fix stamped `utcMs`.
        var beforeSeq: Int64?
    }

    static func run(_ p: ParsedArguments) throws {
        let (reader, time) = try BoardLoader.reader(p)
        let units = try BoardLoader.units(p)
        let id = try p.value(SharedOptions.ride)
        guard let ride = try reader.ride(id: id) else {
            throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
        }
        // A damaged page among what it reads is said as `check` says it: this ride, how far, what to do.
        try DamagedRideText.reading(reader, id: id, state: ride.state) { try report(ride, reader: reader, time: time, units: units) }
    }

    private static func report(_ ride: RideRow, reader: RideReader, time: LocalTime, units: UnitFormatter) throws {
        let id = ride.id
        var segments: [Segment] = []
        var byFlag = FlagCounts()
        var setAside = SetAsideCount(ride.parameters)
        var sources: [TimeSource: Int] = [:]
        var barometer = BarometerStretches(altitudeSource: ride.parameters.altitudeSource)
        var lastFixSeq: Int64?
        var temperatures: (low: Double, high: Double)?
        var unmeasured = UnmeasuredFigures(ride.parameters)
        // Every fix, but not its NMEA text: nothing here prints it, and inflating it was most of the time.
        try reader.forEachExportedFix(ride: id, withNMEA: false) { fix in
            byFlag.add(fix.flags)
            unmeasured.add(fix)
            barometer.add(seq: fix.seq, utcMs: fix.utcMs, flags: fix.flags)
            setAside.add(fix.flags)
            lastFixSeq = fix.seq
            sources[fix.timeSource, default: 0] += 1
            if let c = fix.temperatureC, c.isFinite {
                temperatures = (min(temperatures?.low ?? c, c), max(temperatures?.high ?? c, c))
            }
            let usable = fix.flags.subtracting(.underDistanceGate).isAccepted
            guard fix.epoch.hasPosition, usable else { return }
            if segments.last?.number != fix.segment {
                segments.append(Segment(number: fix.segment, firstSeq: fix.seq, lastSeq: fix.seq, firstUTCms: fix.utcMs))
            }
            segments[segments.count - 1].lastSeq = fix.seq
            segments[segments.count - 1].lastUTCms = fix.utcMs ?? segments[segments.count - 1].lastUTCms
            // A segment's own distance is measured; what was bridged into its first fix is the gap's.
            if !fix.flags.contains(.bridged) { segments[segments.count - 1].distanceM += fix.distanceAddedM }
            if fix.flags.isAccepted { segments[segments.count - 1].accepted += 1 }
        }
        let (events, newer) = try reader.eventsAndNewer(ride: id)
        let gapSpans = try reader.gapSpans(ride: id)
        let gaps = events.filter { $0.kind == .gap }.map { event -> Gap in
            Gap(cause: event.detail, utcMs: event.utcMs, beforeSeq: event.beforeSeq)
        }

        let t = ride.totals, s = ride.pipelineState.totals
        print("Ride \(ride.id) (\(ride.state.rawValue))")
        if let sentence = newer.sentence {
            print("  newer       this ride \(sentence): shown as far as this roam-board knows; a newer one shows all of it")
        }
        let provenance = try reader.provenance(ride: id)
        if let provenance {
            print("  source      \(provenance.sentence), \(provenance.format.uppercased()); not recorded by this board, no raw NMEA")
        }
        let span = try reader.span(id)
        if let first = span.startUTCms { print("  start       \(time.iso8601(utcMs: first))") }
        if let last = span.endUTCms { print("  end         \(time.iso8601(utcMs: last))") }
        // A ride closed at a start says why (an import's source line says how it came).
        if provenance == nil, let ending = RideEnding.words(events) { print("  ended       \(ending)") }
        print("  distance    \(DistanceText.headline(t, units: units))")
        if t.bridgedGaps > 0 {
            print("              measured \(units.distance(metres: t.distanceM - t.bridgedM, digits: 3)), "
                  + "bridged \(units.distance(metres: t.bridgedM, digits: 3)) (straight across each gap, not drawn)")
        }
        print("  moving      \(ClockDuration.text(seconds: t.movingS))   elapsed \(ClockDuration.text(seconds: t.elapsedS))")
        if let up = t.ascentM, let down = t.descentM {
            print("  climb       \(signedLength(up, units)) / \(signedLength(-down, units)) (\(unmeasured.climbSource))")
        } else {
            print("  climb       unavailable (" + (provenance == nil ? "no barometer; GNSS altitude is never used for climb"
                                                      : "the imported file has no elevation") + ")")
        }
        print("  max speed   " + (unmeasured.speedUnavailable ? UnmeasuredFigures.noSpeedReceived
                                  : units.speed(metresPerSecond: t.maxSpeedMps, digits: 1) + (unmeasured.speedSource.map { " (\($0))" } ?? "")))
        if let temperatures {
            // Said where it came from: the board's barometer, or a track file's device (issue 26).
            print("  temperature \(FixedPoint.format(temperatures.low, digits: 1))–\(FixedPoint.format(temperatures.high, digits: 1)) °C"
                  + ", \(unmeasured.temperatureSource ?? "from the board's barometer")")
        }
        print("  fixes       \(t.fixCount): \(setAside.sentence(in: units))")
        print("              \(Plural.count(t.gapCount, "gap")); parked \(ride.parkedCount); lost \(ride.lostCount)")
        // An imported or replayed track's times are its file's, which the pipeline stores as a receiver's (`TimeSource.gnss`).
        let fromFile = provenance == nil ? unmeasured.timeSource : "from the imported file"
        let received = fromFile ?? "from GNSS"
        let sourceNames: [(TimeSource, String)] = [(.gnss, received), (.rolloverCorrected, "\(received), week rollover corrected"),
                                                   (.backfilled, "back-filled"), (.monotonicOnly, "monotonic only")]
        // The count first, as on the fixes line: "2191 from GNSS", never "GNSS 2191".
        print("  time        " + sourceNames.compactMap { src, name in sources[src].map { "\($0) \(name)" } }.joined(separator: "; ")
              + (fromFile == nil ? "" : " (not this board's receiver)"))
        print("  parameters  \(ride.parameters.algorithm), version \(ride.parameters.version)")

        print("  segments    \(segments.count)" + (s.segmentCount != segments.count ? " (pipeline counted \(s.segmentCount))" : ""))
        let clock = time.rideClock(startUTCms: span.startUTCms, endUTCms: span.endUTCms)
        var pending = gaps
        for segment in segments {
            printGaps(taking: &pending, before: segment, span: gapSpans.span(endingAt: segment.firstSeq), clock: clock)
            let times = [segment.firstUTCms, segment.lastUTCms].map { $0.map(clock) ?? "?" }.joined(separator: "–")
            print("    #\(segment.number)  \(times)  \(units.distance(metres: segment.distanceM, digits: 3)), "
                  + "fixes \(segment.firstSeq)…\(segment.lastSeq), \(segment.accepted) accepted")
        }
        // Gaps after the last segment: the ride ended inside them. One that opened after the last
        // fix points at no fix: it is said as the ride's end, not as a marker past the track.
        for gap in pending {
            let afterLastFix = GapMarker.isAfterLastFix(beforeSeq: gap.beforeSeq, lastFixSeq: lastFixSeq)
            print("      gap: \(gap.cause)" + (gap.utcMs.map { " at \(clock($0))" } ?? "")
                  + (afterLastFix ? ": " + GapMarker.rideEndedInIt : gap.beforeSeq.map { " (before fix \($0))" } ?? ""))
        }

        printBarometer(barometer.named(by: events), clock: clock)

        print("  flags")
        for (_, name) in FixFlags.names where byFlag[name] > 0 { print("    \(name.padded(to: 22)) \(byFlag[name])") }
    }

    /// The stretches without barometer samples, when and why: climb is not counted across them (P6).
    /// A climb figure with its real sign, "+53.9 m" or "-12.0 m", and no sign on what shows as zero ("0.0 m", never "-0.0 m").
    static func signedLength(_ metres: Double, _ units: UnitFormatter) -> String {
        let text = units.length(metres: metres, digits: 1)
        return metres > 0 && text != units.length(metres: 0, digits: 1) ? "+" + text : text
    }

    private static func printBarometer(_ stretches: [BarometerStretches.Stretch], clock: (Int64) -> String) {
        guard !stretches.isEmpty else { return }
        print("  barometer   \(Plural.count(stretches.count, "stretch", "stretches")) without pressure (no climb counted across them)")
        for stretch in stretches {
            let times = [stretch.firstUTCms, stretch.lastUTCms].map { $0.map(clock) ?? "?" }.joined(separator: "–")
            print("    \(times)  fixes \(stretch.firstSeq)…\(stretch.lastSeq): \(stretch.cause ?? "cause not recorded")")
        }
    }

    /// Prints, and removes from `gaps`, those that fall before `segment`, with the span of the gap
    /// that opened it (`RideReader.gapSpans`: the seconds the ride's page and the FIT timer say too).
    private static func printGaps(taking gaps: inout [Gap], before segment: Segment, span: GapSpan?,
                                  clock: (Int64) -> String) {
        gaps.removeAll { gap in
            let isBefore: Bool
            if let seq = gap.beforeSeq {
                isBefore = seq <= segment.firstSeq
            } else if let t = gap.utcMs, let first = segment.firstUTCms {
                // A spatial jump is stamped with the first fix of the segment it starts.
                isBefore = t <= first
            } else {
                isBefore = false
            }
            guard isBefore else { return false }
            // From the last fix before it, whatever the distance gate did; a gap before the first segment has no span.
            let at = span?.fromUTCms ?? gap.utcMs
            let length = span?.durationS
            print("      gap: \(gap.cause)" + (at.map { " at \(clock($0))" } ?? "")
                  + (length.map { ", \(FixedPoint.format($0, digits: 0)) s" } ?? "")
                  + (gap.beforeSeq.map { " (before fix \($0))" } ?? ""))
            return true
        }
    }
}
