/// The barometer step of the pipeline (P6): altitude, spikes, weather while paused, climb.
extension RidePipeline {
    /// Returns the epoch's barometric altitude (`baro_alt_m`), nil without a good sample.
    mutating func barometer(_ sample: BarometerSample?, at now: TimeStamp, track: TrackOutcome?,
                            flags: inout FixFlags) -> Double? {
        let p = parameters
        if track?.transition == .paused { state.altimeter.beginHold(latDeg: track?.point.latDeg, lonDeg: track?.point.lonDeg) }
        var verdict: BarometricAltimeter.Verdict?
        let previousSample = state.altimeter.lastGoodSampleTime
        if let sample {
            state.hasBarometer = true
            verdict = state.altimeter.sample(pressurePa: sample.pressurePa, at: now, parameters: p)
        } else {
            flags.insert(.barometerMissing)
            // A track file's point without an elevation is one the file did not record, not a sensor
            // away while the weather moved: its next elevation is compared with the last one.
            if state.hasBarometer, p.altitudeSource != .trackElevation { state.barometerInterrupted = true }
        }
        if let track, track.transition == .resumed {
            state.altimeter.endHold(latDeg: track.point.latDeg, lonDeg: track.point.lonDeg, stillRadiusM: p.weatherStillRadiusM)
        } else if let track, state.altimeter.isHolding, let since = state.autoPause.pausedSince,
                  (now.seconds(since: since) ?? 0) >= BarometricAltimeter.followAfterStoppedS {
            // A long stop: weather is absorbed while the rider stands at it, so walking the bike away
            // afterwards keeps none of it. Not in a stop's first minutes, nor beyond standing
            // distance: a slow push up a hill is below the pause speed too, and its climb is real.
            state.altimeter.followHold(latDeg: track.point.latDeg, lonDeg: track.point.lonDeg,
                                       stillRadiusM: min(p.weatherStillRadiusM, BarometricAltimeter.standingRadiusM))
        }
        guard sample != nil else { return nil }
        switch verdict {
        case nil, .spike?:
            flags.insert(.barometerSpike)
            return nil
        case .step?:
            state.climb.breakSeries()
        case .good?:
            break
        }
        guard let altitude = state.altimeter.currentAltitudeM else { return nil }
        if state.barometerInterrupted {
            // Unobserved pressure change while the sensor was away is not counted as climb.
            state.climb.breakSeries()
            state.barometerInterrupted = false
        }
        if track != nil, !state.autoPause.isPaused {
            let sinceS = previousSample.flatMap { now.seconds(since: $0) } ?? 0
            state.climb.add(altitudeM: altitude, afterS: sinceS, hysteresisM: p.climbHysteresisM, smoothingS: p.climbSmoothingS)
        }
        return state.altimeter.shown(altitude)
    }
}
