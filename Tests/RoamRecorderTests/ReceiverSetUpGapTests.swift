import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Synchronization
import Testing

/// P5: a set-up run again mid-ride (a module power-cycled comes back at 9600 baud, its bytes junk at
/// the board's 115200) searches other bauds for seconds, and the module's epochs of that time are
/// not read. The ride says why fixes are missing there (a "receiver set up again" gap, in the real
/// SQLite file) and draws nothing across it; it does not read as a loss of fix.
/// Through the fake module behind a real pseudo-terminal, the real sensor and commit threads.
@Suite(.serialized) struct ReceiverSetUpGapTests {
    /// Writes the bench ride's seconds into the module, one every 100 ms (the module's cadence: the
    /// load, not a synchronisation), while not paused.
    final class Feeder: @unchecked Sendable {
        let replayer: NMEAReplayer
        let paused = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)

        init(_ replayer: NMEAReplayer) {
            self.replayer = replayer
            Thread { [self] in
                var next = 0
                while !stopped.load(ordering: .acquiring) && next < RecorderHarness.simulation.seconds.count {
                    if !paused.load(ordering: .acquiring) {
                        do { try replayer.write(RecorderHarness.simulation.seconds[next].nmea) } catch { break }
                        next += 1
                    }
                    usleep(100_000)
                }
                done.signal()
            }.start()
        }

        func stop() { stopped.store(true, ordering: .releasing); done.wait() }
    }

    @Test func aSetUpThatSearchedOtherBaudsMidRideIsAGapWithItsCause() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-setup-gap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: dir) } catch {
                FileHandle.standardError.write(Data("could not remove \(dir.path): \(error)\n".utf8))
            }
        }
        let dbPath = dir.appendingPathComponent("rides.db").path
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .ublox, ubloxModel: .m8), idleIntervalMs: 100)
        defer { replayer.unplug() }
        // 1 Hz, the bench ride's own rate (its seconds go out faster than real time): no rate watch set-up.
        var setup = ReceiverSetup(family: .auto, targetBaud: 115_200, rateHz: 1)
        (setup.options.listenMs, setup.options.garbageMs, setup.options.probeListenMs, setup.options.ackTimeoutMs) = (1500, 400, 2500, 3000)
        let receiver = replayer.receiver(baud: 115_200, setup: setup)
        // Bytes after 1 s of silence set the module up again; the sensor thread's own silence gap
        // (30 s here) never opens, so no gap but the set-up's can cover the epochs it loses.
        receiver.watch.silenceMs = 1000
        let reports = Mutex<[String]>([])
        receiver.onReport = { report in reports.withLock { $0.append(report.summary) } }
        try receiver.reopen()
        receiver.configureNow()
        let link = try #require(replayer.module)
        #expect(link.state.baud == 115_200, "\(reports.withLock { $0 })")

        var options = Recorder.Options()
        options.sensor.silentAfterMs = 30_000
        options.writesStatusFile = false
        let events = EventLog()
        let recorder = try Recorder(store: try RideStore(path: dbPath), activeRide: nil, source: receiver, barometer: nil,
                                options: options, emit: { events.append($0) })
        try recorder.start()
        recorder.press()
        let feeder = Feeder(replayer)
        func committed(through seq: Int64) -> Bool {
            events.wait(timeoutS: 90) { log in
                log.contains { if case .committed(let r) = $0, let s = r.seqs { return s.upperBound >= seq }; return false }
            }
        }
        #expect(committed(through: 15))
        let ride = try #require(try RideReader(path: dbPath).rides().last).id
        // The module loses power: nothing on the line for 2 s, then back at its factory 9600 baud.
        feeder.paused.store(true, ordering: .releasing)
        link.idle.store(false, ordering: .releasing)
        link.powerCycle()
        usleep(2_000_000)  // the outage's length (over the receiver's 1 s), not a synchronisation
        link.idle.store(true, ordering: .releasing)
        feeder.paused.store(false, ordering: .releasing)
        #expect(link.waitUntil(timeoutNs: 90_000_000_000) { $0.baud == 115_200 }, "\(reports.withLock { $0 })")
        let lastBefore = try RideReader(path: dbPath).seqs(ride: ride).last ?? 0
        #expect(committed(through: lastBefore + 15))
        feeder.stop()
        recorder.stop()

        let said = reports.withLock { $0 }
        #expect(said.contains { $0.contains("set up again (bytes again after 1 s of silence") && $0.contains("found at 9600") }, "\(said)")
        let reader = try RideReader(path: dbPath)
        let gaps = try reader.events(ride: ride).filter { $0.kind == .gap }
        #expect(gaps.map(\.detail) == ["receiver set up again"], "\(gaps)")
        var fixes: [FixRecord] = []
        try reader.forEachFix(ride: ride) { fixes.append($0) }
        let gap = try #require(gaps.first)
        let before = try #require(gap.beforeSeq)
        // Nothing drawn across it: the first fix with a position after it starts the next segment.
        let firstAfter = try #require(fixes.first { $0.seq >= before && $0.epoch.hasPosition })
        #expect(firstAfter.flags.contains(.segmentStart), "\(firstAfter.flags)")
        #expect(fixes.first { $0.seq == before }?.flags.contains(.afterSilence) == true)
        #expect(Set(fixes.filter { $0.seq < before }.map(\.segment)).count == 1)
        #expect(fixes.filter { $0.seq >= before }.allSatisfy { $0.segment > fixes[0].segment })
        // P2: replaying the stored fixes marks the gap at the same place.
        let check = try Rederivation.check(path: dbPath)
        #expect(check.isConsistent, "\(check.text)")
    }
}
