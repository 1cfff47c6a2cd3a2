import Foundation
import Glibc
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import RoamTestSupport
import Testing

/// Low storage, on a real filesystem that really fills: a 16 MiB tmpfs with a ballast
/// file. The recorder notices it, the LED shows it, the ride and the status say it, recording
/// goes on and deletes nothing; removing the ballast clears it.
@Suite(.serialized) struct LowStorageTests {
    static let canMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    @Test(.needs(canMount, "needs root to mount a tmpfs (CI runs as root)"))
    func aNearlyFullCardIsShownAndRecordingGoesOnWithoutDeleting() throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("roam-lowstorage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try TestTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", mountPoint.path])
        defer {
            _ = try? TestTools.run("/bin/umount", ["-l", mountPoint.path])  // cleanup only; the test's outcome is decided above
            _ = try? FileManager.default.removeItem(at: mountPoint)
        }
        let ballast = mountPoint.appendingPathComponent("ballast")
        try Data(count: 10 << 20).write(to: ballast)

        let h = try RecorderHarness(parent: mountPoint)
        var options = Recorder.Options()
        options.commit.lowStorage.minFreeBytes = 8 << 20   // about 6 MiB are free with the ballast
        options.commit.lowStorage.minHours = 0.05           // 3 min at 10 Hz: the floor decides on this small card
        options.commit.lowStorage.checkEveryS = 0.05
        let (r, led) = try h.recorderWithLED(options: options)
        try r.start()
        #expect(h.events.wait { $0.contains { if case .storageLow = $0 { return true }; return false } })
        #expect(led.status == .storageLow)  // seen before a ride starts
        #expect(r.status.storageLow?.contains(" MiB free") == true && r.status.storageLow?.contains("or 8 MiB)") == true)

        r.press()
        try h.feed(400)
        #expect(h.waitForAck(through: 390))
        // Recording shows as recording (a press is seen to have started the ride), after the warning's burst.
        #expect(led.status == .recording)
        #expect(led.pattern == LEDPattern.dark.afterStorageLowBurst(), "\(led.pattern)")

        try FileManager.default.removeItem(at: ballast)
        #expect(h.events.wait { $0.contains { if case .storageRecovered = $0 { return true }; return false } })
        try h.feed(100)
        #expect(h.waitForAck(through: 490))
        #expect(led.pattern == .dark)
        r.stop()

        #expect(r.status.storageLow == nil)
        // Once the warning is gone, recording with a fix shows again (each commit says whether it ended on one).
        let history = led.statusHistory
        #expect(history.firstIndex(of: .storageLow).map { i in history[(i + 1)...].contains(.recording) } == true, "\(history)")
        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        let low = try reader.events(ride: ride.id).filter { $0.kind == .storageLow }
        #expect(low.count == 1)
        #expect(low.first?.detail.contains("dump and prune") == true)
        // Nothing was deleted to make room: every fix acknowledged is there, in order.
        #expect(try reader.seqs(ride: ride.id) == Array(0...Int64(ride.totals.fixCount - 1)))
        #expect(ride.totals.fixCount >= 491)
    }
}
