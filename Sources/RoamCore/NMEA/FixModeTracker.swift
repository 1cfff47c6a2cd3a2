/// Decides the fix mode (gpsd's TPV `mode`) of each epoch from its sentences, reproducing the
/// rules of gpsd's NMEA driver, so a Roam board fix and a gpsd fix agree on the same bytes.
///
/// gpsd never reads "the" mode from one sentence. Each sentence proposes one:
/// - GSA: its fix-type field, except a GPGSA once other systems' GSAs have been seen (their
///   combination wins) and the dead-reckoning `E`;
/// - GGA: no fix unless there is a position and at least 3 satellites; 3D with an altitude
///   and at least 4; a GGA repeating the previous GGA's time is stale (Trimble Placer 450);
/// - RMC: `V` is no fix; `A`/`D` is 2D, kept 3D when the last fix was 3D, raised to 3D when
///   the last GSA listed more than 3 satellites or the fix so far has an altitude;
/// - GLL and GNS: similar, from their status letters;
/// and a proposal never lowers a 3D fix to 2D while an altitude is known. Later sentences of
/// the epoch override earlier ones. State carries across epochs where gpsd's does.
///
/// One departure from gpsd: where the receiver itself calls the epoch's solution invalid (GGA
/// quality 0, RMC or GLL status V or mode N), the epoch is no fix whatever its other
/// sentences propose. gpsd keeps 2D/3D for a quality-0 GGA with a position and 3 satellites
/// (only its status says unknown), and lets a later GSA overrule any of them; a position the
/// receiver disowns must never become a measured one (P4). It is still kept in the raw text.
///
/// A second: a GNS is judged by the letters of every system (`GNS.mode`), where gpsd reads GPS's
/// alone, and its navigational status V (NMEA 4.10: the equipment gives no status; u-blox sends it
/// with every fix) is no verdict; only U (unsafe) withholds its position. `NAAN` is a fix without
/// GPS satellites, which gpsd would call no fix.
///
/// A third departure, made downstream: a solution the receiver calls estimated, manual or
/// simulated (GGA quality 6, 7, 8; mode letter E, M, S) keeps gpsd's mode here, and gpsd reports
/// it as a fix with status DR, TIME or SIM; Roam board stores it with that quality and the
/// pipeline flags it `unmeasuredPosition`, never a measured fix (`UnmeasuredSolution`).
struct FixModeTracker: Sendable {
    /// The merged fix so far (gpsd's `gpsdata.fix`, equal to its `lastfix` while a sentence is
    /// judged); cleared once the sentence opening an epoch has been judged.
    private var mode: FixMode = .unknown
    /// A sentence of the epoch in progress said its solution is invalid.
    private var disowned = false
    private var hasAltitude = false
    /// Whether the epoch before the current one had an altitude (gpsd's `oldfix`).
    private var oldHasAltitude = false
    /// Satellites in the last run of consecutive GSAs (gpsd keeps it across epochs).
    private var gsaSatellites = 0
    private var previousWasGSA = false
    private var lastGSATalker: NMEATalker?
    private var seenNonGPSGSA = false
    private var lastGGA: (talker: NMEATalker, timeOfDayMs: Int?)?

    /// Feeds one sentence. `startsEpoch` is true for the sentence that opened a new epoch:
    /// like gpsd, it is judged against the previous epoch's fix, which is then cleared.
    mutating func apply(_ sentence: NMEASentence, startsEpoch: Bool) {
        if startsEpoch {
            // The previous epoch is judged against the fix it was handed over with.
            if disowned { mode = .noFix }
            disowned = false
        }
        var proposed: FixMode?
        var altitude = false
        switch sentence {
        case .gsa(let s):
            proposed = gsaMode(s)
        case .gga(let s):
            (proposed, altitude) = ggaMode(s)
        case .rmc(let s):
            proposed = rmcMode(s)
        case .gll(let s):
            proposed = gllMode(s)
        case .gns(let s):
            (proposed, altitude) = gnsMode(s)
        case .vtg, .gst, .gsv, .zda:
            break
        }
        if case .gsa = sentence {} else { previousWasGSA = false }
        // Never downgrade a 3D fix that has an altitude behind it (RMC and GLL cannot tell 3D).
        if let p = proposed, mode == .fix3D, p != .noFix, hasAltitude || oldHasAltitude {
            proposed = .fix3D
        }
        if startsEpoch {
            oldHasAltitude = hasAltitude
            mode = .unknown
            hasAltitude = false
        }
        if let proposed { mode = proposed }
        if altitude { hasAltitude = true }
        if Self.disowns(sentence) { disowned = true }
    }

