import RoamPorts
import RoamSystem
import RoamCore
import RoamHardware
import Synchronization

/// The sensor thread (docs/DESIGN.md §3): UART bytes -> framer -> decoder -> epoch assembler -> epoch,
/// stamped with the monotonic clock and the latest barometer sample, pushed to the queue.
/// It never waits on storage: the queue push never blocks.
///
/// A receiver that goes away (EIO/ENODEV: a USB receiver unplugged) is one "receiver silent" gap
/// (P5), then reopened with exponential backoff if the source can reopen. Every wait is in the
/// kernel (poll on the receiver and the wake pipe) or on the stop signal, bounded by the next thing
/// due (the late settle of an epoch, the silence threshold, the reopen backoff) and by nothing when
/// nothing is due: a silent receiver costs only its set-up's tries, with backoff (`GNSSReceiver.Watch`),
/// and a stop wakes the thread at once.
///
/// One wake-up per epoch (issue 25): an epoch is complete after `epochQuietMs` without bytes, but
/// the thread does not wake for that moment. The epoch is closed by the next epoch's bytes (their
/// first sentence of a new time, `EpochAssembler`), at a press held for it (`SensorQueue`), or
/// `epochSettleMs` after the last byte. So at 1 Hz an epoch reaches the queue with the next one's
/// bytes, about a second later than the quiet time would bring it, in the same order, before the same
/// presses. A press held after the epoch's last sentence was read is answered when the line says
/// whether the epoch was over, at most its quiet time later, the thread asleep in poll meanwhile:
/// seen empty its quiet time after the last byte, or the next epoch's first sentence (whole, or half
/// read with a tag, `$GPRMC,`, naming a timed type the epoch holds: `NMEAStream.unfinishedSentence`),
/// and the epoch goes in front of the press; more of the same epoch, and the press goes in front of
/// it, unsplit (it was still being received; so does a press with such a sentence half read). At
/// 10 Hz the next burst answers within 100 ms. The quiet time counts only as seen: a wait or read
/// that found the line empty that long after the last byte, never the clock alone, as a thread held
/// mid-burst comes back late to the rest of the same burst; and never with half a sentence read that
/// may join the epoch (a UART stalled mid-sentence). So
/// sentences without a time at the head of a burst (GSA, GSV, TXT) join the epoch before, as in a
/// replayed capture: the wait between bursts ends on bytes, which prove no quiet. The receivers set
/// up here (u-blox, MediaTek, CASIC) begin each burst with RMC or GGA.
/// `@unchecked Sendable`: the NMEA stream and the source belong to the sensor thread (`run`);
/// other threads see only the atomics (stop request, epochs assembled, fix, reopen attempts).
public final class SensorLoop: @unchecked Sendable {
    let source: ByteSource
    /// The source's optional faces, cast once: a cast per read was 3–5 % of this thread's time.
    let pollable: PollableSource?
    private let framingFeedback: FramingFeedback?
    let receiver: GNSSReceiver?
    private let barometer: BarometerSource?
    private let queue: SensorQueue
    let options: Options
    let clock: @Sendable () -> UInt64
    let emit: @Sendable (RecorderEvent) -> Void
    private var stream = NMEAStream()
    private let stopRequested = Atomic<Bool>(false)
    let stopSignal = MonotonicCondition()
    /// Ends the wait in poll() when a stop is requested.
    let wake: WakePipe
    /// Epochs handed to the queue so far: the recorder's backlog is this less the epochs taken
    /// (`Recorder.queuedEpochs`); the bench feed paces on its own epochs (`FeedHandOver`).
    public let epochsAssembled = Atomic<Int>(0)
    /// Attempts to reopen the receiver so far (each after a backoff wait).
    public let reopenAttempts = Atomic<Int>(0)
    /// Told of each set-up the receiver ran again mid-run, on this thread, right after the read
    /// that ran it (the recorder notes it in its status); set before `run`.
    var onReceiverSetupAgain: ((ReceiverSetupAgain) -> Void)?

    public init(source: ByteSource, barometer: BarometerSource?, queue: SensorQueue, options: Options = .init(),
                clock: @escaping @Sendable () -> UInt64, emit: @escaping @Sendable (RecorderEvent) -> Void) throws(SystemError) {
        wake = try WakePipe(for: "the sensor thread")
        self.source = source; self.barometer = barometer; self.queue = queue; self.options = options
        self.pollable = source as? PollableSource; self.framingFeedback = source as? FramingFeedback
        self.receiver = source as? GNSSReceiver
        self.clock = clock; self.emit = emit
        // A press may find an epoch complete but not settled: it is held until this thread settles it.
        queue.wakeOnPress { [wake] in wake.wake() }
    }

