import RoamCore
import RoamHardware
import RoamRecorder
import RoamSimulator
import RoamStore
import RoamSystem

/// `record` on any board: its devices from `BoardDevices`, the recorder, the button and LED
/// threads. A real board records until systemd stops the unit (SIGTERM) or Ctrl-C; the bench board
/// until its script is played (or `ShutdownSignal` cuts it short). Everything already read is
/// committed before it returns; a ride still recording stays active and is re-armed at the next start (P7).
public enum BoardSession {
    public enum End: Sendable, Equatable {
        /// Ended by this signal: a real board's session always, the bench's when it cut the script short.
        case signal(Int32)
        /// The bench board's script was played to its end.
        case scriptPlayed
    }

    /// `record`'s start-up, in the order P7 needs: one recorder per database (its lock dies with its
    /// holder), the database opened and its active ride read, the receiver read at once, and only
    /// then anything slow (the bench's script is made after the recorder reads).
    /// `pressesButton`: false plays the bench's script with no ride (`record --no-ride`); `unplugsAtEnd`:
    /// the receiver is then unplugged until a signal (`record --unplug-at-end`).
    public static func record(databasePath: String, profile: BoardProfile, options: Recorder.Options,
                              script: () -> SimulatedRig.Script, pressesButton: Bool = true, unplugsAtEnd: Bool = false,
                              emit: @escaping @Sendable (RecorderEvent) -> Void,
                              report: @escaping @Sendable (String) -> Void) throws -> End {
        // First, before the lock and the database (whose open and migrations take their time): a stop
        // asked for meanwhile must not be lost. A real board blocks the signals now and takes them with
        // sigwait once it records; a handler installed here would have swallowed a SIGTERM that came
        // before the block, and the session would then have waited for another (systemd: until its
        // stop timeout's SIGKILL). The bench's script polls the handler's flag instead.
        if profile.isBench { ShutdownSignal.install() } else { _ = BlockedSignals.block() }
        let lock = try RecorderLock(databasePath: databasePath)
        defer { withExtendedLifetime(lock) {} }
        let store = try RideStore(path: databasePath, holding: lock)
        try store.limitPageCache(kib: RideStore.recorderPageCacheKiB)
        return try run(profile: profile, store: store, activeRide: try store.activeRide(), options: options, script: script,
                       pressesButton: pressesButton, unplugsAtEnd: unplugsAtEnd, emit: emit, report: report)
    }

    /// `script`: what the bench board plays, made once its recorder reads (P7: anything slow comes
    /// after); a real board never calls it.
    public static func run(profile: BoardProfile, store: RideStore, activeRide: RideRow?, options: Recorder.Options = .init(),
                           script: () -> SimulatedRig.Script = { .simulatedRide(RideSimulation(), realtime: false) },
                           pressesButton: Bool = true, unplugsAtEnd: Bool = false,
                           emit: @escaping @Sendable (RecorderEvent) -> Void,
                           report: @escaping @Sendable (String) -> Void) throws -> End {
        // Before any thread exists, so every thread inherits the blocked mask and sigwait takes them
        // (`record` blocked them already; blocking again changes nothing). The bench board's script
        // watches `ShutdownSignal` instead, whose handler needs them unblocked.
        let signals = profile.isBench ? nil : BlockedSignals.block()
        // Its signal thread takes the SIGTERM a device refused by the unit's device list raises.
        let late = signals == nil ? nil : LateDeviceRestart.underSystemd(report: report)
        let devices = try BoardDevices.open(profile, report: report, lateDevices: late)
        let controls = RigControls(button: devices.button, openButtonLater: devices.openButtonLater, output: devices.led,
                                   isRecording: activeRide != nil, report: report)
        devices.simulated?.controls = controls
        devices.simulated?.pressesButton = pressesButton
        devices.simulated?.unplugsAtEnd = unplugsAtEnd
        // Out of threads or descriptors, the recorder refuses to start in words (`RecorderStartError`), and stops what it started.
        let recorder: Recorder
        do throws(SystemError) {
            recorder = try Recorder(store: store, activeRide: activeRide, source: devices.receiver, barometer: devices.barometer,
                                    options: options, emit: { event in emit(event); controls.handle(event) })
            try recorder.start()
        } catch { throw RecorderStartError(error) }
        // No press after the button stops; the LED darkens last, once it has shown the final events.
        defer {
            controls.stopButton()
            recorder.stop()
            controls.stop()
        }
        do throws(SystemError) { try controls.start(recorder: recorder) } catch { throw RecorderStartError(error) }
        if let signals { return .signal(signals.wait()) }
        // Only the bench board leaves its signals unblocked, and its devices are always simulated.
        guard let simulated = devices.simulated else { return .scriptPlayed }
        let played = script()
        // The recorder may have closed the ride instead of resuming it (`RearmPolicy`): then the script starts anew.
        try simulated.play(played, recorder: recorder, resume: resume(played, recorder.isRecording ? activeRide : nil, store: store))
        // SIGTERM (kill, systemctl stop) is said as on a real board, not taken for the script's end;
        // after an unplugged end (`record --unplug-at-end`) it is the end the script asked for.
        if simulated.endedUnplugged { return .scriptPlayed }
        return ShutdownSignal.requestedBy.map { .signal($0) } ?? .scriptPlayed
    }

    /// A simulated ride re-armed after a restart continues after the last epoch it committed
    /// (`SimulatedRig.Resume`); a replay starts from its beginning.
    private static func resume(_ script: SimulatedRig.Script, _ activeRide: RideRow?, store: RideStore) throws -> SimulatedRig.Resume? {
        guard case .simulatedRide = script, let activeRide else { return nil }
        return SimulatedRig.Resume(lastFix: try RideReader(path: store.path).lastFix(ride: activeRide.id)?.epoch,
                                   lastTrustedUTCms: activeRide.pipelineState.clock.lastTimed?.utcMs)
    }
}
