import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// A stop that comes while the receiver is being configured: the set-up gives up at its next read
/// and hands back the data sentences it heard, more than one read can serve. They are recorded
/// before the last settle, and the set-up's report says it was cut short, not that nothing was found.
@Suite struct SensorLoopStopDuringSetupTests {
    @Test func whatTheSetUpHeardIsRecordedWhenTheStopCutsItShort() throws {
        let replayer = try NMEAReplayer()
        // Deaf: it never answers MON-VER, so the set-up waits for it (30 s) when the stop comes.
        let module = FakeGNSSModule(family: .ublox, behaviour: .deaf)
        try replayer.attach(module, idleIntervalMs: 100)
        defer { replayer.unplug() }
        replayer.module!.idle.store(false, ordering: .releasing)
        let seconds = 60
        let ride = RideSimulation().seconds.prefix(seconds).flatMap { Array($0.nmea) }
        #expect(ride.count > 3 * 4096)   // more than the loop's read buffer holds
        var setup = ReceiverSetup(family: .ublox, targetBaud: 9600, rateHz: 1)
        setup.options.ackTimeoutMs = 30_000
        let receiver = replayer.receiver(baud: 9600, setup: setup)
        try receiver.reopen()
        let loop = try SensorLoop(source: receiver, barometer: nil, queue: SensorQueue(capacity: 64), options: .init(),
                              clock: MonotonicClock.nowNs, emit: { _ in })
        // Written from a thread of its own (a full pty makes the write wait for the reader), before the
        // set-up starts listening: its first listen at 9600 hears the ride at once.
        let written = DispatchSemaphore(value: 0)
        Thread { try? replayer.write(ride); written.signal() }.start()
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        #expect(written.wait(timeout: .now() + 30) == .success)
        // The set-up has read the whole ride once it has kept every data sentence the module sent of
        // it for the hand-back (a u-blox adds VTG and GSV after each RMC; its banner is not kept); its
        // MON-VER wait (30 s) goes on long after. It waited 8 s instead: FIONREAD on the pty reads 0
        // while bytes still wait in the tty's flip buffer.
        var sender = module
        let sentences = sender.transmit(ride, hostBaud: 9600).split(separator: UInt8(ascii: "\n")).filter { line in
            let text = String(decoding: line, as: UTF8.self)
            return text.hasPrefix("$") && !text.hasPrefix("$P") && !text.dropFirst(3).hasPrefix("TXT")
        }.count
        let deadline = MonotonicClock.nowNs() + 25_000_000_000
        while receiver.setupDataSentencesRead.load(ordering: .acquiring) < sentences && MonotonicClock.nowNs() < deadline {
            MonotonicClock.sleep(ns: 1_000_000)
        }
        try #require(receiver.setupDataSentencesRead.load(ordering: .acquiring) == sentences,
                     "the set-up kept \(receiver.setupDataSentencesRead.load(ordering: .acquiring)) of the \(sentences) data sentences the module sent within 25 s")
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 0)
        loop.requestStop()
        done.wait()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1)
        let summary = receiver.lastReport?.summary ?? ""
        #expect(summary.contains("set-up cut short by the recorder stopping"), "\(summary)")
        #expect(receiver.lastReport?.configured == false)
        #expect(loop.epochsAssembled.load(ordering: .acquiring) == seconds)
    }
}
