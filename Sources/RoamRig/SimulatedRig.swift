import RoamPorts
import RoamSystem
import Glibc
import RoamCore
import RoamHardware
import RoamRecorder
import RoamSimulator
import Synchronization

/// The bench board: the real recorder, `SerialPort`, BMP280 driver and store, with only the far
/// end of each wire simulated — NMEA written into a real pseudo-terminal, a BMP280 register map
/// behind a fake I2C bus, and a scripted button.
///
/// `@unchecked Sendable`: every stored property is a `let` of a thread-safe device except
/// `controls`, which `BoardSession` sets once before the recorder starts and `play` only reads.
public final class SimulatedRig: @unchecked Sendable {
    public enum Script: Sendable {
        /// The simulated ride (RoamSimulator's RideSimulation), paced by the recorder or in real time.
        case simulatedRide(RideSimulation, realtime: Bool)
        /// Any NMEA capture (a gpsd log, or a stream on standard input), recorded as one ride; in
        /// real time, each epoch at its own time of day after the first (`CapturePace`).
        case capture(CaptureReader, realtime: Bool)
        /// A recorded ride (a GPX track): each epoch at its own time, the barometer following its elevation.
        case track([ReplayEpoch], realtime: Bool)
    }

    public let replayer: NMEAReplayer
    /// The real `SerialPort` on the pty's secondary, configured at open like a board's receiver.
    public let port: GNSSReceiver
    public let bus: FakeI2CBus
    public let sensor: FakeBMP280
    public let barometer: BMP280
    /// Trials hold the ride at a chosen second through a control file (see `SimulatedRideHold`).
    private let hold = SimulatedRideHold.fromEnvironment()
    /// The rider's button and the status LED: fakes behind the real `Button` and `LEDPatternPlayer` drivers.
    public let button: FakeButton
    public let led: RecordingLED
    /// When set (by `record`), scripted presses go through `button` and the rig's button thread;
    /// without it they are queued into the recorder directly.
    public var controls: RigControls?
    /// False: the script plays with no ride, no start or stop pressed (`record --no-ride`).
    public var pressesButton = true
    /// How long each step of the script is waited for before the replay gives up in words.
    public var patience = BenchPatience()
    /// The feed's own epochs the recorder has taken, told by the sensor thread through the receiver.
    private let handOver = FeedHandOver()
    /// True: once the script has played, the receiver is unplugged and stays so until a signal
    /// (`record --unplug-at-end`, scripts/bench-peer's idle-unplugged case).
    public var unplugsAtEnd = false
    /// Whether the session's end came while the receiver was unplugged, as `unplugsAtEnd` asks: the
    /// signal then ends the run as planned, not a script cut short.
    public private(set) var endedUnplugged = false

    public init(profile: BoardProfile) throws {
        replayer = try NMEAReplayer()
        // A stock module at the far end (9600 baud, 1 Hz, every sentence) that obeys its own family's
        // commands; `receiver = none` keeps the plain pty (the host's baud is then whatever it says).
        if profile.receiver != .none {
            try replayer.attach(FakeGNSSModule(family: profile.receiver == .auto ? .ublox : profile.receiver))
        }
        // The secondary is opened and put in raw mode before a byte is written (no echo, no line editing).
        port = BoardDevices.receiver(profile, path: replayer.secondaryPath)
        port.onReport = { report in StandardStream.error(report.summary + "\n") }
        port.onNote = { note in StandardStream.error(note + "\n") }
        port.onEpochHandedOver = { [handOver] time in handOver.handedOver(timeOfDayMs: time) }
        try port.reopen()
        bus = FakeI2CBus(device: "bench:i2c")
        sensor = FakeBMP280()
        bus.attach(sensor, at: UInt16(profile.bmp280Address))
        barometer = BMP280(bus: bus, address: UInt16(profile.bmp280Address))
        try barometer.probe()
        button = FakeButton(device: "bench:gpio line \(profile.buttonLine)", idleLevel: profile.buttonActiveLow, clock: .live)
        led = RecordingLED(device: "bench:gpio line \(profile.ledLine)", capacity: 256)
    }

    /// The bench's `Button` driver over the fake button (debounced from its edge timestamps).
    public func makeButton(_ profile: BoardProfile) throws(DeviceError) -> Button {
        try Button(input: button, activeLow: profile.buttonActiveLow, now: button.nowNs)
    }

