import RoamPorts
import RoamSystem
import RoamCore

/// Finds the receiver's baud and configures it (baud, rate, sentence set) with its family's own
/// protocol, over any `SerialLine`: the real UART or, in tests, the bench's fake modules behind a pty.
/// The data sentences read meanwhile are handed back at the end (`ReceiverHandBack`), so no
/// sentence is lost to configuration; a module that refuses or never answers is reported and left
/// at whatever it gives.
public struct ReceiverSetup {
    public struct Options: Sendable {
        /// How long the configured baud is listened to before other bauds are tried.
        public var listenMs: UInt64 = 2500
        /// Bytes without one valid sentence in this long: a wrong baud, look elsewhere at once.
        public var garbageMs: UInt64 = 900
        /// Per probed baud (a 1 Hz receiver sends within a second).
        public var probeListenMs: UInt64 = 1300
        public var ackTimeoutMs: UInt64 = 1200
        /// Between a baud command going out and the host following (the module needs a moment).
        public var switchDelayMs: UInt64 = 150
        public init() {}
    }

    public var family: ReceiverFamily
    public var targetBaud: Int
    public var rateHz: Int
    public var options = Options()
    public var clock: () -> UInt64 = MonotonicClock.nowNs
    public var shouldStop: () -> Bool = { false }
    /// Told, as the run goes, how many data sentences each read added to the hand-back (`GNSSReceiver.setupDataSentencesRead`).
    public var onDataSentences: (Int) -> Void = { _ in }
    /// When this receiver last sent a checksummed sentence in this run (UTC ms, the board's clock),
    /// set by `GNSSReceiver` for a set-up run again; nil: never heard, its wiring never proved.
    public var lastHeardUTCms: Int64?

    public init(family: ReceiverFamily, targetBaud: Int, rateHz: Int) {
        self.family = family; self.targetBaud = targetBaud; self.rateHz = rateHz
    }

    /// `handBack` is given, once at the end, the data sentences heard (and the one still arriving).
    public func run(_ line: SerialLine, handBack: ([UInt8]) -> Void) -> ReceiverSetupReport {
        let io = ReceiverLineIO(line: line, clock: clock, shouldStop: shouldStop)
        io.onDataSentences = onDataSentences
        defer { handBack(io.heard.bytes) }
        var report = io.withDeviceFailures(configure(line, io))
        report.listenedAtOtherBauds = io.listenedAtOtherBauds
        report.handBackEndsWhole = io.heard.endsPastData
        return report
    }

