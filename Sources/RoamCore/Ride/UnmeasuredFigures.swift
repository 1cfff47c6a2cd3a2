/// The figures of a ride that are not the board's own measurement (a bench replay of a track file,
/// or a capture without a barometer), in words, from the parameters it was recorded with (P4: no figure is shown as measured when it was not). The page, `show`
/// and `rides` all say these, from here, where the figure is shown.
public struct UnmeasuredFigures: Sendable, Equatable {
    /// Speed, average and maximum speed, and course: from positions and times, not the receiver.
    public let speedDerived: Bool
    public let altitude: AltitudeSource
    public let temperatureMeasured: Bool
    /// The shortest span the derived maximum speed is taken over (0: each fix's own, before version 5).
    public let maxSpeedSpanS: Double

    /// The receiver sent no speed with any fix (no RMC or VTG speed): there is no maximum speed, not
    /// one of 0. False until `add` has seen a fix, and for a derived speed.
    public var speedUnavailable: Bool { !speedDerived && sawFix && !sawSpeed }
    private var sawFix = false
    private var sawSpeed = false

    /// Whether the fixes' satellite count and DOP are a receiver's. Not where the fixes' sentences
    /// were written from a track file's points (`timeSource`): a replayed GPX track's GGA makes up 8
    /// satellites and HDOP 1.0 for the pipeline (`TrackReplay`), and an import writes none.
    public var receiverQualityMeasured: Bool { !speedDerived }

    /// Whether the stored pressure is the air's: not a track's elevation worked back through the
    /// standard atmosphere (`AltitudeSource.trackElevation`), which no export may pass off as measured.
    public var pressureMeasured: Bool { altitude == .barometer }

    /// The developer field a FIT export names its derived figures in (`fitDerived`).
    public static let fitFieldName = "roam_derived"

    /// What a FIT export's `roam_derived` field says, in FIT's own field names ("speed" for
    /// enhanced_speed and the session's speeds, "altitude" for enhanced_altitude and the climb);
    /// nil when the devices measured everything the file holds, so a live ride's file is unchanged.
    public var fitDerived: String? {
        var derived: [String] = []
        if speedDerived { derived.append("speed") }
        if altitude == .trackElevation { derived.append("altitude") }
        return derived.isEmpty ? nil : derived.joined(separator: " ")
    }

    /// The GPX description's sentences for the figures its points carry that were not measured
    /// (a bench replay's; an import says whose they are in its own words, `RideSummary.importedNote`).
    public var gpxNotes: [String] {
        var out: [String] = []
        if speedDerived {
            out.append("Speed and course: derived from the track file's positions and times, not measured.")
        }
        if !receiverQualityMeasured {
            out.append("No satellite count or DOP: the replay sent the track file's points, not a receiver's.")
        }
        return out
    }

    /// What the maximum speed is said as when there is none.
    public static let noSpeedReceived = "unavailable (the receiver sent no speed)"

    public init(_ p: PipelineParameters) {
        speedDerived = !p.speedMeasured
        maxSpeedSpanS = p.maxSpeedOverSpans ? p.maxSpeedSpanS : 0
        altitude = p.altitudeSource
        temperatureMeasured = p.temperatureMeasured
    }

    /// Notes one of the ride's stored fixes: whether the receiver sent a speed with any (`speedUnavailable`).
    /// An epoch without a fix counts for neither: a receiver sends no speed before it has a fix.
    public mutating func add(_ fix: FixRecord) {
        guard !fix.flags.contains(.noFix) else { return }
        sawFix = true
        if fix.epoch.speedMps != nil { sawSpeed = true }
    }

    /// Nothing to say: every figure is what the board's devices measured.
    public var isEmpty: Bool { notes.isEmpty }

    /// What the climb figures are counted from, for a label beside them.
    public var climbSource: String {
        switch altitude {
        case .barometer: return "barometer"
        case .trackElevation: return "the track file's elevation, not the board's barometer"
        case .none: return "no barometer measured this ride"
        }
    }

    /// What a ride's exported elevation is when the board's barometer did not measure it, for the
    /// GPX description, the GeoJSON property and the page's note; nil for the barometer, which each
    /// states with its datum.
    public var elevationUnmeasured: String? {
        switch altitude {
        case .barometer: return nil
        case .trackElevation: return "the track file's elevation, not the board's barometer"
        case .none: return "none, no barometer measured this ride"
        }
    }

    /// What the speed figures are, for a label beside them; nil when the receiver measured them.
    public var speedSource: String? {
        speedDerived ? "derived from the track file's positions and times, not measured" : nil
    }

    /// Where the fixes' times came from when this board's receiver did not stamp them, for a label
    /// beside them; nil when it did. Speed is derived exactly where the fixes' sentences were written
    /// from a track file's points (a replayed GPX track, an import), whose times are the file's; only
    /// a replayed NMEA capture has no barometer column at all (a board without its BMP280 flags its
    /// fixes instead), whose times are the receiver's that recorded the capture.
    public var timeSource: String? {
        if speedDerived { return "from the track file" }
        return altitude == .none ? "from the replayed capture's receiver" : nil
    }

    /// Where the air temperature came from when this board's barometer did not measure it, for a
    /// label beside it; nil when it did, or when none is kept. A temperature is kept with a derived
    /// speed only where the fixes were written from a track file's points (a replayed GPX track, an
    /// import): the file's own (a GPX's Garmin `atemp`, a FIT's temperature through GPSBabel).
    public var temperatureSource: String? {
        temperatureMeasured && speedDerived ? "from the track file (the recording device's sensor, not this board's barometer)" : nil
    }

    /// One sentence per figure that is not a measurement, for a note beside the totals.
    public var notes: [String] {
        var out: [String] = []
        if speedDerived {
            // A FIT file's records carry speed, but the import reads it through GPSBabel's GPX, which drops it.
            out.append("Speed (average, maximum, the chart and the colours) is derived from the track file's "
                       + "positions and times: roam-board reads no speed from a track file (a FIT file's own is lost "
                       + "in GPSBabel's conversion to GPX)."
                       + (maxSpeedSpanS > 0 ? " The maximum is the fastest stretch of \(Int(maxSpeedSpanS)) s or more, never one step." : ""))
        }
        if speedUnavailable {
            out.append("No speed: the receiver sent none (no RMC or VTG speed), so there is no maximum speed, speed chart or speed colour.")
        }
        switch altitude {
        case .barometer: break
        case .trackElevation:
            out.append("Ascent, descent and the elevation profile are counted from the track file's elevation: "
                       + "the board's barometer did not measure this ride.")
        case .none:
            out.append("No barometer measured this ride (a replayed NMEA capture, or a track file without elevation): "
                       + "no pressure is stored, so there is no climb and no elevation profile.")
        }
        if let timeSource {
            out.append("Times are \(timeSource), not this board's receiver.")
        }
        if !temperatureMeasured {
            out.append("No air temperature was measured: none is shown.")
        } else if let temperatureSource {
            out.append("Air temperature (the charts and the replay's readout) is \(temperatureSource).")
        }
        return out
    }
}
