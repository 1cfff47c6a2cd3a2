import Foundation
import Glibc
import RoamSystem
import RoamTestSupport
import Testing
@testable import RoamDrive

/// The manifest beside the images: written durably, read back equal, read when an older build
/// wrote it with Foundation's JSONEncoder, and never trusted when it is not whole.
@Suite struct DriveManifestTests {
    static let manifest = DriveManifest(
        fingerprint: "roam-drive/1 0123456789abcdef",
        files: [.init(name: "20260614T093000+0200-ride-3.fit", rideID: 3, stamp: "f3db02559e21d8b5", bytes: 24_080),
                .init(name: "20260614T093000+0200-ride-3.gpx", rideID: 3, stamp: "f3db02559e21d8b5", bytes: 403_250)],
        measured: [.init(name: "ride-9.fit", rideID: 9, stamp: "00", bytes: 1 << 40)], imageBytes: 70_618_112)

    static func scratch() throws -> String {
        let folder = FileSystem.temporaryFolder + "/roam-manifest-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.makeFolders(folder)
        return folder
    }

    @Test func aSavedManifestReadsBackEqualAndLeavesNoPartialFile() throws {
        let folder = try Self.scratch()
        defer { try? FileSystem.removeTree(folder) }
        let image = folder + "/drive.img", manifests = folder + "/drive.img.manifests"
        try FileSystem.write([0xEB, 0x3C, 0x90], to: image)
        try Self.manifest.save(image: image, slots: DriveImageSlots(image: image))
        let ino = try #require(DriveManifest.inode(image))
        #expect(DriveManifest.read("\(manifests)/\(ino).json") == Self.manifest)
        #expect(try FileSystem.folderEntries(manifests) == ["\(ino).json"])
        // A manifest of a file that is gone goes at the next prune; the live one stays.
        try FileSystem.write([], to: "\(manifests)/1.json")
        DriveManifest.prune(keeping: [image], folder: manifests)
        #expect(try FileSystem.folderEntries(manifests) == ["\(ino).json"])
    }

    /// A manifest the storage refuses (here a file where its folder goes) is said as what it is to
    /// a rider, with the system's words and what to check. It said "cannot create
    /// /…/drive.img.manifests/<inode>.json: a part of the path is a file, not a folder: check the path".
    @Test func aManifestThatCannotBeSavedIsSaidInARidersTerms() throws {
        let folder = try Self.scratch()
        defer { try? FileSystem.removeTree(folder) }
        let image = folder + "/drive.img.new"
        try FileSystem.write([0xEB, 0x3C, 0x90], to: image)
        try FileSystem.write([], to: folder + "/drive.img.manifests")
        var refused: DriveError?
        do { try Self.manifest.save(image: image, slots: DriveImageSlots(image: folder + "/drive.img")) } catch { refused = error as? DriveError }
        #expect(refused?.kind == .fileSystem)
        #expect(refused?.description == "cannot save the list of what the drive image being built holds: a part of the path is a file, "
                + "not a folder; check the free room on \(folder) and the storage's errors ('dmesg')")
    }

    /// A manifests folder the card cannot make (no inode left: a full card) is said as that. It said
    /// "it does not exist": the write into the folder that was never made.
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func aManifestsFolderThatCannotBeMadeIsSaidAsItsOwnFailure() throws {
        let folder = try Self.scratch()
        defer { try? FileSystem.removeTree(folder) }
        // Two inodes: the file system's root folder and the image; none is left for the manifests folder (ENOSPC).
        try #require(try Self.tool("mount", ["-t", "tmpfs", "-o", "size=1m,nr_inodes=2", "tmpfs", folder]) == 0)
        defer { #expect((try? Self.tool("umount", [folder])) == 0, "\(folder) stays mounted") }
        let image = folder + "/drive.img.new"
        try FileSystem.write([0xEB, 0x3C, 0x90], to: image)
        var refused: DriveError?
        do { try Self.manifest.save(image: image, slots: DriveImageSlots(image: folder + "/drive.img")) } catch { refused = error as? DriveError }
        #expect(refused?.kind == .storageFull)
        #expect(refused?.description == "cannot save the list of what the drive image being built holds: no space left on device "
                + "(the storage is full); check the free room on \(folder) and the storage's errors ('dmesg')")
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aManifestFoundationWroteStillReadsAndAHalfOneIsNone() throws {
        let folder = try Self.scratch()
        defer { try? FileSystem.removeTree(folder) }
        try FileSystem.write([UInt8](try JSONEncoder().encode(Self.manifest)), to: folder + "/old.json")
        #expect(DriveManifest.read(folder + "/old.json") == Self.manifest)
        let whole = try FileSystem.readBytes(folder + "/old.json")
        try FileSystem.write(Array(whole.prefix(whole.count / 2)), to: folder + "/half.json")
        #expect(DriveManifest.read(folder + "/half.json") == nil)
        #expect(DriveManifest.read(folder + "/missing.json") == nil)
    }

    @Test func rideFileNamesGiveTheirRide() {
        #expect(DriveImageReader.rideID("20260614T093000+0200-ride-3.fit") == 3)
        #expect(DriveImageReader.rideID("ride-12.gpx") == 12)
        #expect(DriveImageReader.rideID("a-ride-b-ride-7.fit") == 7)
        #expect(DriveImageReader.rideID("README.txt") == nil)
        #expect(DriveImageReader.rideID("x-ride-.fit") == nil)
        #expect(DriveImageReader.rideID("x-ride-5") == nil)
    }
}