    private func configure(_ line: SerialLine, _ io: ReceiverLineIO) -> ReceiverSetupReport {
        let configuredBaud = line.baud
        // 1. The baud: the configured one first, then the common ones.
        // A checksummed NMEA sentence or UBX frame proves it (ReceiverObservation.framesProvingBaud).
        var seen = io.listen(ms: options.listenMs, garbageMs: options.garbageMs) { $0.framesProvingBaud >= 2 }
        var sawBytes = seen.bytes > 0
        // A line silent so far may hold a module that sends nothing until asked (every periodic
        // output off): each baud is asked for the module's version as well as listened to.
        var foundByAsking = false
        if seen.framesProvingBaud == 0 && !sawBytes && !family.versionQueries.isEmpty && !shouldStop() {
            io.askVersion(of: family)
            seen = io.listen(ms: options.ackTimeoutMs, garbageMs: options.ackTimeoutMs) { $0.framesProvingBaud >= 1 }
            sawBytes = seen.bytes > 0
            foundByAsking = seen.framesProvingBaud > 0
        }
        var unsettable: [Int] = []
        if seen.framesProvingBaud == 0 {
            for baud in ReceiverPlan.probeBauds where baud != configuredBaud && !shouldStop() {
                // A search baud this UART cannot make is named in the summary (`unsettable`), with no board.conf hint.
                do { try line.setBaud(baud) } catch { unsettable.append(baud); continue }
                let asking = !sawBytes
                if asking { io.askVersion(of: family) }
                seen = io.listen(ms: options.probeListenMs, garbageMs: options.probeListenMs) { $0.framesProvingBaud >= 1 }
                sawBytes = sawBytes || seen.bytes > 0
                foundByAsking = asking && seen.framesProvingBaud > 0
                if seen.framesProvingBaud > 0 { break }
            }
        }
        guard seen.framesProvingBaud > 0 || !shouldStop() else {
            io.setBaud(configuredBaud)
            return ReceiverSetupReport(baud: nil, family: family, configured: false,
                summary: "receiver: set-up cut short by the recorder stopping, before the module was found", sawOnlyJunk: sawBytes)
        }
        guard seen.framesProvingBaud > 0 else {
            io.setBaud(configuredBaud)
            let tried = ([configuredBaud] + ReceiverPlan.probeBauds.filter { $0 != configuredBaud && !unsettable.contains($0) })
                .map(String.init).joined(separator: ", ")
            let what = sawBytes ? "bytes but no checksummed sentence"
                : family.versionQueries.isEmpty ? "no bytes" : "no bytes, nor an answer when asked for its version,"
            let notSet = unsettable.isEmpty ? "" : "; the UART could not be set to \(unsettable.map(String.init).joined(separator: ", ")) baud"
            return ReceiverSetupReport(baud: nil, family: family, configured: false,
                summary: "receiver: \(what) at any baud tried (\(tried))\(notSet). \(wiringCheck); "
                    + "recording takes whatever arrives at \(configuredBaud) baud.", sawOnlyJunk: sawBytes)
        }
        let foundBaud = line.baud
        // One more epoch's listening decides two things. UBX alone so far: a u-blox sending UBX beside
        // its NMEA may have led with frames; is its NMEA output really off? Found by asking: does it
        // send nothing until asked, or had it only been slow to start?
        var heardOnlyUBX = seen.nmeaOff
        var sendsOnlyWhenAsked = false
        if heardOnlyUBX || foundByAsking {
            let more = io.listen(ms: options.probeListenMs, garbageMs: options.probeListenMs) {
                foundByAsking ? $0.framesProvingBaud >= 1 : $0.validSentences >= 1
            }
            heardOnlyUBX = heardOnlyUBX && more.validSentences == 0
            sendsOnlyWhenAsked = foundByAsking && more.framesProvingBaud == 0
        }
        // A baud found elsewhere mends junk; so does NMEA turned on, once the module took it (below).
        let foundElsewhere = foundBaud != configuredBaud
        let foundText = foundBaud == configuredBaud ? "\(foundBaud) baud" : "\(foundBaud) baud (board.conf says \(configuredBaud))"
        // 2. The family: as configured, recognised from what it said, or asked.
        var family = self.family
        if family == .auto {
            family = seen.family ?? probeFamily(io)
        }
        guard !shouldStop() else {
            return ReceiverSetupReport(baud: foundBaud, family: family, configured: false,
                summary: "receiver: found at \(foundText); set-up cut short by the recorder stopping",
                mended: foundElsewhere)
        }
        guard family != .none else {
            guard !heardOnlyUBX else {
                return ReceiverSetupReport(baud: foundBaud, family: .none, configured: false,
                    summary: "receiver: UBX only, no NMEA, at \(foundText); not configured (receiver = none), so nothing can be "
                        + "recorded: set receiver = auto or ublox in board.conf and the recorder turns its NMEA output on.",
                    mended: foundElsewhere)
            }
            return ReceiverSetupReport(baud: foundBaud, family: .none, configured: false,
                                       summary: "receiver: NMEA at \(foundText); not configured (receiver = none)",
                                       mended: foundElsewhere)
        }
        guard family != .auto else {
            return ReceiverSetupReport(baud: foundBaud, family: .auto, configured: false,
                summary: "receiver: NMEA at \(foundText), but the module did not say what it is (no u-blox, PMTK or CASIC "
                    + "answer): set receiver = ublox, mtk or casic in board.conf. Recording at the module's own rate.",
                mended: foundElsewhere)
        }
        // 3. The commands, checked one by one; refusals are collected, never thrown.
        let nmeaOff = family == .ublox && heardOnlyUBX
        if sendsOnlyWhenAsked { io.silentUntilAsked = family }
        let toBaud = ReceiverPlan.supports(family, baud: targetBaud) ? targetBaud : foundBaud
        // A u-blox names its generation in MON-VER: M9/M10 take CFG-VALSET, older ones CFG-MSG/RATE.
        let version = family == .ublox ? ubloxVersion(io) : nil
        // A module rated to less than the board asks (the u-blox 6: 5 Hz) is clamped, and said so.
        let limit = version.flatMap { ReceiverRateLimit(ublox: $0) }
        let rateHz = limit?.rate(forBoard: self.rateHz) ?? self.rateHz
        // Essential commands refused leave the module unconfigured; a refused refinement is only said.
        var problems: [String] = [], notes: [String] = []
        var cutShort = false, refused = false
        for command in ReceiverPlan.commands(family: family, fromBaud: foundBaud, toBaud: toBaud, rateHz: rateHz,
                                             ubloxValueSet: version?.takesValueSet ?? false, nmeaOff: nmeaOff) {
            if shouldStop() { cutShort = true; break }
            if let problem = send(command, io) {
                // A stop cuts the command's wait short: that is no failure of the module's.
                if shouldStop() { cutShort = true; break }
                if command.essential { problems.append(problem.text); refused = refused || problem.refused } else { notes.append(problem.text + ": the module keeps its own model and recording goes on") }
                // Whatever follows would be junk to a module the host lost in a baud switch.
                if problem.moduleLost { break }
            }
        }
        var summary = "receiver: \(family.displayName) at \(line.baud) baud"
        if line.baud != foundBaud { summary += " (found at \(foundBaud))" }
        if let version { summary += " (\(version.summary)\(version.takesValueSet ? ", set through CFG-VALSET" : ""))" }
        if let identity = io.texts.identity { summary += ", says \(identity)" }
        if cutShort {
            summary += "; set-up cut short by the recorder stopping"
        } else if problems.isEmpty {
            if sendsOnlyWhenAsked {
                summary += "; it sent nothing until asked (its periodic output off): sentences turned on until it next powers up"
            } else if nmeaOff { summary += "; its NMEA output was off: turned on until it next powers up" }
            summary += "; set to \(rateHz) Hz, RMC GGA GSA GST, GSV off"
            if notes.isEmpty, let refinement = Self.refinement(family) { summary += ", " + refinement }
            if family == .casic { summary += " (CASIC sends no acknowledgement)" }
            if !notes.isEmpty { summary += "; " + notes.joined(separator: "; ") }
        } else {
            summary += "; " + (problems + notes).joined(separator: "; ") + ". Recording goes on at whatever rate the module gives."
        }
        if let note = limit?.clampNote(boardHz: self.rateHz) { Self.addSentence(note + ".", to: &summary) }
        let needed = ReceiverSentences.minimumBaud(rateHz: rateHz)
        if line.baud < needed { Self.addSentence("Note: \(rateHz) Hz needs at least \(needed) baud; set baud = \(needed) in board.conf.", to: &summary) }
        if let antenna = io.texts.antenna?.problem { Self.addSentence(antenna + ".", to: &summary) }
        return ReceiverSetupReport(baud: line.baud, family: family, configured: problems.isEmpty && !cutShort, summary: summary, rateHz: rateHz,
                                   mended: foundElsewhere || ((nmeaOff || sendsOnlyWhenAsked) && problems.isEmpty && !cutShort),
                                   failures: problems, refused: refused)
    }

