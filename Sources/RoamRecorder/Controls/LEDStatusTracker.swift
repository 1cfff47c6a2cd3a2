import RoamCore

/// What the LED should show, from the recorder's events: the conditions of `LEDStatus.of`, kept
/// up to date event by event. Pure (no clock, no thread) so the mapping is tested on its own.
public struct LEDStatusTracker: Sendable, Equatable {
    public private(set) var isRecording: Bool
    public private(set) var receiverSilent = false
    public private(set) var alarm = false
    public private(set) var hasFix = false
    public private(set) var storageLow = false
    public private(set) var forgottenRide = false

    public init(isRecording: Bool) { self.isRecording = isRecording }

    public var status: LEDStatus {
        LEDStatus.of(isRecording: isRecording, hasFix: hasFix, receiverSilent: receiverSilent, alarm: alarm,
                     storageLow: storageLow, forgottenRide: forgottenRide)
    }

    /// What the LED plays for `status`: with storage low, a ride's pattern comes after the storage-low burst.
    public var pattern: LEDPattern { status.pattern(storageLow: storageLow) }

    /// Applies one event. Returns true when the event calls for a commit blink: a batch with fixes
    /// durably committed (P1) while recording with a fix and nothing more urgent showing. Whether
    /// there is a fix is the ride session's word with each commit (a position the receiver measured).
    public mutating func apply(_ event: RecorderEvent) -> Bool {
        switch event {
        case .session(.rideStarted):
            isRecording = true
            forgottenRide = false
            hasFix = false  // until the ride's first commit says otherwise
        case .session(.rideStopped), .session(.rideClosedAtRestart):
            // A ride closed at restart was never re-armed: it stops without a `rideStopped`.
            isRecording = false
            forgottenRide = false
        case .committed(let report):
            if let measured = report.hasMeasuredFix { hasFix = measured }
            return report.fixCount > 0 && status.showsCommitBlinks
        case .alarmRaised:
            alarm = true
        case .alarmCleared:
            // Everything parked has landed, in order (P3).
            alarm = false
        case .receiverSilent:
            receiverSilent = true
            hasFix = false
        case .receiverBack:
            receiverSilent = false
        case .storageLow:
            storageLow = true
        case .storageRecovered:
            storageLow = false
        case .session(.rideLooksForgotten):
            forgottenRide = true
        case .session(.rideMovingAgain):
            forgottenRide = false
        default:
            // A failed commit shows through `alarmRaised`; the barometer's state is not the LED's
            // business (fixes carry the flag, P6); events added later show nothing until mapped here.
            break
        }
        return false
    }
}
