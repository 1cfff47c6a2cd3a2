import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// A module that acknowledges 10 Hz at a baud board.conf pins too low for its sentences at that rate
/// (RMC GGA GSA GST at 9600 baud): it sends the epochs its line carries, evenly spaced. The rate watch
/// sets it up again once; as slow right after, the rate it delivers is said once, kept for the status
/// file, and later epochs are judged against it, so a power loss (1 Hz) is still set up again.
/// Through the bench's fake module behind a real pseudo-terminal, its bytes taking time at its baud
/// (`FakeGNSSModule.limitedByBaud`), fed the simulated ride's 10 Hz epochs.
@Suite(.serialized) struct SensorLoopDeliveredRateTests {
    typealias Run = SensorLoopModuleResetTests.Run
    typealias Feed = SensorLoopModuleRateTests.Feed

    /// Takes the queued epochs' UTC times into `times` until `done` holds (a generous deadline); false if it never did.
    func collect(_ run: Run, into times: inout [Int], until done: ([Int]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 120)
        while !done(times) && Date() < deadline {
            for item in run.queue.takeAll(timeout: 0.5)?.items ?? [] {
                guard case .batched(.epoch(let e)) = item, let t = e.epoch.timeOfDayMs else { continue }
                times.append(t)
            }
        }
        return done(times)
    }

    /// Intervals between the epochs taken, ms → how many.
    static func intervals(_ times: [Int]) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for (a, b) in zip(times, times.dropFirst()) { counts[b - a, default: 0] += 1 }
        return counts
    }

    @Test func aModuleThatCannotSendItsRateIsSetUpAgainOnceSaidOnceAndAPowerLossIsStillCaught() throws {
        var module = FakeGNSSModule(family: .ublox, ubloxModel: .m8)
        module.limitedByBaud = true
        // board.conf: 9600 baud, rate_hz 10. The wait after a lower rate 10 s, not 2 min: a long run in a minute.
        let run = try Run(module, baud: 9600, silentAfterMs: 3000, slowRetryMs: 10_000)
        #expect(run.wait { run.module.rateHz == 10 && run.receiver.setupRuns.load(ordering: .acquiring) == 1 }, "\(run.module)")
        let feed = Feed(run.replayer)
        defer { feed.stop(); run.stop() }
        var notes: [String] { run.heard.notes.withLock { $0 } }
        var setupRuns: Int { run.receiver.setupRuns.load(ordering: .acquiring) }

        var times: [Int] = []
        #expect(collect(run, into: &times) { _ in !notes.isEmpty }, "\(run.heard.reports.withLock { $0 })")
        let said = notes.first ?? ""
        #expect(said.contains("receiver delivers") && said.contains("though it acknowledged 10 Hz"), "\(said)")
        #expect(said.contains("more than 9600 baud carries (960 B/s)") && said.contains("set baud = 57600"), "\(said)")
        // A long run at the rate it delivers: without the rule, set up again every 10, 20, 40 s.
        let concluded = times.last ?? 0
        #expect(collect(run, into: &times) { ($0.last ?? 0) - concluded >= 60_000 })
        #expect(setupRuns == 2, "one set-up at the start, one again: \(run.heard.reports.withLock { $0 })")
        #expect(notes.count == 1 && run.setUpAgain.count == 1, "\(notes) \(run.setUpAgain)")
        let delivers = run.heard.setupAgain.withLock { $0?.delivers } ?? ""
        #expect(delivers.hasPrefix("delivers ") && delivers.contains(", not 10 Hz: "), "\(delivers)")
        // Measured: the set-up again loses no epoch (it hands back what it read meanwhile): one spacing throughout.
        let spacings = Self.intervals(times)
        #expect(spacings.count == 1, "intervals (ms: how many) \(spacings.sorted { $0.key < $1.key })")
        print("delivered rate: \(said)\nintervals until the power loss (ms: how many): \(spacings.sorted { $0.key < $1.key })")

        // Power lost: back at its factory 1 Hz (and every sentence), at the board's baud.
        run.replayer.module!.powerCycle()
        let againCount = { run.heard.setupAgain.withLock { $0?.count } }
        #expect(collect(run, into: &times) { _ in againCount() == 2 && run.module.rateHz == 10 }, "\(run.module)")
        let cause = run.heard.setupAgain.withLock { $0?.cause } ?? ""
        #expect(cause.contains("epochs at 1 Hz, set up for 10 Hz (delivering"), "\(cause)")
        let mended = times.last ?? 0
        #expect(collect(run, into: &times) { ($0.last ?? 0) - mended >= 20_000 })
        #expect(setupRuns == 3 && notes.count == 1, "\(notes) \(run.heard.reports.withLock { $0 })")
        #expect(run.heard.setupAgain.withLock { $0?.delivers } == delivers, "what it delivers is kept through the set-up")
    }
}