    public func requestStop() {
        stopRequested.store(true, ordering: .releasing)
        // A receiver being configured gives up at its next read.
        receiver?.interrupt()
        stopSignal.withLock { stopSignal.broadcast() }
        wake.wake()
    }

    var isStopping: Bool { stopRequested.load(ordering: .acquiring) }

    public func run() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var lastByteNs = clock()
        // The silence clock: the last byte read, or later bytes the receiver heard in its own reads.
        var heardNs = lastByteNs
        var pendingBytes = false
        var silent = false
        // Silent: the last byte heard before the silence (the set-up's own exchanges after it do not end it).
        var silentSinceNs: UInt64 = 0
        var setupAgainNs: UInt64?  // silent: when the receiver's set-up may run again
        // When a wait or read last found the line empty: a silence is what was seen, not a late thread's clock.
        var seenEmptyNs: UInt64?
        var reopenDelayMs = options.reopenInitialMs
        var reportedReopenFailure = false
        var barometer = BarometerPoller(barometer: self.barometer, retryMs: options.barometerRetryMs, emit: emit)

        // Epochs nobody would record (no ride, no press queued) are skipped by the queue: no barometer
        // read for them. A press in between leaves its epoch without a sample, flagged as such (P6), and
        // so do epochs completed from what a set-up heard (seconds old: a sample now is not theirs).
        var heardDuringSetUp = false
        func items(_ epochs: [Epoch]) -> [SensorItem] {
            guard !epochs.isEmpty else { return [] }
            let now = clock()
            let (sample, word) = !queue.wantsEpochs ? (nil, nil) : heardDuringSetUp ? (nil, barometer.notSampled(heardBefore: now)) : barometer.sample(now: now)
            // One array, filled in place: a word array, a mapped array and their concatenation were
            // three allocations and a copy of every epoch, each epoch (a profile at 10 Hz: ~4 % of this thread).
            var items: [SensorItem] = []
            items.reserveCapacity(epochs.count + 1)
            if let word { items.append(.batched(word)) }
            for epoch in epochs { items.append(.batched(.epoch(SensorEpoch(epoch: epoch, monoNs: now, barometer: sample)))) }
            return items
        }
        func counted(_ epochs: [Epoch]) {
            guard !epochs.isEmpty else { return }
            for epoch in epochs { receiver?.epochHandedOver(timeOfDayMs: epoch.timeOfDayMs) }
            epochsAssembled.add(epochs.count, ordering: .releasing)
        }
        // A held press that found bytes waiting on the line: answered after the read that takes them.
        var pressAwaitsRead = false
        // The held presses answered so far (`heldPressTicket`), and that ticket just after the last read
        // that framed a sentence: a press held then and not answered yet may have come before that
        // sentence's bytes, which then go behind it.
        var acknowledged = 0, heldTicketAtLastSentence = 0
        // Epochs closed by the bytes read (the next epoch began): after any press queued before, but in
        // front of one that waited for these bytes (they were there when it looked); and the epoch in
        // progress, when none of them joined it, in front of a press held after its last sentence was read.
        func feed(_ bytes: ArraySlice<UInt8>) {
            let inEpoch = stream.sentencesInEpoch, epochs = stream.feed(bytes)
            let pressAfterIt = inEpoch > 0 && epochs.first?.sentences.count == inEpoch && heldTicketAtLastSentence <= acknowledged
                && queue.heldPressTicket.load(ordering: .acquiring) != acknowledged
            let inFront = pressAwaitsRead ? epochs.count : pressAfterIt ? 1 : 0
            let all = items(epochs), behind = inFront == 0 ? all.count : epochs.count - inFront  // a barometer word goes first
            if behind < all.count { queue.pushSettled(Array(all.dropLast(behind))) }
            for item in all.suffix(behind) { queue.push(item) }
            counted(epochs)
        }

