import Glibc
import RoamRig
import RoamSystem
import Testing

/// The installed units let the service write only its state directory: a data_dir elsewhere is
/// refused at start in words, not left to fail as a read-only file system on every restart.
@Suite struct ServiceStateDirectoryTests {
    @Test func theStateDirectoryAndFoldersInsideItAreAllowed() {
        for folder in ["/var/lib/roam-board", "/var/lib/roam-board/", "/var/lib/roam-board/rides"] {
            #expect(ServiceStateDirectory.refusal(dataFolder: folder, stateDirectory: "/var/lib/roam-board", unit: "roam-board") == nil, "\(folder)")
        }
        #expect(ServiceStateDirectory.refusal(dataFolder: "/srv/b", stateDirectory: "/var/lib/a:/srv/b/", unit: "roam-board") == nil)
    }

    @Test func outsideSystemdNothingIsRefused() {
        #expect(ServiceStateDirectory.refusal(dataFolder: "/home/pi/rides", stateDirectory: nil, unit: "roam-board") == nil)
        #expect(ServiceStateDirectory.refusal(dataFolder: "/home/pi/rides", stateDirectory: "", unit: "roam-board") == nil)
    }

    @Test func aFolderElsewhereIsRefusedWithTheFix() {
        for folder in ["/home/pi/rides", "/var/lib/roam-board-old", "/var/lib"] {
            let why = ServiceStateDirectory.refusal(dataFolder: folder, stateDirectory: "/var/lib/roam-board", unit: "roam-board-drive")
            #expect(why == "the data folder \(folder) (board.conf's data_dir) is outside the only folder this service may write, "
                    + "its state directory /var/lib/roam-board (every other folder is read-only to it: the unit's ProtectSystem=strict): "
                    + "set data_dir = /var/lib/roam-board in board.conf, then sudo systemctl restart roam-board-drive")
        }
    }

    /// A data_dir reached through a link to the state directory is in it (review: refused as outside).
    @Test func aLinkToTheStateDirectoryIsInIt() throws {
        let base = FileSystem.temporaryFolder + "/roam-state-\(getpid())"
        try FileSystem.makeFolders(base + "/state/rides")
        defer { try? FileSystem.removeTree(base) }
        #expect(symlink(base + "/state", base + "/link") == 0)
        #expect(ServiceStateDirectory.refusal(dataFolder: base + "/link/rides", stateDirectory: base + "/state", unit: "roam-board") == nil)
        #expect(ServiceStateDirectory.refusal(dataFolder: base + "/state", stateDirectory: base + "/link", unit: "roam-board") == nil)
        #expect(ServiceStateDirectory.refusal(dataFolder: base, stateDirectory: base + "/link", unit: "roam-board") != nil)
    }
}
