/// Groups decoded sentences into epochs: everything the receiver said about one UTC time.
///
/// An epoch ends when a sentence with a different time arrives (RMC, GGA, GLL, GNS, ZDA, GST
/// carry a time), or when a timed sentence type arrives again from the same talker (a receiver
/// repeating a stale time, or sending empty time fields before its first fix). Sentences
/// without a time (GSA, GSV, VTG, ignored ones) join the epoch in progress. `finish()` hands
/// over the last epoch.
///
/// Fields merge as in gpsd's last TPV report of the time: a later sentence overrides an earlier
/// one, and a sentence flagged invalid (GGA quality 0 too) contributes no position, only its
/// verdict on the fix mode (`FixModeTracker`), which no other sentence of the epoch overrules.
/// A mode letter saying estimated, manual or simulated (RMC, GLL, GNS, VTG) marks the epoch's
/// quality as GGA would (`UnmeasuredSolution`), so the pipeline, which reads only stored columns,
/// sees it. Dates come from RMC (only when valid: MTK chips send bogus dates while they warn) or
/// ZDA, else are carried forward (`DateCarry`).
public struct EpochAssembler: Sendable {
    /// The epoch in progress, meaningful only while `isOpen`.
    private var current = Epoch()
    private var isOpen = false
    private var ownDate: UTCDate?
    private var gsaSatellites = 0
    /// What a mode letter of the epoch said, when it said the position was not measured.
    private var letterSolution: UnmeasuredSolution?
    private var timedSeen: [UInt32] = []
    private var mode = FixModeTracker()
    private var dates: DateCarry

    /// `presetDate` dates the epochs before the receiver's first RMC/ZDA date.
    public init(presetDate: UTCDate? = nil) {
        dates = DateCarry(preset: presetDate)
        timedSeen.reserveCapacity(8)
    }

    /// Adds a decoded sentence and its raw text; returns the epoch this sentence closed, if any.
    public mutating func add(_ sentence: NMEASentence, raw: String) -> Epoch? {
        var closed: Epoch?
        let key = timedKey(sentence)
        let startsNew = opensEpoch(sentence, key: key)
        if startsNew {
            closed = close()
            isOpen = true
            current.timeOfDayMs = sentence.timeOfDayMs
        } else if key != nil, timedSeen.isEmpty {
            // Sentences before the stream's first timed one (a capture starting mid-cycle, a
            // receiver's start-up TXT) join the first epoch rather than make one of their own.
            current.timeOfDayMs = sentence.timeOfDayMs
        }
        if let key { timedSeen.append(key) }
        mode.apply(sentence, startsEpoch: startsNew)
        merge(sentence)
        current.sentences.append(raw)
        return closed
    }

    /// Keeps the raw text of a sentence the decoder ignored (proprietary, TXT...) with the
    /// epoch in progress. Never closes an epoch.
    public mutating func addRaw(_ raw: String) {
        isOpen = true
        current.sentences.append(raw)
    }

    /// Sentences (decoded or ignored) the epoch in progress holds; 0 when none is open.
    public var sentencesInProgress: Int { isOpen ? current.sentences.count : 0 }

    /// Closes the epoch in progress, if any (end of input).
    public mutating func finish() -> Epoch? { close() }

    /// Whether a sentence tagged `talker` and `type` (its three letters: `RMC`) closes the epoch in
    /// progress whatever its fields say: a timed type that epoch holds from that talker (`opensEpoch`).
    /// Known from a sentence's first bytes, before the rest is in (`NMEAStream.unfinishedSentence`).
    public func closesEpoch(talker: NMEATalker, type a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        guard isOpen, let kind = Self.timedKind(a, b, c) else { return false }
        return timedSeen.contains(Self.key(kind: kind, talker: talker))
    }

    /// `key` is the sentence's `timedKey`, worked out once by the caller.
    private func opensEpoch(_ sentence: NMEASentence, key: UInt32?) -> Bool {
        guard isOpen else { return true }
        guard let key else { return false }
        if timedSeen.contains(key) { return true }
        if timedSeen.isEmpty { return false }  // the epoch so far holds only untimed sentences
        // A timed sentence whose time differs from the epoch's (filled or empty) starts a new one.
        return sentence.timeOfDayMs != current.timeOfDayMs
    }

    /// Identifies a timed sentence type from one talker; nil for untimed types.
    private func timedKey(_ sentence: NMEASentence) -> UInt32? {
        let kind: UInt32
        switch sentence {
        case .rmc: kind = 1
        case .gga: kind = 2
        case .gll: kind = 3
        case .gns: kind = 4
        case .zda: kind = 5
        case .gst: kind = 6
        case .gsa, .gsv, .vtg: return nil
        }
        return Self.key(kind: kind, talker: sentence.talker)
    }

    private static func key(kind: UInt32, talker t: NMEATalker) -> UInt32 {
        kind << 16 | UInt32(t.first) << 8 | UInt32(t.second)
    }

