import Glibc
import RoamCore
import RoamSystem

/// The bench board only: lets a trial hold the simulated ride at a chosen second, e.g. to fill the disk
/// or inject I/O errors at a known point, then let it go on. Named by the environment variable
/// `ROAM_BENCH_HOLD_FILE`; the file holds one number N: the rig plays the seconds before N, says
/// "bench: holding before second N" on standard error, and waits while the file still says N.
/// Writing a larger number moves the hold on; removing the file lets the ride run to its end.
/// The recorder itself keeps running while the rig holds (it reads a quiet receiver).
struct SimulatedRideHold {
    static let environmentKey = "ROAM_BENCH_HOLD_FILE"
    let path: String

    static func fromEnvironment() -> SimulatedRideHold? {
        Environment.value(environmentKey).map(SimulatedRideHold.init(path:))
    }

    /// Returns once the file allows `second` to be played.
    func wait(beforeSecond second: Int) {
        var announced: Int?
        while let limit = currentLimit(), second >= limit {
            if announced != limit {
                StandardStream.error("bench: holding before second \(limit)\n")
                announced = limit
            }
            usleep(10_000)
        }
    }

    /// nil when the file is absent or does not hold a number (yet: a writer may be mid-write).
    private func currentLimit() -> Int? {
        guard let text = try? FileSystem.readText(path) else { return nil }
        return Int(text.trimmedOfWhitespace)
    }
}
