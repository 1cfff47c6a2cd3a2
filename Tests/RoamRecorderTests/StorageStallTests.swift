import Foundation
import RoamCore
@testable import RoamRecorder
import RoamStore
import Testing

/// docs/DESIGN.md §3 and §9: SD cards stall for up to two seconds, the kernel's tty buffer holds a
/// fraction of that, so the sensor thread must keep reading while a commit waits. Here another
/// writer holds the database for 2 s (the commit waits on its busy timeout, as on a stalled card):
/// every epoch written meanwhile still lands, in order, in the next, larger batch.
@Suite struct StorageStallTests {
    @Test func aTwoSecondStorageStallLosesNoByteAndNoFix() throws {
        let h = try RecorderHarness()
        let r = try h.recorder()
        try r.start()
        r.press()
        try h.feed(20)
        #expect(h.waitForAck(through: 18))

        let blocker = try h.holdWriteLock()
        let stallStart = Date()
        // 200 epochs arrive during the stall: far more bytes than a pty or UART buffer holds,
        // so this write only completes if the sensor thread keeps reading.
        try h.feed(200)
        let remaining = 2.0 - Date().timeIntervalSince(stallStart)
        if remaining > 0 { usleep(UInt32(remaining * 1e6)) }  // the stall itself, not a synchronisation
        try blocker.execute("ROLLBACK")

        try h.feed(10)
        #expect(h.waitForAck(through: 228))
        r.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        #expect(try reader.seqs(ride: ride.id) == Array(0...229))
        #expect(ride.lostCount == 0)
        #expect(r.status.lostEpochsTotal == 0)
        // The stalled epochs landed together: at least one batch after the stall held many fixes.
        let sizes = h.events.all.compactMap { event -> Int? in
            if case .committed(let report) = event { return report.fixCount } else { return nil }
        }
        #expect((sizes.max() ?? 0) > 10, "batch sizes \(sizes)")
    }
}
