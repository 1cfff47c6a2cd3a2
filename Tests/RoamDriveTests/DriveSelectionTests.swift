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

    /// Which limit left a ride off, as the keeper, `drive-image` and README.txt say it.
    @Test func theCapIsBlamedOnlyWhereRoomOnTheCardWouldNotHelp() {
        // The card had room for the whole cap: a handed-over ride left off is the cap's doing.
        #expect(DriveSelection.leftOffByCap(measured: true, handedOver: true, size: 20, room: 100, cap: 50))
        // Less room than the cap: the card's room left it off.
        #expect(!DriveSelection.leftOffByCap(measured: true, handedOver: true, size: 20, room: 40, cap: 50))
        // Bigger than the cap on its own: no room would bring it on.
        #expect(DriveSelection.leftOffByCap(measured: true, handedOver: true, size: 60, room: 40, cap: 50))
        // Not handed over (the cap never applies), or never exported for lack of room: the room.
        #expect(!DriveSelection.leftOffByCap(measured: true, handedOver: false, size: 20, room: 100, cap: 50))
        #expect(!DriveSelection.leftOffByCap(measured: false, handedOver: true, size: 0, room: 100, cap: 50))
    }
}
