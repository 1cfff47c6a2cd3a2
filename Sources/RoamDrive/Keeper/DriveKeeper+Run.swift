import RoamStore
import RoamSystem

extension DriveKeeper {
    /// Follows the cable for as long as the drive unit runs: the controller's state through the
    /// kernel's notification (POLLPRI) on `watch`, and the rides every `pollMs` as well. An error is
    /// said once, not at every poll, and tried again at the next one. Throws only what this keeper
    /// must not outlive: a newer roam-board migrated the database while it ran.
    public func run(watch: UDCStateWatch, pollMs: Int) throws -> Never {
        var notified = false
        // Said once the gadget is bound to the controller: while another gadget holds it, the held
        // line alone says what happens (the drive is not on the cable yet).
        var saidOffering = false
        var lastError: String?
        while true {
            do {
                try step(state: watch.read(), notified: notified, nowUTCms: WallClock.nowUTCms())
                lastError = nil
            } catch {
                // An upgrade restarts nothing: this keeper must not hand the newer database's rides
                // over; systemd starts the installed program in its place (65: a restart fixes it,
                // unlike a newer database found at start, 79).
                if case .schemaTooNew? = error as? StoreError {
                    say("drive: stopping: a newer roam-board changed the database while this one ran; the drive unit "
                        + "starts the installed program again (or: sudo systemctl restart roam-board-drive)")
                    throw error
                }
                let line = writer.describe(error)
                if line != lastError { say("drive: \(line)") }
                lastError = line
            }
            if !saidOffering, let udc = settings.udc, settings.gadget?.boundController == udc {
                say("drive: offering \(FilePath.shown(settings.builder.imagePath)) on \(FilePath.shown(udc))")
                saidOffering = true
            }
            notified = watch.wait(timeoutMs: max(pollMs, 10))
        }
    }

    /// A board that never recorded has no database yet: the drive waits for the first ride
    /// instead of failing and restarting every few seconds. Only while nothing is there: a path it
    /// may not look at (EACCES on its folder, EIO) throws the look's error, which says why.
    public static func waitForDatabase(_ path: String, pollMs: Int, say: (String) -> Void) throws(SystemError) {
        guard try FileSystem.kind(path) == nil else { return }
        say("drive: no database yet at \(FilePath.shown(path)): waiting for the first ride")
        while true {
            MonotonicClock.sleep(ns: UInt64(max(pollMs, 10)) * 1_000_000)
            if try FileSystem.kind(path) != nil { return }
        }
    }
}