    /// The kind `timedKey` gives a timed type, from the type's three letters; nil for the others.
    private static func timedKind(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32? {
        switch (a, b, c) {
        case (0x52, 0x4D, 0x43): return 1  // RMC
        case (0x47, 0x47, 0x41): return 2  // GGA
        case (0x47, 0x4C, 0x4C): return 3  // GLL
        case (0x47, 0x4E, 0x53): return 4  // GNS
        case (0x5A, 0x44, 0x41): return 5  // ZDA
        case (0x47, 0x53, 0x54): return 6  // GST
        default: return nil
        }
    }

    private mutating func close() -> Epoch? {
        guard isOpen else { return nil }
        var epoch = current
        epoch.fixMode = mode.epochMode
        if epoch.satellitesUsed == nil, gsaSatellites > 0 { epoch.satellitesUsed = gsaSatellites }
        // A GGA's own 6–8 stands, and so does its 0 (invalid wins, as in `FixModeTracker`).
        if let s = letterSolution, epoch.quality != 0, epoch.unmeasuredSolution == nil { epoch.quality = s.rawValue }
        let resolved = dates.resolve(ownDate: ownDate, timeOfDayMs: epoch.timeOfDayMs)
        epoch.date = resolved.date
        epoch.dateIsCarried = resolved.isCarried
        current = Epoch()
        // An epoch holds 4 to 8 sentences: one allocation, not one per doubling (10 a second at 10 Hz).
        current.sentences.reserveCapacity(8)
        isOpen = false
        ownDate = nil
        gsaSatellites = 0
        letterSolution = nil
        timedSeen.removeAll(keepingCapacity: true)
        return epoch
    }

    private mutating func merge(_ sentence: NMEASentence) {
        if let s = Self.modeLetter(sentence).flatMap(UnmeasuredSolution.init(modeLetter:)) { letterSolution = s }
        switch sentence {
        case .rmc(let s):
            // Mode N is "not valid" whatever the status says (a receiver contradicting itself).
            guard s.isValid, s.faaMode != UInt8(ascii: "N") else { break }
            if s.timeOfDayMs != nil, let d = s.date { ownDate = d }
            if let lat = s.latDeg, let lon = s.lonDeg { current.latDeg = lat; current.lonDeg = lon }
            if let v = s.speedMps { current.speedMps = v }
            if let c = s.courseDeg { current.courseDeg = c }
        case .gga(let s):
            current.quality = s.quality ?? current.quality
            current.satellitesUsed = s.satellitesUsed ?? current.satellitesUsed
            if let h = s.hdop, h < 99 { current.hdop = h }  // BT-451 and others send 99.99 for "none"
            // Quality 0: the receiver says this position is not a fix (MTK and u-blox still list
            // the satellites they track, and a position they are settling).
            if s.quality != 0, let lat = s.latDeg, let lon = s.lonDeg {
                current.latDeg = lat; current.lonDeg = lon
                if let a = s.altMSLm { current.altMSLm = a }
                if let g = s.geoidSepM { current.geoidSepM = g }
            }
        case .gns(let s):
            // Status U (unsafe) withholds it; V says no status is given (NMEA 4.10), not an invalid fix.
            guard let m = s.mode, m != UInt8(ascii: "N"), s.navigationStatus != UInt8(ascii: "U") else { break }
            if let lat = s.latDeg, let lon = s.lonDeg {
                current.latDeg = lat; current.lonDeg = lon
                if let a = s.altMSLm { current.altMSLm = a }
                if let g = s.geoidSepM { current.geoidSepM = g }
            }
            if let h = s.hdop { current.hdop = h }
            if current.satellitesUsed == nil { current.satellitesUsed = s.satellitesUsed }
        case .gll(let s):
            guard s.isValid, s.faaMode != UInt8(ascii: "N"), let lat = s.latDeg, let lon = s.lonDeg else { break }
            current.latDeg = lat; current.lonDeg = lon
        case .vtg(let s):
            // gpsd ignores a VTG without true course or knots, or flagged not valid / estimated.
            guard let c = s.courseTrueDeg, let v = s.speedMps, s.speedKnots != nil,
                  s.faaMode != UInt8(ascii: "N"), s.faaMode != UInt8(ascii: "E") else { break }
            current.courseDeg = c
            current.speedMps = v
        case .gsa(let s):
            gsaSatellites += s.satellitesUsed
            if let p = s.pdop, p < 99 { current.pdop = p }
            if let h = s.hdop, h < 99 { current.hdop = h }
            if let v = s.vdop, v < 99 { current.vdop = v }
        case .gst(let s):
            current.gstLatErrM = s.latErrM ?? current.gstLatErrM
            current.gstLonErrM = s.lonErrM ?? current.gstLonErrM
            current.gstAltErrM = s.altErrM ?? current.gstAltErrM
        case .zda(let s):
            if let d = s.date { ownDate = d }
        case .gsv:
            break
        }
    }

    /// The FAA mode letter a sentence carries, valid or not (a receiver dead-reckoning may say V).
    private static func modeLetter(_ sentence: NMEASentence) -> UInt8? {
        switch sentence {
        case .rmc(let s): s.faaMode
        case .gll(let s): s.faaMode
        case .gns(let s): s.mode
        case .vtg(let s): s.faaMode
        case .gga, .gsa, .gst, .gsv, .zda: nil
        }
    }
}
