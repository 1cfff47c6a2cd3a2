import RoamSystem
import Foundation
import RoamHardware
import Synchronization

/// A `FakeGNSSModule` at the far end of the bench's pseudo-terminal: a thread reads what the
/// host writes (commands), judged at the baud the host has set on its side, and writes the
/// module's answers; the ride's NMEA goes out through the module's sentence set and baud. While
/// `idle`, the module repeats its banner, as a receiver without a script still talks.
/// `@unchecked Sendable`: the module is behind a `Mutex`, writes to the pty behind `writeLock`, the
/// flags are atomics; the rest is set in `init` and never changed.
public final class ModuleLink: @unchecked Sendable {
    private let pty: PseudoTerminal
    private let module: Mutex<FakeGNSSModule>
    private let writeLock = NSLock()
    private let stopped = Atomic<Bool>(false)
    public let idle = Atomic<Bool>(true)
    /// A replayed capture is the receiver's own output: every sentence goes out (only the baud is modelled).
    public let verbatim = Atomic<Bool>(false)
    private let idleIntervalMs: UInt64
    private let done = DispatchSemaphore(value: 0)

    init(pty: PseudoTerminal, module: FakeGNSSModule, idleIntervalMs: UInt64) {
        self.pty = pty; self.module = Mutex(module); self.idleIntervalMs = idleIntervalMs
        let thread = Thread { [self] in self.run(); self.done.signal() }
        thread.name = "bench-gnss-module"
        thread.start()
    }

    /// The module as it stands (baud, rate, sentence set, commands taken).
    public var state: FakeGNSSModule { module.withLock { $0 } }

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
        writeLock.lock()
        defer { writeLock.unlock() }
        try pty.write(bytes)
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        done.wait()
    }

    private func run() {
        var nextBannerNs: UInt64 = 0
        while !stopped.load(ordering: .acquiring) {
            let bytes: [UInt8]
            do {
                bytes = try pty.read(timeoutMs: 20)
            } catch {
                // Nobody holds the secondary (yet, or between reopenings): wait.
                usleep(20_000)
                continue
            }
            let baud = hostBaud
            if !bytes.isEmpty {
                let reply = module.withLock { $0.receive(bytes, hostBaud: baud).reply }
                try? send(reply)
            }
            let now = MonotonicClock.nowNs()
            if idle.load(ordering: .acquiring) && now >= nextBannerNs {
                nextBannerNs = now + idleIntervalMs * 1_000_000
                let banner = module.withLock { m in m.onWire(Array(m.banner.utf8), hostBaud: baud) }
                try? send(banner)
            }
        }
    }
}
