import Glibc
import RoamRig
import RoamSimulator
import RoamSystem
import Testing

/// A replay file that opens but cannot be read is said as a read failure in the project's words,
/// never taken for an empty file or one without NMEA (a read error once read as the file's end).
@Suite struct ReplayReadFailureTests {
    /// /proc/self/mem opens for anyone and answers a read at offset 0 with EIO: a real read failure, no root needed.
    @Test func aFileWhoseReadFailsIsSaidAsUnreadable() {
        do {
            _ = try ReplaySource.open("/proc/self/mem", ride: nil)
            Issue.record("a file that cannot be read was taken for a replay")
        } catch let error as ReplaySourceError {
            #expect(error.kind == .unreadable, "\(error.description)")
            #expect(error.description == "cannot read capture /proc/self/mem: I/O error: check the storage device", "\(error.description)")
        } catch {
            Issue.record("unexpected error: \(error)")
        }
    }

    /// strerror's "No such file or directory" never reaches a rider: the errno is said in RoamSystem's words.
    @Test func aCaptureThatCannotBeOpenedIsSaidInTheProjectsWords() {
        let path = FileSystem.temporaryFolder + "/roam-no-capture-\(getpid())/ride.nmea"
        do {
            _ = try CaptureReader(path: path)
            Issue.record("a missing capture was opened")
        } catch {
            #expect(error.reason == Errno.noSuchFile.reason(.read), "\(error.reason)")
            #expect(error.description == "opening the capture \(path) failed: it does not exist: check the path (its folder must exist)")
        }
    }
}
