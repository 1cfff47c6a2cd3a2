import RoamPorts
import Glibc
import RoamSystem
import RoamCore
import RoamHardware
import RoamSimulator
import Synchronization

/// A `FakeGNSSModule` at the far end of the bench's pseudo-terminal: a thread reads what the
/// host writes (commands), judged at the baud the host has set on its side (the baud they were
/// written at when the host writes through `BenchSerialLine`), and writes the
/// module's answers; the ride's NMEA goes out through the module's sentence set and baud. While
/// `idle`, the module repeats its banner, as a receiver without a script still talks. The thread
/// waits in poll() on the pty and a wake pipe: it wakes for commands, banners due and a stop only.
/// `@unchecked Sendable`: the module is behind a `Mutex`, writes to the pty behind `writeLock`, the
/// flags are atomics; the rest is set in `init` and never changed.
public final class ModuleLink: @unchecked Sendable {
    private let pty: PseudoTerminal
    private let module: Mutex<FakeGNSSModule>
    private let writeLock = Mutex(())
    private let stopped = Atomic<Bool>(false)
    public let idle: LinkFlag
    /// A replayed capture is the receiver's own output: every sentence goes out (only the baud is modelled).
    public let verbatim = Atomic<Bool>(false)
    private let idleIntervalMs: UInt64
    private var thread: SystemThread?
    /// Ends the link thread's wait: stop, or a change of `idle`.
    private let wake: WakePipe
    /// Counts the host's bytes written (`postedBytes`) and judged (`takenBytes`), both guarded by it.
    private let taken = MonotonicCondition()
    private var postedBytes = 0, takenBytes = 0

    init(pty: PseudoTerminal, module: FakeGNSSModule, idleIntervalMs: UInt64) throws(SystemError) {
        self.pty = pty; self.module = Mutex(module); self.idleIntervalMs = idleIntervalMs
        let wake = try WakePipe(for: "the bench's GNSS module link")
        self.wake = wake
        idle = LinkFlag(true) { wake.wake() }
        thread = try SystemThread(name: "bench-gnss") { [self] in self.run() }
    }

    /// The module as it stands (baud, rate, sentence set, commands taken).
    public var state: FakeGNSSModule { module.withLock { $0 } }

    /// The module loses power and comes back at its factory settings (`FakeGNSSModule.powerCycle`).
    public func powerCycle() { module.withLock { $0.powerCycle() } }

    /// The capture it plays has no sentences for a while, or speaks again (`FakeGNSSModule.isSilent`).
    public func fallSilent(_ silent: Bool) { module.withLock { $0.isSilent = silent } }

    /// The host's baud: 0 when unknown (then nothing matches and the module is junk to it).
    private var hostBaud: Int { pty.peerBaud ?? 0 }

    func transmit(_ nmea: [UInt8]) throws(DeviceError) {
        let baud = hostBaud
        let asIs = verbatim.load(ordering: .acquiring)
        let bytes = module.withLock { asIs ? $0.onWire(nmea, hostBaud: baud) : $0.transmit(nmea, hostBaud: baud) }
        try send(bytes)
    }

    private func send(_ bytes: [UInt8]) throws(DeviceError) {
        guard !bytes.isEmpty else { return }
        try writeLock.withLock { _ throws(DeviceError) in try pty.write(bytes) }
    }

    /// Returns once the link has judged every byte the host wrote, `count` of them just now (or has
    /// stopped). A UART's tcdrain returns once the bytes left at the baud they were written at; a
    /// pty's at once, and the kernel keeps no order between the bytes and the host's next termios
    /// change: `BenchSerialLine` waits here, so the host's baud cannot change under bytes not yet judged.
    /// At most `takenBoundNs`: a link blocked sending into a full pty (its host writing, not reading)
    /// judges nothing until the host reads, and must not hang it. Past the bound the command may be
    /// judged late, as a line that garbles one, which the recorder's set-up retries anyway.
    public func waitUntilTaken(wrote count: Int) {
        let deadline = MonotonicClock.nowNs() + Self.takenBoundNs
        taken.withLock {
            postedBytes += count
            while takenBytes < postedBytes && !stopped.load(ordering: .acquiring) {
                if !taken.wait(untilNs: deadline) && takenBytes < postedBytes { return }
            }
        }
    }

