import RoamPorts
import RoamCore

/// Plays RoamCore's `LEDPattern`s on one output line: a steady pattern, with one-shot flashes
/// (the commit blink) shown over it. Time is passed in, never read, so the same driver runs on the
/// board's LED thread and in tests against `RecordingLED` at chosen instants.
///
/// The line is written only when its level changes, so a dark LED costs no GPIO traffic.
public final class LEDPatternPlayer {
    public let output: any DigitalOutput
    public private(set) var pattern: LEDPattern
    private var patternStartNs: UInt64
    private var flash: (pattern: LEDPattern, startNs: UInt64)?
    /// What the line was last driven to; nil before the first write.
    public private(set) var level: Bool?

    public init(output: any DigitalOutput, pattern: LEDPattern = .idle, atNs: UInt64) {
        self.output = output; self.pattern = pattern; self.patternStartNs = atNs
    }

    /// Switches to `pattern` from its start, unless it is already playing (a status reported
    /// again must not restart a blink half-way).
    public func show(_ pattern: LEDPattern, atNs: UInt64) {
        guard pattern != self.pattern else { return }
        self.pattern = pattern
        patternStartNs = atNs
        flash = nil
    }

    /// Plays a one-shot `pattern` over the steady one, starting now; a flash still running is replaced.
    public func flash(_ pattern: LEDPattern, atNs: UInt64) { flash = (pattern, atNs) }

    /// The level the LED should have at `atNs`.
    public func levelAt(_ atNs: UInt64) -> Bool {
        if let flash, atNs >= flash.startNs {
            let offset = (atNs - flash.startNs) / 1_000_000
            if offset < flash.pattern.periodMs { return flash.pattern.isOn(atMs: offset) }
        }
        return pattern.isOn(atMs: (atNs - min(atNs, patternStartNs)) / 1_000_000)
    }

    /// Drives the line to the level due at `atNs` (when it differs from the last one written) and
    /// returns when the level next changes, for the caller to sleep until; nil when it never will.
    @discardableResult
    public func refresh(atNs: UInt64) throws(DeviceError) -> UInt64? {
        let due = levelAt(atNs)
        if due != level {
            try output.setLevel(due)
            level = due
        }
        if let f = flash, atNs >= f.startNs + f.pattern.periodMs * 1_000_000 { flash = nil }
        return nextChangeNs(after: atNs)
    }

    /// Turns the LED off (on shutdown: a dark LED means the recorder is not running).
    public func off() throws(DeviceError) {
        try output.setLevel(false)
        level = false
    }

    private func nextChangeNs(after atNs: UInt64) -> UInt64? {
        let baseOffset = (atNs - min(atNs, patternStartNs)) / 1_000_000
        var next = pattern.nextChangeMs(after: baseOffset).map { patternStartNs + $0 * 1_000_000 }
        if let f = flash {
            let flashOffset = atNs >= f.startNs ? (atNs - f.startNs) / 1_000_000 : 0
            // The flash's own changes, and its end (where the steady pattern shows again).
            let candidates = [f.pattern.nextChangeMs(after: flashOffset), f.pattern.periodMs]
                .compactMap { $0 }.filter { $0 > flashOffset || atNs < f.startNs }
                .map { f.startNs + $0 * 1_000_000 }
            if let soonest = candidates.min() { next = min(next ?? soonest, soonest) }
        }
        return next
    }
}
