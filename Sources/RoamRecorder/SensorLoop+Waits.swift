import RoamPorts
import RoamSystem
import RoamHardware

extension SensorLoop {
    /// Sleeps `ms` unless a stop is requested first; returns true when stopping. On the monotonic
    /// clock: a timed Dispatch semaphore wait has a CLOCK_REALTIME deadline, and a wall clock set
    /// back mid-backoff would postpone the receiver's reopen by the size of the jump.
    func waitForStop(ms: UInt64) -> Bool {
        let deadline = MonotonicClock.nowNs() + ms * 1_000_000
        return stopSignal.withLock {
            while !isStopping { if !stopSignal.wait(untilNs: deadline) { break } }
            return isStopping
        }
    }

    /// One attempt to reopen a receiver that went away, after the backoff wait. Still the same outage
    /// (no second gap); its first failed reopen says why (a permission or a wrong path reads
    /// differently from an unplugged cable).
    func tryReopen(reportedFailure: inout Bool) {
        guard let reopenable = source as? ReopenableByteSource else { return }
        reopenAttempts.add(1, ordering: .relaxed)
        do {
            try reopenable.reopen()
        } catch {
            guard !reportedFailure else { return }
            reportedFailure = true
            let step = error.operation == .open ? "" : " at \(error.operation.rawValue)"
            emit(.receiverSilent(reason: "reopening \(source.device) failed\(step): \(error.cause) Retrying with backoff."))
        }
    }

    /// Until the next thing due (the late settle of the epoch in progress, the silence threshold); when
    /// the receiver is already silent, until its set-up may run again, else -1 (no limit): only bytes
    /// or a stop can change anything then.
    /// The epoch's quiet time is not waited for: the next epoch's bytes, a press or the late settle
    /// close it, so a receiver sending 1 Hz epochs costs one wake-up per epoch (its bytes), not two.
    /// Only a press held just after its last byte waits for it (`pressDueNs`, this loop's clock).
    func waitMs(pending: Bool, silent: Bool, lastByteNs: UInt64, heardNs: UInt64, setupAgainNs: UInt64?,
                pressDueNs: UInt64? = nil) -> Int32 {
        // The set-up's backoff is on the receiver's clock, the monotonic one.
        guard pending || !silent else { return setupAgainNs.map { Int32(clamping: ($0 - min($0, MonotonicClock.nowNs())) / 1_000_000 + 1) } ?? -1 }
        let now = clock()
        func remainingMs(_ dueMs: UInt64, from startNs: UInt64) -> UInt64 {
            let elapsedMs = (now - min(now, startNs)) / 1_000_000
            return dueMs > elapsedMs ? dueMs - elapsedMs : 0
        }
        var remaining = remainingMs(options.silentAfterMs, from: heardNs)
        if pending { remaining = min(remaining, remainingMs(max(options.epochSettleMs, options.epochQuietMs), from: lastByteNs)) }
        if let due = pressDueNs { remaining = min(remaining, (due - min(due, now)) / 1_000_000) }
        return Int32(clamping: max(1, remaining + 1))
    }

    /// When a press waiting for the line since `sinceNs` is looked at again (this loop's clock): at the
    /// epoch's quiet time after its last byte, or at its own, whichever is first; once that quiet was
    /// seen and the press still waits (half a tag read, `$GP`, that may join the epoch), at its own.
    /// The epoch's, long past then, made the loop poll every millisecond until the press's own.
    func pressDueNs(since sinceNs: UInt64, lastByteNs: UInt64, seenEmptyNs: UInt64?) -> UInt64 {
        let quietNs = options.epochQuietMs * 1_000_000
        if let seen = seenEmptyNs, seen >= lastByteNs + quietNs { return sinceNs + quietNs }
        return min(sinceNs, lastByteNs) + quietNs
    }

    /// What a look at the line without waiting or reading found (a held press asks, `SensorLoop.run`).
    enum LineLook: Equatable {
        /// Nothing to read at `seenNs` (this loop's clock, taken before the look).
        case empty(seenNs: UInt64)
        /// A read now would not wait: bytes are there (or a set-up is due, or the port is closed).
        case bytesWaiting
        /// A source that cannot be polled says nothing without a read.
        case cannotSay
    }

    /// Looks at the line with poll() and no timeout. A wake-up met meanwhile (another press, a stop) is
    /// drained and the look made again: the loop looks at its flags after every answer anyway.
    func lookAtLine() -> LineLook {
        switch pollable?.readiness ?? .timedReadsOnly {
        case .now: return .bytesWaiting
        case .timedReadsOnly: return .cannotSay
        case .descriptor(let fd):
            while true {
                let lookedNs = clock()
                switch wake.wait(for: fd, timeoutMs: 0) {
                case .timedOut: return .empty(seenNs: lookedNs)
                case .ready: return .bytesWaiting
                case .woken: continue
                case .failed: return .cannotSay  // the next wait meets the failure and reports it
                }
            }
        }
    }

    /// Waits for bytes at most `timeoutMs` (-1: no limit) and reads them: the count (0 when the
    /// time ran out), or nil when the wake pipe ended the wait (a stop request, a press). A pollable
    /// receiver is waited on with poll() beside the wake pipe; any other source inside its read,
    /// `readTimeoutMs` at most. A wait or read that found nothing sets `seenEmptyNs` (this loop's clock)
    /// to the moment it saw the line empty: its start plus its timeout, at most, never the time after
    /// it, when a thread denied the CPU may run seconds late while bytes arrive.
    func readWaiting(timeoutMs: Int32, into buffer: inout [UInt8], seenEmptyNs: inout UInt64?) throws(DeviceError) -> Int? {
        var readTimeoutMs: Int32 = 0
        func seenEmpty(since beganNs: UInt64, waitedMs: Int32) {
            seenEmptyNs = min(clock(), beganNs + UInt64(max(0, waitedMs)) * 1_000_000)
        }
        switch pollable?.readiness ?? .timedReadsOnly {
        case .now:
            break
        case .descriptor(let fd):
            let waitBeganNs = MonotonicClock.nowNs(), began = clock()
            switch wake.wait(for: fd, timeoutMs: timeoutMs) {
            case .ready: break
            case .woken: return nil
            case .timedOut:
                receiver?.lineSeenEmpty(waitBeganNs: waitBeganNs, timeoutMs: timeoutMs)  // a silence it saw, for its watch
                seenEmpty(since: began, waitedMs: timeoutMs)
                return 0
            case .failed(let e):
                throw DeviceError(.uart, .read, device: source.device, detail: "waiting for bytes with poll()", errno: e,
                                  hint: "The kernel is short of memory: check the board's free memory (free -m).")
            }
        case .timedReadsOnly:
            readTimeoutMs = timeoutMs < 0 ? options.readTimeoutMs : min(timeoutMs, options.readTimeoutMs)
        }
        let source = self.source, began = clock()
        let n = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(DeviceError) in try source.read(into: raw, timeoutMs: readTimeoutMs) }
        }.get()
        if n == 0 { seenEmpty(since: began, waitedMs: readTimeoutMs) }
        return n
    }
}
