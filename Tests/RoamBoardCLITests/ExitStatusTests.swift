import Testing
import RoamDrive
import RoamHandover
import RoamSystem
@testable import RoamBoardCLI

/// Errors to exit statuses (sysexits.h): the drive's storage failures, and a tool failing on the
/// image (it says to check the storage), are I/O errors, 74, like the database's, so a unit or a
/// script tells a full store from a bug; a missing tool is the system's set-up, 1.
@Suite struct ExitStatusTests {
    @Test func aFullOrUnwritableDriveStoreIsAnIOError() {
        #expect(ExitStatus.of(DriveError(.storageFull, "storage too full for a new drive image")) == 74)
        #expect(ExitStatus.of(DriveError(.fileSystem, "cannot write drive.img.new")) == 74)
        #expect(ExitStatus.of(DriveError(.imageUnreadable, "no drive image at drive.img")) == 74)
        #expect(ExitStatus.of(DriveError(.noGadget, "no USB device controller")) == 74)
        #expect(ExitStatus.of(DriveError(.toolFailed, "mcopy failed to copy the rides into the drive image being built")) == 74)
    }

    @Test func aMissingToolIsAFailure() {
        #expect(ExitStatus.of(DriveError(.toolMissing, "mkfs.fat is missing")) == 1)
    }

    /// Every failed input of `import` was 65: a file not there is 66 as for every other command.
    @Test func importExitsByTheCauseOfItsFailures() {
        #expect(ExitStatus.importFailure([.missing]) == 66)
        #expect(ExitStatus.importFailure([.unreadable]) == 66)
        #expect(ExitStatus.importFailure([.badFile]) == 65)
        #expect(ExitStatus.importFailure([.notARide, .missing]) == 65)
        #expect(ExitStatus.importFailure([.toolMissing]) == 1)
        #expect(ExitStatus.importFailure([.toolFailed, .unreadable]) == 66)
    }

    @Test func outputErrorsKeepTheirWordsAndStatus() {
        let e = OutputFailure.system(SystemError("write", "out.gpx", .noSpace))
        #expect(e.description == "cannot write out.gpx: no space left on device (the storage is full): free some space")
        #expect(ExitStatus.of(e) == 74)
        #expect(ErrorText.describe(SystemError("open", "p.json", .noSuchFile)) == "cannot open p.json: it does not exist: check the path (its folder must exist)")
    }
}
