import Foundation
import Glibc
import RoamTestSupport
import Testing

/// `drive-image` on a card with no byte free reads the rides only without locks (no room for
/// SQLite's -shm), builds nothing from such a read, and said so only to the keeper's log: it
/// listed the image already there, "drive.img: 1 ride on the drive", and exited 0 without the ride
/// stored since; with no image before, "no drive image at drive.img", 74, not a word of the full
/// card. It fails (74) in the full card's words, says whether an image was kept, and keeps it.
/// A real small tmpfs, filled to the last byte (no blocks kept for root).
@Suite(.serialized, .needs(geteuid() == 0 && DriveProbe.isAvailable,
                      "mounting a small tmpfs needs root; the image needs dosfstools and mtools"))
struct DriveImageFullCardTests {
    @Test func driveImageOnAFullCardFailsInTheFullCardsWordsAndKeepsTheImage() throws {
        try DriveProbe.onSmallCard("drive-image-full-card") { _, mount in
            let db = mount.appendingPathComponent("rides.db").path
            let image = mount.appendingPathComponent("drive.img").path
            try DriveProbe.storeRide(db)
            let full = "the storage holding \(db) is full, so its rides can be read only without locks"

            // No image before: none made, and why.
            try FullStorage.fill(mount)
            let first = try CLIRunner.run(["drive-image", "--db", db])
            #expect(first.status == 74, "\(first.stdout)\(first.stderr)")
            #expect(first.stderr.contains(full) && first.stderr.contains("no drive image was made (there was none before)"), "\(first.stderr)")
            #expect(first.stderr.contains("free room there by deleting"), "\(first.stderr)")
            #expect(!FileManager.default.fileExists(atPath: image))

            // Room again: one ride on the drive.
            try FileManager.default.removeItem(at: mount.appendingPathComponent("filler"))
            let built = try CLIRunner.run(["drive-image", "--db", db])
            #expect(built.status == 0 && built.stdout.contains("1 ride on the drive"), "\(built.stdout)\(built.stderr)")
            let before = try Data(contentsOf: URL(fileURLWithPath: image))

            // A second ride, then the card full: no success with an image that lacks it.
            try DriveProbe.storeRide(db, day: 1)
            try FullStorage.fill(mount)
            let second = try CLIRunner.run(["drive-image", "--db", db])
            #expect(second.status == 74, "\(second.stdout)\(second.stderr)")
            #expect(!second.stdout.contains("on the drive"), "an old image listed as the drive: \(second.stdout)")
            #expect(second.stderr.contains(full) && second.stderr.contains("the previous image \(image) is kept as it was built"),
                    "\(second.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before, "the image there was not kept")
        }
    }
}
