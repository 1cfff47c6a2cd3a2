import Glibc
import RoamSystem
import Testing
@testable import RoamDrive

/// `<image>.served` that is missing means nothing was served yet; one that is there but cannot be
/// read is a storage error the keeper's log hears about (it once read as "nothing served").
@Suite struct ServedImageTests {
    @Test func aMissingRecordIsNothingServedAndAnUnreadableOneIsAnError() throws {
        let folder = try DriveManifestTests.scratch()
        defer { try? FileSystem.removeTree(folder) }
        let image = folder + "/drive.img"
        let none = try ServedImage.read(image)
        #expect(none == nil)
        // A folder where the record belongs: open succeeds, read fails with EISDIR.
        _ = try FileSystem.makeFolders(ServedImage.path(image))
        #expect(throws: SystemError.self) { try ServedImage.read(image) }
        try FileSystem.removeTree(ServedImage.path(image))
        try DurableFile.replace(ServedImage.path(image), with: Array("42\n".utf8))
        let kept = try ServedImage.read(image)
        #expect(kept == 42)
    }
}
