/// What the single status LED shows, as data: a list of on/off steps, played once or repeated.
/// The LED driver plays them; tests compare their level/time sequences. No clock here: times are
/// offsets from when a pattern started.
public struct LEDPattern: Sendable, Equatable, CustomStringConvertible {
    public struct Step: Sendable, Equatable {
        public var isOn: Bool
        public var durationMs: UInt64
        public init(_ isOn: Bool, _ durationMs: UInt64) { self.isOn = isOn; self.durationMs = durationMs }
    }

    public var name: String
    /// Never empty; every step lasts at least 1 ms.
    public var steps: [Step]
    /// Repeated forever, or played once and then dark.
    public var repeats: Bool

    public init(name: String, steps: [Step], repeats: Bool) {
        precondition(!steps.isEmpty && steps.allSatisfy { $0.durationMs > 0 }, "a pattern needs steps of at least 1 ms")
        self.name = name; self.steps = steps; self.repeats = repeats
    }

    public var description: String { name }
    public var periodMs: UInt64 { steps.reduce(0) { $0 + $1.durationMs } }

    /// The level `offsetMs` after the pattern started.
    public func isOn(atMs offsetMs: UInt64) -> Bool { locate(offsetMs)?.isOn ?? false }

    /// The first offset after `offsetMs` at which the level changes; nil when it never will.
    public func nextChangeMs(after offsetMs: UInt64) -> UInt64? {
        let now = isOn(atMs: offsetMs)
        var t = offsetMs
        // At most one period (plus the step in progress) to find a change, or none exists.
        for _ in 0...(steps.count + 1) {
            guard let (_, endMs) = locate(t) else { return now ? t : nil }
            t = endMs
            if isOn(atMs: t) != now { return t }
        }
        return nil
    }

    /// The level changes from `0` up to (excluding) `untilMs`, starting with the level at 0:
    /// the form the tests compare.
    public func timeline(untilMs: UInt64) -> [(atMs: UInt64, isOn: Bool)] {
        var out = [(atMs: UInt64(0), isOn: isOn(atMs: 0))]
        var t: UInt64 = 0
        while let next = nextChangeMs(after: t), next < untilMs {
            out.append((next, isOn(atMs: next)))
            t = next
        }
        return out
    }

    /// The step holding `offsetMs` and the offset at which it ends; nil after a one-shot pattern ended.
    private func locate(_ offsetMs: UInt64) -> (isOn: Bool, endMs: UInt64)? {
        let period = periodMs
        if !repeats && offsetMs >= period { return nil }
        let cycleStart = offsetMs - offsetMs % period
        var end = cycleStart
        for step in steps {
            end += step.durationMs
            if offsetMs < end { return (step.isOn, end) }
        }
        return nil
    }
}

extension LEDPattern {
    /// Dark: recording with a fix, between commit blinks.
    public static let dark = LEDPattern(name: "dark", steps: [Step(false, 1000)], repeats: true)
    /// One short flash per committed batch (P1: played only after the commit returned).
    public static let commitBlink = LEDPattern(name: "commit blink", steps: [Step(true, 60)], repeats: false)
    /// Recording, no position yet: a double flash every 2 s.
    public static let waitingForFix = LEDPattern(name: "waiting for fix", steps: [
        Step(true, 100), Step(false, 150), Step(true, 100), Step(false, 1650)], repeats: true)
    /// No bytes from the receiver: slow, even, 1 s on and 1 s off.
    public static let receiverSilent = LEDPattern(name: "receiver silent", steps: [Step(true, 1000), Step(false, 1000)], repeats: true)
    /// Not recording, all well: a brief heartbeat every 3 s, so the rider knows the board is alive.
    public static let idle = LEDPattern(name: "idle", steps: [Step(true, 30), Step(false, 2970)], repeats: true)
    /// A batch could not be committed: fast 5 Hz blink until it is.
    public static let alarm = LEDPattern(name: "alarm", steps: [Step(true, 100), Step(false, 100)], repeats: true)
    /// Storage nearly full (docs/DESIGN.md §6 asks for the alarm's fast blink): the same 5 Hz blink in
    /// bursts of five with 2 s dark, so the rider can tell "offload soon" from "data at risk now".
    public static let storageLow = LEDPattern(name: "storage low", steps: [
        Step(true, 100), Step(false, 100), Step(true, 100), Step(false, 100), Step(true, 100), Step(false, 100),
        Step(true, 100), Step(false, 100), Step(true, 100), Step(false, 2100)], repeats: true)
    /// The storage-low burst and a second dark before what the LED says of a ride (`afterStorageLowBurst`).
    static let storageLowBurst = Array(storageLow.steps.dropLast()) + [Step(false, 1100)]
    /// The ride has been auto-paused or without a fix for long (a bike left in the shed, still recording): a long
    /// 2 s glow every 5 s, unlike anything else, before the ride ends itself.
    public static let forgottenRide = LEDPattern(name: "forgotten ride", steps: [Step(true, 2000), Step(false, 3000)], repeats: true)
}

extension LEDPattern {
    /// `self` after the storage-low burst, repeated for at least `spanMs`: low storage while a ride
    /// records does not hide what the LED says of the ride (recording, waiting for a fix, forgotten),
    /// so a press is still seen to have started or stopped one; the warning comes at every glance.
    public func afterStorageLowBurst(spanMs: UInt64 = 6000) -> LEDPattern {
        let times = Int((spanMs + periodMs - 1) / periodMs)
        return LEDPattern(name: "storage low, then \(name)",
                          steps: Self.storageLowBurst + Array(repeating: steps, count: times).flatMap { $0 }, repeats: true)
    }
}

/// The recorder's condition as the LED shows it, highest priority first.
public enum LEDStatus: Sendable, Equatable, CaseIterable {
    case alarm, receiverSilent, storageLow, forgottenRide, waitingForFix, recording, idle

    /// The most urgent condition wins: an alarm hides everything (data are at risk), a silent
    /// receiver shows even when idle (so a loose cable is seen before the ride starts), low
    /// storage when idle (so it is seen before a ride that would not fit; while recording it comes
    /// before the ride's own pattern, `pattern(storageLow:)`), a forgotten ride only while recording.
    public static func of(isRecording: Bool, hasFix: Bool, receiverSilent: Bool, alarm: Bool,
                          storageLow: Bool = false, forgottenRide: Bool = false) -> LEDStatus {
        if alarm { return .alarm }
        if receiverSilent { return .receiverSilent }
        if !isRecording { return storageLow ? .storageLow : .idle }
        if forgottenRide { return .forgottenRide }
        return hasFix ? .recording : .waitingForFix
    }

    /// The steady pattern for this status. Commit blinks are shown over `.dark`, in `.recording` only.
    public var pattern: LEDPattern {
        switch self {
        case .alarm: .alarm
        case .receiverSilent: .receiverSilent
        case .storageLow: .storageLow
        case .forgottenRide: .forgottenRide
        case .waitingForFix: .waitingForFix
        case .recording: .dark
        case .idle: .idle
        }
    }

    /// The pattern shown, with storage low: a ride's own pattern after the storage-low burst.
    public func pattern(storageLow: Bool) -> LEDPattern {
        switch self {
        case .recording, .waitingForFix, .forgottenRide: storageLow ? pattern.afterStorageLowBurst() : pattern
        case .alarm, .receiverSilent, .storageLow, .idle: pattern
        }
    }

    public var showsCommitBlinks: Bool { self == .recording }
}
