import Glibc
import RoamTestSupport
import Testing
import RoamSystem
@testable import RoamDrive

/// The FAT tools run for real: a tool that hangs is stopped at its limit, and a tool's own message
/// comes only after our sentence, quoted as its words.
@Suite struct DriveToolsTests {
    static func folder(_ name: String) throws -> String {
        let dir = FileSystem.temporaryFolder + "/roam-drive-tools-\(getpid())-\(name)"
        _ = try FileSystem.makeFolders(dir)
        return dir
    }

    @Test("mdir waiting on an image that is a FIFO is stopped at its limit (it ignores SIGTERM there: SIGKILL)",
          .needs(FileSystem.isExecutable("/usr/bin/mdir"), "mtools is not installed"))
    func hungToolIsStopped() throws {
        let dir = try Self.folder("fifo")
        defer { try? FileSystem.removeTree(dir) }
        let fifo = dir + "/drive.img"
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(throws: DriveError(.toolFailed, "cannot list the rides on \(fifo): mdir was still running after 300 ms and was stopped; "
                                   + "it takes minutes at most, so check the storage's errors ('dmesg')")) {
            try DriveTools.run("mdir", ["-i", fifo, "-b", "::/Rides"], what: "list the rides on \(fifo)", limit: .milliseconds(300))
        }
    }

    @Test("A tool's failure says what could not be done first, the tool's line quoted after",
          .needs(FileSystem.isExecutable("/usr/bin/mdir"), "mtools is not installed"))
    func toolMessageIsQuoted() throws {
        let dir = try Self.folder("zeros")
        defer { try? FileSystem.removeTree(dir) }
        let image = dir + "/drive.img"
        try FileSystem.write([UInt8](repeating: 0, count: 65_536), to: image)
        #expect(throws: DriveError(.toolFailed, "cannot list the rides on the image: mdir ended with exit status 1 "
                                   + "(mdir said: \"init :: non DOS media\")")) {
            try DriveTools.run("mdir", ["-i", image, "-b", "::/Rides"], what: "list the rides on the image")
        }
    }
}
