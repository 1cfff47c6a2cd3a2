import Glibc
@testable import RoamRecorder
import RoamSystem
import Testing

/// The bench's wait for a stop signal (`record --unplug-at-end`): a poll() that fails for another
/// reason than EINTR, or a descriptor poll() calls invalid, ends the wait with the error, once; it
/// looped at once, forever, a core burnt. Each wait here gives up after 1000 looks, so the loop
/// that spun ends too, and is counted.
@Suite struct ShutdownSignalTests {
    /// A descriptor number no test opens: poll() answers POLLNVAL at once.
    static let closedDescriptor: CInt = 999_999

    @Test func aPollThatFailsEndsTheWaitWithItsError() {
        var polls = 0, looks = 0
        var thrown: Errno?
        do {
            try ShutdownSignal.waitForBytes(on: Self.closedDescriptor, until: { looks += 1; return looks > 1000 }) { _ in
                polls += 1
                errno = ENOMEM
                return -1
            }
        } catch { thrown = error }
        #expect(thrown == Errno(rawValue: ENOMEM))
        #expect(polls == 1, "poll() was called \(polls) times in a row")
    }

    @Test func anInvalidDescriptorEndsTheWait() {
        var looks = 0
        var thrown: Errno?
        do { try ShutdownSignal.waitForBytes(on: Self.closedDescriptor, until: { looks += 1; return looks > 1000 }) } catch { thrown = error }
        #expect(thrown == Errno(rawValue: EBADF))
        #expect(looks == 1, "the wait looked \(looks) times")
    }

    @Test func anInterruptedPollIsMadeAgain() throws {
        let pipe = try CloseOnExecPipe.make(nonBlocking: true)
        defer { close(pipe.read); close(pipe.write) }
        var polls = 0, bytes = 0
        var byte: UInt8 = 1
        // EINTR first; then the handler's byte, read, and the request seen.
        try ShutdownSignal.waitForBytes(on: pipe.read, until: { bytes > 0 }) { ready in
            polls += 1
            if polls == 1 { errno = EINTR; return -1 }
            _ = write(pipe.write, &byte, 1)
            bytes += 1
            return Glibc.poll(&ready, 1, -1)
        }
        #expect(polls == 2)
    }

    @Test func theFailureIsSaidInWords() {
        let words = "\(ShutdownSignal.waitFailed(Errno(rawValue: ENOMEM)))"
        #expect(words == "cannot wait for a stop signal (SIGTERM, SIGINT) on the bench's wake-up pipe: the system is out of memory", "\(words)")
    }
}