    /// What to check on a line where nothing was found: never heard, its wiring; heard in this run
    /// (set up again after a silence), the wiring was right then, and what comes loose mid-ride.
    private var wiringCheck: String {
        guard let heard = lastHeardUTCms else { return "Check its TX wire to the board's RX and its power" }
        let time = CivilDate.iso8601(utcMs: heard).dropFirst(11).prefix(8)
        return "It was heard until \(time) UTC, so its wiring was right then: check that it still has power and that its connector is seated"
    }

    /// A sentence after the summary: the summary's last one ends with a full stop first (it may end
    /// in a list, "…, dynamic model automotive", that never had one).
    private static func addSentence(_ sentence: String, to summary: inout String) {
        summary += (summary.hasSuffix(".") ? " " : ". ") + sentence
    }

    /// What the family's last, non-essential command sets, for the report.
    private static func refinement(_ family: ReceiverFamily) -> String? {
        switch family {
        case .ublox: "dynamic model \(UBXDynamicModel.forBicycle.name)"
        case .mtk: "\(PMTK.bicycleMode.name) navigation mode"
        case .casic: "dynamic model \(PCAS.bicycleModel.name)"
        default: nil
        }
    }

    /// Asks each family for its version; the first answer names the module.
    private func probeFamily(_ io: ReceiverLineIO) -> ReceiverFamily {
        io.askVersion(of: .auto)
        let seen = io.listen(ms: options.ackTimeoutMs, garbageMs: options.ackTimeoutMs) { $0.family != nil }
        return seen.family ?? .auto
    }