        let quietNs = options.epochQuietMs * 1_000_000, settleNs = options.epochSettleMs * 1_000_000
        // The epoch in progress, once the line was seen empty its quiet time after the last byte (a wait
        // or read that found nothing): complete since then, so in front of a press held meanwhile
        // (`SensorQueue.pushSettled`). Not on the clock alone: a thread held mid-burst comes back late
        // to the rest of the same burst, and closing the epoch there would store one fix as two.
        // Half a sentence that may join the epoch is a line stalled mid-sentence (a loaded machine's
        // UART), not quiet between bursts: only the late settle's time completes that epoch.
        func settle() {
            let needNs = stream.unfinishedSentence.mayJoinEpoch ? max(settleNs, quietNs) : quietNs
            guard pendingBytes, let seen = seenEmptyNs, seen >= lastByteNs + needNs else { return }
            settleAll()
        }
        // Everything read is handed over (the receiver lost, stopping).
        func settleAll() {
            pendingBytes = false
            let epochs = stream.finish()
            queue.pushSettled(items(epochs))
            // Cleared once the epochs are queued (a press from now on goes behind them), and before they
            // are counted: whoever sees them counted sees the flag of the bytes read after them.
            queue.sensorHoldsEpoch.store(false, ordering: .releasing)
            counted(epochs)
        }

        // A press held for this thread: settle what is complete, then let it hand over. When the clock
        // says the quiet time may have passed unseen, the line is looked at first (no wait): empty, the
        // epoch is complete; bytes waiting, they are read first, as they may close it.
        // Since when a press held after the epoch's last sentence waits for the line (see below).
        var pressWaitsSinceNs: UInt64?
        func answerHeldPresses() {
            let ticket = queue.heldPressTicket.load(ordering: .acquiring)
            guard ticket != acknowledged, !pressAwaitsRead else { return }
            if pendingBytes, seenEmptyNs.map({ $0 < lastByteNs + quietNs }) ?? true, clock() >= lastByteNs + quietNs {
                switch lookAtLine() {
                case .empty(let seenNs): seenEmptyNs = max(seenEmptyNs ?? 0, seenNs)
                case .bytesWaiting: pressAwaitsRead = true; return
                case .cannotSay: break
                }
            }
            // Half read, the next burst's first sentence (its tag names one the epoch holds), and every
            // press held came after the epoch's last sentence was read: that epoch was complete before
            // them (the rider pressed after its fix was on the wire), so it goes in front. No sentence
            // read after a press is moved in front of it here: a late thread's read may postdate it.
            if pendingBytes, heldTicketAtLastSentence <= acknowledged, stream.unfinishedSentence == .closesEpoch {
                let epochs = stream.closeEpoch()
                queue.pushSettled(items(epochs))
                counted(epochs)
            }
            settle()
            // Every sentence of the epoch in progress was read before the presses, its quiet time not seen:
            // pressed after its last byte (its fix on the wire before the press) or mid-burst? The line
            // says, within the quiet time: quiet (`settle`) or the next epoch's first sentence (`feed`, or
            // its tag half read, above) put the epoch in front; more of it (a sentence, or a tag that may
            // join it) puts the press in front, as it was still being received. Bytes that close nothing
            // (noise) hold the press no longer than the quiet time from when this thread saw it.
            let unfinished = stream.unfinishedSentence, now = clock(), since = pressWaitsSinceNs ?? now
            if pendingBytes, heldTicketAtLastSentence <= acknowledged, unfinished == .none || unfinished == .untagged,
               now < since + quietNs { pressWaitsSinceNs = since; return }
            pressWaitsSinceNs = nil
            queue.acknowledgeHeldPresses(through: ticket)
            acknowledged = ticket
        }

        // A set-up runs inside the receiver's read: each read (or failed read) may have run one again (or
        // served what one heard), or the epochs handed over after the last may have found what it could not change.
        var (setupAgainSeen, setupsAwaySeen): (ReceiverSetupAgain?, Int) = (nil, 0)
        func noticeSetupAgain() {
            heardDuringSetUp = receiver?.lastReadHeardDuringSetUp == true
            // One that held the line at other bauds lost the module's epochs meanwhile: a gap (P5), after
            // the epochs read before it and before those it handed back.
            if let receiver, receiver.setupsAwayFromBaud != setupsAwaySeen {
                setupsAwaySeen = receiver.setupsAwayFromBaud
                settleAll()
                let now = clock(), agoNs = MonotonicClock.nowNs() &- receiver.lastSetupAwayBeganNs
                queue.push(.batched(.receiverSetUpAgain(monoNs: now - min(now, agoNs))))
            }
            guard let again = receiver?.setupAgain, again != setupAgainSeen else { return }
            setupAgainSeen = again
            onReceiverSetupAgain?(again)
        }