    /// Where a re-armed simulated ride continues: after the last GNSS time it committed (nil: it has
    /// none yet, so from its start). By time, not by count: the module may now send at another rate.
    public struct Resume: Sendable, Equatable {
        public var afterUTCms: Int64?
        public init(afterUTCms: Int64?) { self.afterUTCms = afterUTCms }

        /// After the last epoch committed, by the time its receiver sent. Not the pipeline's last
        /// trusted time: after a restart in a tunnel the time is trusted again only at the next fix,
        /// and the sentences without a fix bring no date, so the epochs committed since would be
        /// sent again. Such an epoch's time of day is counted on from the last trusted time.
        public init(lastFix: Epoch?, lastTrustedUTCms: Int64?) {
            let day: Int64 = 86_400_000
            if let sent = lastFix?.utcMs {
                afterUTCms = sent
            } else if let timeOfDay = lastFix?.timeOfDayMs, let trusted = lastTrustedUTCms {
                afterUTCms = trusted + ((Int64(timeOfDay) - trusted % day) % day + day) % day
            } else {
                afterUTCms = lastTrustedUTCms
            }
        }
    }

    /// Plays the script against a started recorder: presses start (unless `resume` continues a ride
    /// re-armed after a restart), feeds the receiver and barometer, waits until every epoch is read,
    /// presses stop. A step not done within `patience` throws `BenchStepTimedOut`: the script stops
    /// there rather than go on as if it had happened (a ride short or empty, said as played).
    public func play(_ script: Script, recorder: Recorder, resume: Resume? = nil) throws {
        try waitForReceiverSetup()
        if resume == nil && pressesButton { try press(recorder, "start") }
        switch script {
        case .simulatedRide(let simulation, let realtime):
            try playSimulation(simulation, resume: resume, realtime: realtime, recorder: recorder)
        case .track(let epochs, let realtime):
            let feed = epochs.map { Feed(nmea: $0.nmea, pressurePa: $0.pressurePa, temperatureC: $0.temperatureC, second: nil) }
            let t0 = epochs.first?.utcMs ?? 0
            try play(feed, offsetNs: { UInt64(max(0, epochs[$0].utcMs - t0)) * 1_000_000 }, realtime: realtime, recorder: recorder)
        case .capture(let reader, let realtime):
            replayer.module?.verbatim.store(true, ordering: .releasing)
            sensor.setAmbient(pressurePa: 101_325, temperatureC: 20)
            handOver.begin()
            let fed = try replay(reader, realtime: realtime, recorder: recorder)
            // The stop right after the last epoch is handed over, not after seconds of stillness:
            // those raced the recorder's silence threshold, and every replay ended with a false gap.
            try handOver.wait(untilTaken: fed, patienceS: patience.handOverS)
        }
        // A stop signal leaves the ride recording: the next start re-arms it (P7), as after a power cut.
        if !ShutdownSignal.isRequested && pressesButton { try press(recorder, "stop") }
        if !ShutdownSignal.isRequested && unplugsAtEnd { try stayUnplugged(recorder) }
    }

    /// Closes the pty's far end (the port reads EIO, and the path is gone, as when a USB receiver is
    /// pulled out), sleeps with no timer until the signal that ends the run, then says how often the
    /// recorder tried to reopen it meanwhile (scripts/bench-peer reads both lines); a failed wait ends the run.
    private func stayUnplugged(_ recorder: Recorder) throws(SystemError) {
        let before = recorder.sensor.reopenAttempts.load(ordering: .relaxed)
        let start = MonotonicClock.nowNs()
        replayer.unplug()
        StandardStream.error("bench: receiver unplugged (its pty closed); recording on until a signal\n")
        try ShutdownSignal.waitForRequest()
        let ms = (MonotonicClock.nowNs() - start) / 1_000_000
        let attempts = recorder.sensor.reopenAttempts.load(ordering: .relaxed) - before
        StandardStream.error("bench: receiver unplugged for \(ms) ms: \(attempts) reopen attempts\n")
        endedUnplugged = true
    }

