import RoamRig
import RoamSimulator
import RoamCore
import RoamHardware
import RoamSystem
import Synchronization
import Testing

/// When the receiver's set-up runs again, counted in reads, not in time: every wait is cut to nothing,
/// so a set-up that is due runs at the next read that brings bytes. One thread reads as the sensor
/// thread does and tells the receiver what each read framed; the bench's fake module behind a real pty.
@Suite(.serialized) struct GNSSReceiverRetryTests {
    final class Said: Sendable { let reports = Mutex<[String]>([]) }

    /// Reads until `setupRuns` reaches `runs` (at most 200 reads), then `more` reads of the port that
    /// brought bytes, each told it framed a sentence; returns the set-ups run by then.
    static func read(_ receiver: GNSSReceiver, until runs: Int, thenMore more: Int) throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var after = 0
        for _ in 0..<200 where after < more {
            let reached = receiver.setupRuns.load(ordering: .acquiring) >= runs
            let n = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: 2000) }
            if n > 0 { receiver.lastReadFramed(sentences: 1) }
            if reached && n > 0 { after += 1 }
        }
        return receiver.setupRuns.load(ordering: .acquiring)
    }

    /// `module` behind a pty (its idle banner every 50 ms) and a receiver at 9600 baud, set up for 5 Hz.
    static func rig(_ module: FakeGNSSModule, setup: ReceiverSetup = ReceiverSetupTests.quick(.ublox, baud: 9600, rate: 5)) throws
        -> (NMEAReplayer, GNSSReceiver) {
        let replayer = try NMEAReplayer()
        try replayer.attach(module, idleIntervalMs: 50)
        return (replayer, replayer.receiver(baud: 9600, setup: setup))
    }

    /// A module that refuses its essential commands the same way at every set-up (its firmware does not
    /// take them) is asked three times, then no more in this run: said once; what it sends is still read.
    @Test func aModuleRefusingAlikeIsAskedThreeTimesThenNoMore() throws {
        let (replayer, receiver) = try Self.rig(FakeGNSSModule(family: .ublox, behaviour: .refuses))
        defer { replayer.unplug() }
        receiver.watch.unconfiguredRetryMs = 0
        receiver.watch.silenceMs = 600_000
        receiver.watch.junkMs = 600_000
        let said = Said()
        receiver.onReport = { report in said.reports.withLock { $0.append(report.summary) } }
        try receiver.reopen()
        #expect(try Self.read(receiver, until: 3, thenMore: 10) == 3)
        #expect(receiver.setupAgain?.count == 2)
        let reports = said.reports.withLock { $0 }
        let concluded = reports.filter { $0.contains("not asked again") }
        #expect(concluded.count == 1, "\(reports)")
        #expect(concluded.first?.hasSuffix("The same refusal at 3 set-ups in a row: not asked again in this run.") == true, "\(reports)")
        #expect(replayer.module!.state.accepted.isEmpty)
    }

    /// A line that stays silent is set up again once at the silence deadline, then only after the
    /// silence's own backoff (Watch.silenceRetryMs): the receiver says when, and a read before then
    /// runs no set-up. A deaf module that sends nothing until asked; the found-nothing wait is nothing,
    /// so only the silence's backoff holds the tries back.
    @Test func aLineThatStaysSilentIsSetUpAgainOnlyAfterTheBackoff() throws {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .ublox, behaviour: .deaf, silentUntilAsked: true), idleIntervalMs: 50)
        defer { replayer.unplug() }
        var setup = ReceiverSetupTests.quick(.ublox, baud: 9600, rate: 5)
        (setup.options.listenMs, setup.options.probeListenMs, setup.options.ackTimeoutMs) = (50, 50, 50)
        let receiver = replayer.receiver(baud: 9600, setup: setup)
        receiver.watch.retryMs = 0
        receiver.watch.silenceRetryMs = 600_000
        try receiver.reopen()
        var buffer = [UInt8](repeating: 0, count: 64)
        func readOnce() throws { _ = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: 1) } }
        try readOnce()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1)
        // The sensor thread's silence deadline: set up again at once, at the next read.
        #expect(receiver.silenceDeadlinePassed(silentForMs: 3000) == nil)
        try readOnce()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 2)
        // Still silent: the next try is due after the backoff, and a read meanwhile runs none.
        let due = receiver.silenceDeadlinePassed(silentForMs: 6000)
        #expect(due != nil && due! >= MonotonicClock.nowNs() + 500_000_000_000, "\(String(describing: due))")
        try readOnce()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 2)
    }
}
