import Testing
import RoamDrive
import RoamSystem
@testable import RoamBoardCLI

/// Errors to exit statuses (sysexits.h): the drive's storage failures are I/O errors, 74, like
/// the database's, so a unit or a script tells a full store from a bug.
@Suite struct ExitStatusTests {
    @Test func aFullOrUnwritableDriveStoreIsAnIOError() {
        #expect(ExitStatus.of(DriveError(.storageFull, "storage too full for a new drive image")) == 74)
        #expect(ExitStatus.of(DriveError(.fileSystem, "cannot write drive.img.new")) == 74)
        #expect(ExitStatus.of(DriveError(.imageUnreadable, "no drive image at drive.img")) == 74)
        #expect(ExitStatus.of(DriveError(.noGadget, "no USB device controller")) == 74)
    }

    @Test func aMissingOrFailingToolIsAFailure() {
        #expect(ExitStatus.of(DriveError(.toolMissing, "mkfs.fat is missing")) == 1)
        #expect(ExitStatus.of(DriveError(.toolFailed, "mcopy failed")) == 1)
    }

    @Test func outputErrorsKeepTheirWordsAndStatus() {
        let e = OutputError.system(SystemError("write", "out.gpx", .noSpace))
        #expect(e.description == "cannot write out.gpx: no space left on device (the storage is full): free some space")
        #expect(e.status == 74)
        #expect(ErrorText.describe(SystemError("open", "p.json", .noSuchFile)) == "cannot open p.json: it does not exist: check the path (its folder must exist)")
    }
}