    /// The recorder's sensor thread configures the receiver at its first read; the script starts
    /// once that is done (the module talks only in banners until then), however it ended.
    public func waitForReceiverSetup() throws(BenchStepTimedOut) {
        guard port.setup != nil else { return }
        try Self.poll(.receiverSetup, patienceS: patience.receiverSetupS) { port.setupRuns.load(ordering: .acquiring) >= 1 }
        replayer.module?.idle.store(false, ordering: .releasing)
    }

    /// Configures the receiver now, on this thread (`selftest`, which reads the port itself).
    public func configureReceiver() {
        port.configureNow()
        replayer.module?.idle.store(false, ordering: .releasing)
    }

    /// A press of the fake button (with contact bounce), waited for until the button thread has
    /// queued it, so it stays in order with the NMEA written next. `which`: start or stop, for the words.
    private func press(_ recorder: Recorder, _ which: String) throws(BenchStepTimedOut) {
        guard let thread = controls?.buttonThread else { recorder.press(); return }
        let before = thread.gesturesHandled.load(ordering: .acquiring)
        button.pressNow()
        // On a loaded machine the button thread can be starved for seconds; a press not handled
        // fails the script, as going on would start or stop the ride late, or never.
        try Self.poll(.press(which), patienceS: patience.pressS) { thread.gesturesHandled.load(ordering: .acquiring) > before }
    }

    /// What the devices say for one epoch: its sentences, and the barometer's reading meanwhile.
    private struct Feed {
        var nmea: [UInt8]
        var pressurePa: Double
        var temperatureC: Double
        /// The simulated ride's second, for trials that hold the ride at one (`SimulatedRideHold`).
        var second: Int?
    }

    /// The epochs a module sends a second: what the recorder set it to, so a board at rate_hz = 10
    /// records ten fixes a second on the bench too. 1 without a module, or when it refused (read
    /// once, as the ride starts, after `waitForReceiverSetup`).
    public var moduleRateHz: Int { min(10, max(1, replayer.module?.state.rateHz ?? 1)) }

    /// The first epoch a resumed ride has not committed: the first after its last GNSS time.
    static func firstEpoch(of epochs: [SimulatedEpoch], resume: Resume?) -> Int {
        guard let last = resume?.afterUTCms else { return 0 }
        return epochs.firstIndex { $0.utcMs > last } ?? epochs.count
    }

    private func playSimulation(_ simulation: RideSimulation, resume: Resume?, realtime: Bool, recorder: Recorder) throws {
        let epochs = simulation.epochs(perSecond: moduleRateHz)
        let first = Self.firstEpoch(of: epochs, resume: resume)
        guard first < epochs.count else { return }
        let played = Array(epochs[first...])
        let feed = played.map { Feed(nmea: $0.nmea, pressurePa: $0.pressurePa, temperatureC: $0.temperatureC, second: $0.wholeSecond) }
        let startMs = played[0].offsetMs
        try play(feed, offsetNs: { UInt64(played[$0].offsetMs - startMs) * 1_000_000 }, realtime: realtime, recorder: recorder)
    }

    /// Writes each epoch's sentences with the barometer reading what it should when that epoch is
    /// sampled; in real time at `offsetNs(i)` after the first, otherwise as fast as the recorder reads.
    private func play(_ feed: [Feed], offsetNs: (Int) -> UInt64, realtime: Bool, recorder: Recorder) throws {
        guard let first = feed.first else { return }
        handOver.begin()
        sensor.setAmbient(pressurePa: first.pressurePa, temperatureC: first.temperatureC)
        let start = MonotonicClock.nowNs()
        for (offset, epoch) in feed.enumerated() {
            if ShutdownSignal.isRequested { return }
            if let second = epoch.second { hold?.wait(beforeSecond: second) }
            if realtime {
                sensor.setAmbient(pressurePa: epoch.pressurePa, temperatureC: epoch.temperatureC)
                sleep(until: start + offsetNs(offset))
                handOver.note(timeOfDayMs: Self.timeOfDayMs(epoch.nmea))
                try replayer.write(epoch.nmea)
            } else {
                // The sentences of epoch N complete epoch N-1, which samples the barometer: it must
                // still hold epoch N-1's pressure until that epoch is handed over. The bound is
                // generous: on a loaded machine the sensor thread can be seconds late, and moving the
                // pressure on early would store the next epoch's reading (a different ride each run).
                // Paced on the feed's own epochs: one of banners counted with them ran the pressure one ahead.
                handOver.note(timeOfDayMs: Self.timeOfDayMs(epoch.nmea))
                try replayer.write(epoch.nmea)
                try handOver.wait(untilTaken: offset, patienceS: patience.handOverS)
                sensor.setAmbient(pressurePa: epoch.pressurePa, temperatureC: epoch.temperatureC)
            }
        }
        // The last epoch is settled late (no next epoch comes); the stop pressed before it would end the ride first.
        try handOver.wait(untilTaken: feed.count, patienceS: patience.handOverS)
    }

