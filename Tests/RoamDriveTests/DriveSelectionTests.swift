import Testing
@testable import RoamDrive

/// What the drive holds: every ride not yet handed over (as storage allows), plus the newest
/// handed-over ones that fit under the cap.
@Suite struct DriveSelectionTests {
    @Test func ridesNotHandedOverIgnoreTheCap() {
        // Claim order: two not handed over (30 + 30), then handed over (20, 20, 5).
        let kept = DriveSelection.fitting(sizes: [30, 30, 20, 20, 5], handedOver: [false, false, true, true, true], room: 1000, cap: 50)
        #expect(kept == [0, 1])
        let roomier = DriveSelection.fitting(sizes: [30, 30, 20, 20, 5], handedOver: [false, false, true, true, true], room: 1000, cap: 85)
        #expect(roomier == [0, 1, 2, 4])
    }

    @Test func storageBoundsEveryRide() {
        let kept = DriveSelection.fitting(sizes: [40, 40, 10], handedOver: [false, false, false], room: 60, cap: 1000)
        #expect(kept == [0, 2])
    }

    @Test func filesTakeWholeClusters() {
        #expect(DriveSelection.onDisk(1) == 4096)
        #expect(DriveSelection.onDisk(4096) == 4096)
        #expect(DriveSelection.onDisk(4097) == 8192)
    }

    @Test func aNewImageLeavesRoomToGrowWithinTheCap() {
        let small = DriveImageBuilder.imageSize(payload: 1 << 20, cap: 2 << 30)
        #expect(small >= (65 << 20) && small < (70 << 20))
        let capped = DriveImageBuilder.imageSize(payload: 100 << 20, cap: 120 << 20)
        #expect(capped >= (120 << 20) && capped < (125 << 20))
        // Rides not handed over may exceed the cap: the image still holds them.
        let over = DriveImageBuilder.imageSize(payload: 300 << 20, cap: 120 << 20)
        #expect(over >= (300 << 20))
    }
}