    static let takenBoundNs: UInt64 = 3_000_000_000

    /// Waits until `condition` holds of the module, looked at now and after each command it judges
    /// (a test waits for a set-up's last command, not on a timer); false if it did not within `timeoutNs`.
    public func waitUntil(timeoutNs: UInt64, _ condition: (FakeGNSSModule) -> Bool) -> Bool {
        let deadline = MonotonicClock.nowNs() + timeoutNs
        return taken.withLock {
            while !condition(state) {
                if stopped.load(ordering: .acquiring) || !taken.wait(untilNs: deadline) { return condition(state) }
            }
            return true
        }
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        taken.withLock { taken.broadcast() }
        wake.wake()
        // A host that stopped reading leaves the thread (or a writer holding `writeLock`) waiting
        // for room in the pty: that wait ends too.
        pty.abandonWrites()
        thread?.join()
    }

    /// Waits on the pty and the wake pipe, with a deadline only for the next idle banner: a
    /// module that is not idle costs nothing until the host writes to it.
    private func run() {
        var nextBannerNs: UInt64 = 0
        // Whether someone holds the secondary: a primary without one reads as hung up, which
        // poll() reports at once, so it is looked at again after a backoff instead.
        var held = false
        var absentBackoffMs: Int32 = 20
        while !stopped.load(ordering: .acquiring) {
            let baud = hostBaud
            let now = MonotonicClock.nowNs()
            let isIdle = idle.load(ordering: .acquiring)
            if held && isIdle && now >= nextBannerNs {
                nextBannerNs = now + idleIntervalMs * 1_000_000
                let banner = module.withLock { m in m.idleOutput(hostBaud: baud) }
                try? send(banner)  // the simulated module: the host closing its end ends the link
            }
            let timeoutMs: Int32 = !held ? 0 : isIdle ? Int32(clamping: (nextBannerNs - min(now, nextBannerNs) + 999_999) / 1_000_000) : -1
            guard case .descriptor(let fd) = pty.readiness else { return }
            switch wake.wait(for: fd, timeoutMs: timeoutMs) {
            case .woken: continue
            case .timedOut: held = true; continue
            case .ready: break
            // The bench's module cannot wait: back off as for a secondary nobody holds.
            case .failed: _ = wake.wait(for: nil, timeoutMs: absentBackoffMs); continue
            }
            let bytes: [UInt8]
            do {
                bytes = try pty.read(timeoutMs: 0)
                held = true
                absentBackoffMs = 20
            } catch {
                // Nobody holds the secondary (yet, or between reopenings): wait, a little longer each time.
                held = false
                _ = wake.wait(for: nil, timeoutMs: absentBackoffMs)
                absentBackoffMs = min(absentBackoffMs * 2, 160)
                continue
            }
            if !bytes.isEmpty {
                // Judged at the host's baud now, the baud they were written at for a host on a
                // `BenchSerialLine` (it waits for this before changing it); a bare `SerialPort` may
                // already have switched.
                let baud = hostBaud
                let reply = module.withLock { $0.receive(bytes, hostBaud: baud).reply }
                taken.withLock { takenBytes += bytes.count; taken.broadcast() }
                try? send(reply)  // the simulated module: the host closing its end ends the link
            }
        }
    }
}

/// A flag of the link that wakes its thread when set, so a change (idle again: banners due) is
/// acted on at once rather than at the thread's next timed look.
public final class LinkFlag: Sendable {
    private let value: Atomic<Bool>
    private let changed: @Sendable () -> Void

    init(_ initial: Bool, changed: @escaping @Sendable () -> Void) {
        value = Atomic(initial); self.changed = changed
    }

    /// `ordering` is taken for the callers' sake (they used an `Atomic` before); every access is
    /// sequentially consistent, the strongest: the atomics want a literal ordering.
    public func store(_ newValue: Bool, ordering: AtomicStoreOrdering) {
        value.store(newValue, ordering: .sequentiallyConsistent)
        changed()
    }

    public func load(ordering: AtomicLoadOrdering) -> Bool { value.load(ordering: .sequentiallyConsistent) }
}
