import RoamRig
import RoamSimulator
import RoamCore
import RoamHardware
import RoamSystem
import Synchronization
import Testing

/// A receiver heard earlier in this run that a set-up then finds nowhere: its wiring was right when it
/// was heard, so the words are not the first start's "check its TX wire" but when it was last heard,
/// and what comes loose mid-ride (its power, its connector). One never heard keeps the first start's.
@Suite(.serialized) struct ReceiverSetupHeardBeforeTests {
    /// A set-up's waits cut short: a line with nothing on it answers nothing at any of them.
    static func short(_ setup: ReceiverSetup) -> ReceiverSetup {
        var setup = setup
        (setup.options.listenMs, setup.options.garbageMs, setup.options.probeListenMs, setup.options.ackTimeoutMs) = (50, 50, 50, 50)
        return setup
    }

    /// "HH:MM:SS" of each whole second from `fromMs` to `toMs` (UTC).
    static func clockTimes(fromMs: Int64, toMs: Int64) -> [String] {
        (fromMs / 1000...toMs / 1000).map { String(CivilDate.iso8601(utcMs: $0 * 1000).dropFirst(11).prefix(8)) }
    }

    @Test func aModuleHeardBeforeIsSaidWithWhenItWasLastHeard() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, behaviour: .deaf, silentUntilAsked: true))
        defer { replayer.unplug() }
        var setup = Self.short(ReceiverSetupTests.quick(.auto))
        // 2026-12-07 10:42:13.500 UTC
        setup.lastHeardUTCms = 1_796_640_133_500
        let report = setup.run(port) { _ in }
        #expect(report.baud == nil && !report.configured)
        #expect(report.summary.hasSuffix("at any baud tried (115200, 9600, 38400, 57600, 230400). It was heard until 10:42:13 UTC, so its "
            + "wiring was right then: check that it still has power and that its connector is seated; recording takes whatever "
            + "arrives at 115200 baud."), "\(report.summary)")
        #expect(!report.summary.contains("TX wire"), "\(report.summary)")
        // Never heard: the first start's words.
        let (again, line) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, behaviour: .deaf, silentUntilAsked: true))
        defer { again.unplug() }
        let first = Self.short(ReceiverSetupTests.quick(.auto)).run(line) { _ in }.summary
        #expect(first.hasSuffix("at any baud tried (115200, 9600, 38400, 57600, 230400). Check its TX wire to the board's RX and its "
            + "power; recording takes whatever arrives at 115200 baud."), "\(first)")
    }

    /// Through the receiver: found at its open, then silent (its power lost, say); the set-up run again
    /// for the silence finds nothing and says when it was last heard.
    @Test func aSetUpAgainAfterASilenceSaysWhenTheModuleWasLastHeard() throws {
        let (replayer, receiver) = try GNSSReceiverRetryTests.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m8))
        defer { replayer.unplug() }
        receiver.watch.retryMs = 0
        try receiver.reopen()
        var buffer = [UInt8](repeating: 0, count: 4096)
        func read(timeoutMs: Int32) throws -> Int { try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: timeoutMs) } }
        let beforeMs = WallClock.nowUTCms()
        _ = try read(timeoutMs: 1)
        let afterMs = WallClock.nowUTCms()
        #expect(receiver.lastReport?.baud == 9600 && receiver.lastReport?.configured == true, "\(receiver.lastReport?.summary ?? "")")
        // The module falls silent: no banner, no answer; what it sent before is read first.
        replayer.module?.idle.store(false, ordering: .releasing)
        replayer.module?.fallSilent(true)
        while try read(timeoutMs: 300) > 0 {}
        receiver.setup = Self.short(receiver.setup!)
        #expect(receiver.silenceDeadlinePassed(silentForMs: 3000) == nil)
        _ = try read(timeoutMs: 1)
        let summary = receiver.lastReport?.summary ?? ""
        #expect(receiver.lastReport?.baud == nil && summary.hasPrefix("receiver set up again (silent for 3 s"), "\(summary)")
        #expect(Self.clockTimes(fromMs: beforeMs, toMs: afterMs).contains { summary.contains("It was heard until \($0) UTC") }, "\(summary)")
        #expect(!summary.contains("TX wire"), "\(summary)")
    }

    /// The time it was last heard is the board's clock's once: a set-up tried again after the clock
    /// moved (an NTP step: a Pi has no RTC; or only a second boundary passed) shows the same time, so
    /// its unchanged report is not said again.
    @Test func theTimeLastHeardStaysAsSaidWhenTheClockMoves() throws {
        let (replayer, receiver) = try GNSSReceiverRetryTests.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m8))
        defer { replayer.unplug() }
        (receiver.watch.retryMs, receiver.watch.silenceRetryMs) = (0, 0)
        let said = GNSSReceiverRetryTests.Said()
        receiver.onReport = { report in said.reports.withLock { $0.append(report.summary) } }
        try receiver.reopen()
        var buffer = [UInt8](repeating: 0, count: 4096)
        func read(timeoutMs: Int32) throws -> Int { try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: timeoutMs) } }
        _ = try read(timeoutMs: 1)
        replayer.module?.idle.store(false, ordering: .releasing)
        replayer.module?.fallSilent(true)
        while try read(timeoutMs: 300) > 0 {}
        receiver.setup = Self.short(receiver.setup!)
        for stepMs: Int64 in [0, 3_600_000] {
            receiver.realtimeMs = { WallClock.nowUTCms() + stepMs }
            #expect(receiver.silenceDeadlinePassed(silentForMs: 3000) == nil)
            _ = try read(timeoutMs: 1)
        }
        let again = said.reports.withLock { $0 }.filter { $0.hasPrefix("receiver set up again") }
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 3)
        #expect(again.count == 1 && again.allSatisfy { $0.contains("It was heard until") }, "\(again)")
    }
}