    /// The epoch's fix mode so far: what the sentences propose, unless one of them disowned it.
    var epochMode: FixMode { disowned ? .noFix : mode }

    /// Whether the sentence is the receiver's own word that its solution is not valid.
    static func disowns(_ sentence: NMEASentence) -> Bool {
        switch sentence {
        case .gga(let s): return s.quality == 0
        case .rmc(let s): return !s.isValid || s.faaMode == UInt8(ascii: "N")
        case .gll(let s): return !s.isValid || s.faaMode == UInt8(ascii: "N")
        case .gsa, .gns, .vtg, .gst, .gsv, .zda: return false
        }
    }

    private mutating func gsaMode(_ s: GSA) -> FixMode? {
        // Consecutive GSAs (one per constellation) add up; a new run, or the same single
        // system repeating itself, starts the count again.
        if !previousWasGSA || (lastGSATalker == s.talker && s.talker != .combined) { gsaSatellites = 0 }
        gsaSatellites += s.satellitesUsed
        previousWasGSA = true
        lastGSATalker = s.talker
        if s.talker != .gps { seenNonGPSGSA = true }
        guard let fix = s.fixType, let m = FixMode(rawValue: fix) else { return nil }
        // Once other systems' GSAs have been seen, gpsd lets them decide, not GPGSA.
        if seenNonGPSGSA && s.talker == .gps { return nil }
        return m
    }

    private mutating func ggaMode(_ s: GGA) -> (FixMode?, Bool) {
        let stale = lastGGA.map { $0.talker == s.talker && $0.timeOfDayMs == s.timeOfDayMs } ?? false
        lastGGA = (s.talker, s.timeOfDayMs)
        if stale { return (.noFix, false) }
        guard s.quality != 0, s.latDeg != nil, s.lonDeg != nil else { return (.noFix, false) }
        let satellites = s.satellitesUsed ?? 0
        var m: FixMode = s.altMSLm != nil && satellites >= 4 ? .fix3D : .fix2D
        if satellites < 3 { m = .noFix }
        return (m, s.altMSLm != nil)
    }

    private func rmcMode(_ s: RMC) -> FixMode {
        guard s.isValid, s.faaMode != UInt8(ascii: "N") else { return .noFix }
        var m: FixMode = .noFix
        if s.latDeg != nil, s.lonDeg != nil { m = mode == .fix3D ? .fix3D : .fix2D }
        // RMC-only receivers (Magellan EC-10X) still get a mode; more than 3 satellites or an
        // altitude means 3D.
        if gsaSatellites > 3 || hasAltitude { m = .fix3D }
        return m
    }

    private func gllMode(_ s: GLL) -> FixMode {
        guard s.isValid, s.faaMode != UInt8(ascii: "N"), s.latDeg != nil, s.lonDeg != nil else { return .noFix }
        if hasAltitude || gsaSatellites > 3 { return .fix3D }
        if mode < .fix2D || !oldHasAltitude { return .fix2D }
        return .unknown
    }

    private func gnsMode(_ s: GNS) -> (FixMode?, Bool) {
        guard let letter = s.mode, letter != UInt8(ascii: "N") else { return (.noFix, false) }
        // Unsafe withholds the position; V only says the receiver gives no navigational status.
        if s.navigationStatus == UInt8(ascii: "U") { return (nil, false) }
        guard s.latDeg != nil, s.lonDeg != nil else { return (.noFix, false) }
        let m: FixMode = s.altMSLm != nil && (s.satellitesUsed ?? 0) > 3 ? .fix3D : .fix2D
        return (m, s.altMSLm != nil)
    }
}
