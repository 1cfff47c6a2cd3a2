import RoamPorts
import Glibc
import RoamHardware
import Synchronization

/// A device that was absent when the recorder started (a GPIO driver or i2c-dev loaded late) and is
/// refused with EPERM once it appears. Under systemd that is the device cgroup: the unit's
/// `DeviceAllow=` is resolved when the unit starts, and a node that did not exist then is left out,
/// so retrying can never succeed. The recorder says so once and stops as systemd's stop does
/// (everything read is committed); `Restart=` starts it again with the device allowed. One
/// restart, not a loop: at the next start the node exists and is allowed.
///
/// Armed only after the devices were opened at start: an EPERM then is a configuration error,
/// reported by the rig as such.
public final class LateDeviceRestart: Sendable {
    private let armed = Atomic<Bool>(false)
    private let fired = Atomic<Bool>(false)
    private let report: @Sendable (String) -> Void
    private let stop: @Sendable () -> Void

    /// `stop` ends the session as SIGTERM does; `report` is the journal.
    public init(report: @escaping @Sendable (String) -> Void, stop: @escaping @Sendable () -> Void) {
        self.report = report; self.stop = stop
    }

    /// For the recorder under systemd (INVOCATION_ID is set for every service process): raises
    /// SIGTERM at itself, which the session's signal thread takes. Elsewhere (a terminal, the
    /// kernel-sim guest) an EPERM is not the unit's device list, and nothing restarts the recorder: nil.
    public static func underSystemd(report: @escaping @Sendable (String) -> Void) -> LateDeviceRestart? {
        guard getenv("INVOCATION_ID") != nil else { return nil }
        return LateDeviceRestart(report: report) { _ = kill(getpid(), SIGTERM) }
    }

    func arm() { armed.store(true, ordering: .releasing) }

    /// Opens a device through `body`, handing its error to `late` (when there is one) before it is thrown.
    static func opening<T>(_ late: LateDeviceRestart?, _ what: String, _ body: () throws(DeviceError) -> T) throws(DeviceError) -> T {
        do {
            return try body()
        } catch {
            late?.refused(error, what: what)
            throw error
        }
    }

    /// Called with every error of a device opened after the start; acts once, on EPERM only.
    func refused(_ error: DeviceError, what: String) {
        guard error.failed(with: EPERM), armed.load(ordering: .acquiring),
              !fired.exchange(true, ordering: .acquiringAndReleasing) else { return }
        report("\(what): \(error.device) appeared after the recorder started, when the unit's DeviceAllow= was resolved "
               + "without it, so the kernel refuses it. Stopping with everything committed; systemd starts the recorder "
               + "again (Restart=) with \(error.device) allowed.")
        stop()
    }
}