    /// Polls MON-VER; nil when the module does not answer (it is then configured the M8 way).
    private func ubloxVersion(_ io: ReceiverLineIO) -> UBXVersion? {
        for _ in 0..<2 {
            io.write(UBX.pollVersion.bytes)
            let seen = io.listen(ms: options.ackTimeoutMs, garbageMs: options.ackTimeoutMs) { obs in
                obs.ubxFrames.contains { UBXVersion(monVer: $0) != nil }
            }
            if let version = seen.ubxFrames.lazy.compactMap({ UBXVersion(monVer: $0) }).first { return version }
        }
        return nil
    }

    /// What went wrong with one command, in words; `moduleLost`: after a baud switch the module is
    /// heard at neither baud, so the rest of the plan is not sent (it would wait for answers in vain);
    /// `refused`: the module answered no (not merely nothing).
    private struct Problem { var text: String; var moduleLost = false; var refused = false }

    /// Sends one command and judges the answer; returns what went wrong, or nil.
    private func send(_ command: ReceiverCommand, _ io: ReceiverLineIO) -> Problem? {
        for attempt in 0..<2 {
            do {
                try io.line.write(command.bytes)
            } catch {
                return Problem(text: "\(command.what) could not be written: \(error)")
            }
            switch command.expect {
            case .nothing:
                guard let newBaud = command.switchesBaudTo else {
                    _ = io.listen(ms: options.switchDelayMs, garbageMs: options.switchDelayMs) { _ in false }
                    return nil
                }
                let oldBaud = io.line.baud
                _ = io.listen(ms: options.switchDelayMs, garbageMs: options.switchDelayMs) { _ in false }
                do {
                    try io.line.setBaud(newBaud)
                } catch {
                    return stillHeard(at: oldBaud, "\(command.what): the host could not follow (\(error))", io)
                }
                if let quiet = io.silentUntilAsked { io.askVersion(of: quiet) }
                let seen = io.listen(ms: options.listenMs, garbageMs: options.listenMs) { $0.framesProvingBaud >= 1 }
                if seen.framesProvingBaud > 0 { return nil }
                io.setBaud(oldBaud)
                return stillHeard(at: oldBaud, "\(command.what): no sentence or UBX frame at \(newBaud) baud afterwards", io)
            case .ubxAck(let cls, let id):
                let seen = io.listen(ms: options.ackTimeoutMs, garbageMs: options.ackTimeoutMs) { $0.ubxAck(cls, id) != nil }
                switch seen.ubxAck(cls, id) {
                case true?: return nil
                case false?: return Problem(text: "\(command.what) refused (ACK-NAK)", refused: true)
                case nil: if attempt == 1 { return Problem(text: "\(command.what) not answered (no ACK in \(options.ackTimeoutMs) ms)") }
                }
            case .pmtkAck(let number):
                let seen = io.listen(ms: options.ackTimeoutMs, garbageMs: options.ackTimeoutMs) { $0.pmtkAck(number) != nil }
                switch seen.pmtkAck(number)?.flag {
                case .succeeded?: return nil
                case let flag?: return Problem(text: "\(command.what) refused (PMTK001 flag \(flag.rawValue): \(flag))", refused: true)
                case nil: if attempt == 1 { return Problem(text: "\(command.what) not answered (no PMTK001 in \(options.ackTimeoutMs) ms)") }
                }
            }
        }
        return nil
    }

    /// After a baud switch that failed: a module still heard at `oldBaud` did not switch, and takes
    /// the rest there; one heard at neither is lost to the host until the next set-up searches again.
    private func stillHeard(at oldBaud: Int, _ what: String, _ io: ReceiverLineIO) -> Problem {
        if let quiet = io.silentUntilAsked { io.askVersion(of: quiet) }
        let seen = io.listen(ms: options.listenMs, garbageMs: options.garbageMs) { $0.framesProvingBaud >= 1 }
        if seen.framesProvingBaud > 0 { return Problem(text: what + ", staying at \(oldBaud)") }
        return Problem(text: what + "; nor heard at \(oldBaud) baud since, so the rest was not sent (the next set-up searches again)",
                       moduleLost: true)
    }
}
