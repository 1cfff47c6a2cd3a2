import RoamCore
import RoamHardware
import RoamStore

/// `record` on a real board: its devices from `HardwareRig`, the recorder, the button and LED
/// threads, until systemd stops the unit (SIGTERM) or Ctrl-C. Everything already read is committed
/// before it returns; a ride still recording stays active and is re-armed at the next start (P7).
public enum BoardSession {
    /// Returns the signal that ended the session.
    public static func run(profile: BoardProfile, store: RideStore, activeRide: RideRow?, options: Recorder.Options = .init(),
                           emit: @escaping @Sendable (RecorderEvent) -> Void,
                           report: @escaping @Sendable (String) -> Void) throws -> Int32 {
        // Before any thread exists, so every thread inherits the blocked mask and sigwait takes them.
        let signals = BlockedSignals.block()
        let rig = try HardwareRig(profile: profile, report: report)
        let controls = RigControls(button: rig.button, openButtonLater: rig.openButtonLater, output: rig.led, isRecording: activeRide != nil, report: report)
        let recorder = Recorder(store: store, activeRide: activeRide, source: rig.receiver, barometer: rig.barometer,
                                options: options, emit: { event in emit(event); controls.handle(event) })
        recorder.start()
        controls.start(recorder: recorder)
        let signal = signals.wait()
        controls.stopButton()
        recorder.stop()
        controls.stop()
        return signal
    }
}
