import RoamPorts
import RoamSystem
import RoamCore
import RoamHardware

/// The rider's side of a rig: the button thread and the LED thread, over any `DigitalInput` and
/// `DigitalOutput` — gpiochip lines on a board, `FakeButton` and `RecordingLED` on the bench —
/// through the same `Button` and `LEDPatternPlayer` drivers.
///
/// Built before the recorder (its `handle` is part of the recorder's event callback, so the LED
/// sees the re-arm of P7), started after it. `@unchecked Sendable`: `handle` only reads immutable
/// state; `start` and the stops run on one thread.
public final class RigControls: @unchecked Sendable {
    public let led: LEDThread?
    public private(set) var buttonThread: ButtonThread?
    private let button: Button?
    private let openButtonLater: (() throws -> Button)?
    private let report: @Sendable (String) -> Void

    /// `isRecording`: whether an active ride will be re-armed (the LED's first pattern; the recorder's
    /// events correct it, a close at restart included). `report` gets one line per problem.
    /// `openButtonLater`: the button's line was absent at start; the button thread keeps trying it.
    public init(button: Button?, openButtonLater: (() throws -> Button)? = nil, output: (any DigitalOutput)?, isRecording: Bool,
                clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nowNs,
                report: @escaping @Sendable (String) -> Void) {
        self.button = button; self.openButtonLater = openButtonLater; self.report = report
        led = output.map { LEDThread(led: LEDPatternPlayer(output: $0, atNs: clock()), isRecording: isRecording, clock: clock, report: report) }
    }

    /// Forwards a recorder event to the LED.
    public func handle(_ event: RecorderEvent) { led?.handle(event) }

    /// Starts the LED thread, then the button thread, whose presses are queued into `recorder`.
    /// Throws when the system has no thread or descriptor left for them; `stop` ends what started.
    public func start(recorder: Recorder) throws(SystemError) {
        try led?.start()
        let queueGesture: @Sendable (ButtonGesture.Gesture) -> Void = { gesture in
            switch gesture {
            case .press(let atNs): recorder.press(monoNs: atNs)
            case .longPress(let atNs): recorder.longPress(monoNs: atNs)
            }
        }
        if let button {
            buttonThread = try ButtonThread(button: button, queueGesture: queueGesture, report: report)
        } else if let openButtonLater {
            buttonThread = try ButtonThread(opening: openButtonLater, queueGesture: queueGesture, report: report)
        }
        try buttonThread?.start()
    }

    /// No press after this returns: call it before stopping the recorder.
    public func stopButton() { buttonThread?.stop() }

    /// Stops the button (if not yet) and darkens the LED: call it after the recorder stopped, so
    /// the LED has shown its last events.
    public func stop() {
        buttonThread?.stop()
        led?.stop()
    }
}