    /// The time of day the recorder's stream gives the epoch of these sentences (as it parses them,
    /// centiseconds and all, not the simulation's own milliseconds).
    static func timeOfDayMs(_ nmea: [UInt8]) -> Int? {
        var stream = NMEAStream()
        return (stream.feed(nmea) + stream.finish()).first?.timeOfDayMs
    }

    /// Sleeps until the monotonic `due`, or until a stop signal.
    private func sleep(until due: UInt64) {
        while case let now = MonotonicClock.nowNs(), now < due, !ShutdownSignal.isRequested {
            usleep(UInt32(min((due - now) / 1000, 1_000_000)))
        }
    }

    /// Until `done`, a stop signal, or `patienceS` (then `step` did not happen, thrown). Polled, from
    /// 0.2 ms doubling to 10 ms: the counts it waits on (a set-up's, the button thread's) are atomics
    /// with no event to wait on, and all is well when the first looks find them done.
    private static func poll(_ step: BenchStepTimedOut.Step, patienceS: Double, until done: () -> Bool) throws(BenchStepTimedOut) {
        let deadline = MonotonicClock.nowNs() + UInt64(patienceS * 1e9)
        var pauseUs: UInt32 = 200
        while !done() && !ShutdownSignal.isRequested {
            if MonotonicClock.nowNs() >= deadline { throw BenchStepTimedOut(step, afterS: patienceS) }
            usleep(pauseUs)
            pauseUs = min(pauseUs * 2, 10_000)
        }
    }

    /// Streams a capture faster than real time, but never more than `maxQueuedEpochs` ahead of the
    /// commit thread: a real receiver sends at most 10 epochs a second, so the queue (sized for
    /// minutes of that) only overflows when a replay outruns the commits, which the bench must not.
    /// It waits only between two epochs (`CaptureEpochCutter`): paused inside one, the recorder would
    /// close it half read.
    /// In real time it waits instead until each epoch is due by the capture's own times.
    /// Returns the epochs fed, each noted in `handOver` before the bytes that let the recorder close it.
    /// A step between a capture's epochs longer than this is a silence of its receiver: longer than
    /// any rate's step, shorter than the recorder's silence threshold (3 s), after which it probes.
    static let captureSilenceNs: UInt64 = 2_000_000_000

    private func replay(_ reader: CaptureReader, realtime: Bool, recorder: Recorder, maxQueuedEpochs: Int = 512) throws -> Int {
        var cutter = CaptureEpochCutter()
        var pace = CapturePace()
        var lastDueNs: UInt64 = 0
        let start = MonotonicClock.nowNs()
        while true {
            let chunk = try reader.next(capacity: 4096)
            if chunk.isEmpty {
                for time in cutter.unclosedTimes() { handOver.note(timeOfDayMs: time) }
                return cutter.epochsFed()
            }
            let pieces = cutter.feed(chunk)
            for time in cutter.takeClosedTimes() { handOver.note(timeOfDayMs: time) }
            for piece in pieces {
                if piece.startsEpoch && realtime {
                    let dueNs = pace.due(timeOfDayMs: piece.timeOfDayMs)
                    // A stretch of the capture without sentences is a receiver that said nothing: it
                    // answers none of the recorder's probes meanwhile either (it once "sent nothing until asked").
                    let silence = dueNs - lastDueNs > Self.captureSilenceNs
                    if silence { replayer.module?.fallSilent(true) }
                    sleep(until: start + dueNs)
                    if silence { replayer.module?.fallSilent(false) }
                    lastDueNs = dueNs
                } else if piece.startsEpoch {
                    while recorder.queuedEpochs > maxQueuedEpochs && !ShutdownSignal.isRequested { usleep(1000) }
                }
                try replayer.replay(capture: piece.bytes)
            }
        }
    }
}
