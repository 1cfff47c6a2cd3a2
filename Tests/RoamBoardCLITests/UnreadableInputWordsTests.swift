import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A file its reader may not read is said as that: "check that you may read it", never the advice
/// for a write ("check that you may write there"), and from `Errno`, not by hand in each command.
/// Run as `nobody` (setpriv) on files that are root's and 0000: root itself reads any file.
@Suite(.needs(geteuid() == 0, "running as another user than the files' owner needs root"))
struct UnreadableInputWordsTests {
    static let readAdvice = "permission denied: check that you may read it (owner and mode)"

    @Test func anImportOfAnUnreadableFileSaysToCheckThatYouMayReadIt() throws {
        let b = try DataFolderOwnerTests.board(ownedBy: try DataFolderOwnerTests.nobody)
        defer { b.remove() }
        let gpx = try b.gpx("x.gpx", points: 20)
        try #require(chmod(gpx, 0) == 0)
        let r = try ReaderWithoutWrite.run(["import", "--board", b.board, gpx])
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(gpx): cannot read it: \(Self.readAdvice)"), "\(r.stderr)")
        #expect(!r.stderr.contains("write"), "\(r.stderr)")
    }

    @Test func anUnreadableBoardFileSaysToCheckThatYouMayReadIt() throws {
        let b = try DataFolderOwnerTests.board(ownedBy: try DataFolderOwnerTests.nobody)
        defer { b.remove() }
        try #require(chmod(b.board + "/board.conf", 0) == 0)
        let r = try ReaderWithoutWrite.run(["rides", "--board", b.board])
        #expect(r.status == 66)
        #expect(r.stderr.contains("cannot read board file \(b.board)/board.conf: \(Self.readAdvice)"), "\(r.stderr)")
    }
}
