import Glibc
import RoamTestSupport
import Testing
import RoamSystem
@testable import RoamDrive

/// The shared folder (::/Leaflet) is optional on a drive, but one that is there and cannot be listed
/// is a damaged image, said as one: it once read as a drive without shared files.
@Suite struct DriveImageReaderSharedTests {
    @Test(.needs(FileSystem.isExecutable("/usr/bin/mdir") && FileSystem.isExecutable("/usr/sbin/mkfs.fat"),
            "mtools or dosfstools is not installed"))
    func aSharedFolderThatCannotBeListedMakesTheImageUnreadable() throws {
        let dir = try DriveToolsTests.folder("shared")
        defer { try? FileSystem.removeTree(dir) }
        let image = dir + "/drive.img"
        let made = try ChildProcess.run("/usr/sbin/mkfs.fat", ["mkfs.fat", "-C", image, "2048"], limit: .seconds(60))
        try #require(made.status == 0)
        _ = try DriveTools.run("mmd", ["-i", image, "::/Rides", "::/Leaflet"], what: "make the folders")
        try FileSystem.write(Array("roam-board drive\n".utf8), to: dir + "/README.txt")
        _ = try DriveTools.run("mcopy", ["-i", image, dir + "/README.txt", "::/README.txt"], what: "copy README.txt")
        let whole = try DriveImageReader.read(image)
        #expect(whole.shared == [] && whole.files == [])
        // The Leaflet folder's entry points past the end of the file system: mdir fails on it.
        var bytes = try FileSystem.readBytes(image)
        let name = Array("LEAFLET    ".utf8)
        let entry = try #require((0...(bytes.count - name.count)).first { bytes[$0..<($0 + name.count)].elementsEqual(name) })
        bytes[entry + 26] = 0xF0; bytes[entry + 27] = 0x0F
        try FileSystem.write(bytes, to: image)
        do {
            let listing = try DriveImageReader.read(image)
            Issue.record("a shared folder that cannot be listed read as \(listing.shared)")
        } catch let error as DriveError {
            #expect(error.kind == .imageUnreadable, "\(error.description)")
            #expect(error.description.hasPrefix("the drive image \(image) is corrupt or not one roam-board built"), "\(error.description)")
        }
    }
}