        func markSilent(_ reason: String, at now: UInt64) {
            guard !silent else { return }
            silent = true
            silentSinceNs = min(heardNs, now)
            queue.push(.batched(.receiverSilent(monoNs: now)))
            emit(.receiverSilent(reason: reason))
        }

        while !isStopping {
            answerHeldPresses()
            let n: Int
            var ticketAtRead = 0
            do {
                // A press waiting for the line: until the epoch's quiet time, or its own (`pressDueNs`).
                let pressDueNs = pressWaitsSinceNs.map { self.pressDueNs(since: $0, lastByteNs: lastByteNs, seenEmptyNs: seenEmptyNs) }
                let timeout = waitMs(pending: pendingBytes, silent: silent, lastByteNs: lastByteNs, heardNs: heardNs,
                                     setupAgainNs: setupAgainNs, pressDueNs: pressDueNs)
                let ready = try readWaiting(timeoutMs: timeout, into: &buffer, seenEmptyNs: &seenEmptyNs)
                // Taken as the read returns: a press pushed from here on came after these bytes, even if
                // this thread is preempted before it frames them (it was counted before them, and went in front).
                ticketAtRead = queue.heldPressTicket.load(ordering: .acquiring)
                noticeSetupAgain()
                guard let ready else { continue }
                n = ready
            } catch {
                noticeSetupAgain()
                // The receiver went away: the epoch in progress handed over (it was read before the
                // loss), one gap, then reopen with backoff.
                settleAll()
                pressAwaitsRead = false
                answerHeldPresses()
                markSilent("\(error)", at: clock())
                if waitForStop(ms: reopenDelayMs) { break }
                reopenDelayMs = min(reopenDelayMs * 2, options.reopenMaxMs)
                tryReopen(reportedFailure: &reportedReopenFailure)
                continue
            }
            let now = clock()
            settle()
            // A set-up that listened for seconds and handed nothing back still heard bytes (on the monotonic clock).
            if let own = framingFeedback?.ownReadHeardNs {
                let agoNs = MonotonicClock.nowNs() &- own  // an earlier reading of the same clock
                heardNs = max(heardNs, now - min(now, agoNs))
            }
            if n > 0 {
                (lastByteNs, heardNs, setupAgainNs) = (now, now, nil)
                if !pendingBytes { pendingBytes = true; queue.sensorHoldsEpoch.store(true, ordering: .releasing) }
                reopenDelayMs = options.reopenInitialMs
                reportedReopenFailure = false
                if silent { silent = false; queue.push(.batched(.receiverBack(monoNs: now))); emit(.receiverBack(silentForNs: now - min(now, silentSinceNs))) }
                let framedBefore = stream.sentencesFramed
                feed(buffer[0..<n])
                // The receiver's junk watch is told what the stream framed: the bytes are framed once.
                framingFeedback?.lastReadFramed(sentences: stream.sentencesFramed - framedBefore)
                if stream.sentencesFramed != framedBefore { heldTicketAtLastSentence = ticketAtRead }
                // The last of a set-up's hand-back, ended on a whole epoch: complete before the set-up ended,
                // so in front of any press since (kernel-sim s9: a stock epoch at a 10 Hz ride's head). Not
                // past a press held during the set-up: the epochs it closed went behind that press.
                if receiver?.lastReadEndedWholeHandBack == true, stream.unfinishedSentence == .none,
                   pressAwaitsRead || queue.heldPressTicket.load(ordering: .acquiring) == acknowledged { settleAll() }
            } else if let seen = seenEmptyNs, seen > heardNs {
                if seen - heardNs >= options.silentAfterMs * 1_000_000 {
                    let seconds = FixedPoint.format(Double(options.silentAfterMs) / 1000, digits: options.silentAfterMs % 1000 == 0 ? 0 : 1)
                    markSilent("nothing received for \(seconds) s: a gap is recorded until it talks again; "
                               + "if it stays silent, check its cable and power", at: now)
                    setupAgainNs = receiver?.silenceDeadlinePassed(silentForMs: (seen - heardNs) / 1_000_000)
                }
            }
            pressAwaitsRead = false  // the read it waited for is done
        }
        // Stopping: everything read is handed over, in front of a press still held, with what a
        // configuration cut short by the stop had read and no read served yet.
        if let handedBack = receiver?.takeHandedBack(), !handedBack.isEmpty {
            heardDuringSetUp = true; feed(handedBack[...])
        }
        settleAll()
        pressAwaitsRead = false
        answerHeldPresses()
    }
}
