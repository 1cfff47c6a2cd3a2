import RoamCore
import RoamStore

/// What re-arm does with a ride that was still recording when the recorder last stopped (P7).
///
/// The policy: resume it, unless its last commit is more than `closeAfterS` old; then close it
/// (state stopped, end time = its last accepted fix, a stop event saying why) and wait for a press
/// to start a new ride. A power cut mid-ride, a crash or a service restart resumes the ride with a
/// "logger restarted" gap; a board switched on the next morning does not glue yesterday's ride to today's.
///
/// Which clock ages the commit: within the boot that made it (`sameBootAgeS`, from the last
/// recorder's status file), the monotonic clock, which nothing sets: a Pi has no RTC, so its wall
/// clock at boot is fake-hwclock's, days behind, and is stepped by NTP later, and a restart of a few
/// seconds after such a step must not close the ride. Across a boot the monotonic clock starts
/// again, so the board's real-time clock decides, the one that stamped the commit: at start-up
/// there is no GNSS time yet, and re-arm must not wait for it (P7). After a power loss that clock
/// may be behind; then the last commit looks recent (or in the future) and the ride is resumed —
/// the safe side, as resuming loses nothing and the gap is recorded. The receiver then settles it:
/// `staleResume` (`StaleResumeRule`) compares the ride's last GNSS time with the first GNSS time
/// after the restart, and a ride found older than `closeAfterS` by that clock is closed and the
/// fixes go to a new ride (a Pi with fake-hwclock wakes up next morning believing it is still
/// yesterday evening). The board's clock is trusted across a boot only when it agreed with GNSS time
/// at the ride's last commit (`clocksDisagree`): a Pi without an RTC records with fake-hwclock's
/// days-old time until NTP steps it, and after a power cut NTP may set the clock before the recorder
/// starts, so a ride cut minutes ago looked days old by its last commit's stamp. Then it is resumed,
/// and the receiver's time settles it at the first fix as above.
///
/// A ride whose fixes another pipeline algorithm derived (`PipelineParameters.algorithm`: the
/// card was written by an earlier or later release) is closed too: resumed, its rest would be
/// derived by this code's algorithm under the stored name of the other, and its totals would mix
/// the two without saying so.
public struct RearmPolicy: Sendable, Equatable {
    public enum Decision: Sendable, Equatable {
        case resume
        case close(reason: String)
    }

    /// Default 6 hours: longer than any lunch stop, shorter than a night.
    public var closeAfterS: Double

    /// Set for a bench replay, which always records its own new ride: a ride found recording is
    /// closed instead of resumed. Resumed, the replay's first scripted press would stop it, and the
    /// replay would record nothing. A live start closes a replay's ride too (`kindsDiffer`).
    public var replaying = false

    /// The algorithm this code derives fixes with; a ride derived by another is not resumed.
    public var algorithm = PipelineParameters().algorithm

    public init(closeAfterS: Double = 6 * 3600) { self.closeAfterS = closeAfterS }

    /// What decides at the first fix with GNSS time after a resume (the ride session applies it).
    public var staleResume: StaleResumeRule { StaleResumeRule(closeAfterS: closeAfterS) }

    /// `sameBootAgeS`: the last commit's age by the monotonic clock, when it was made in this boot
    /// (`sameBootAgeS(lastExit:rideID:bootID:nowMonoNs:)`); nil: the wall clock ages it.
    public func decide(_ row: RideRow, nowUTCms: Int64, sameBootAgeS: Double? = nil) -> Decision {
        if let reason = replaying ? Self.replayCloses(row) : Self.liveStartCloses(row) { return .close(reason: reason) }
        if let other = otherAlgorithm(row) {
            return .close(reason: "closed at restart: \(other); one ride is not counted by two (the next ride starts with a press)")
        }
        let clock = sameBootAgeS == nil ? "" : " by the board's running time"
        let ageS: Double
        if let sameBootAgeS {
            ageS = sameBootAgeS
        } else {
            guard let last = row.lastCommitUTCms ?? row.startedUTCms else { return .resume }
            // A stamp from another timeline than GNSS's ages nothing: the first fix's GNSS time decides.
            if Self.clocksDisagree(row) { return .resume }
            ageS = Double(nowUTCms - last) / 1000
        }
        guard ageS > closeAfterS else { return .resume }
        let hours = (ageS / 360).rounded() / 10
        return .close(reason: "closed at restart: its last commit was \(hours) h ago\(clock) (the limit is \(closeAfterS / 3600) h)")
    }

    /// Whether a ride still recording was started by a bench replay. Its parameters say so: only a
    /// replay and an import record with the floor of the first GPS week rollover (no board does), and
    /// an import stores stopped rides.
    public static func startedByReplay(_ row: RideRow) -> Bool {
        row.state == .recording && row.parameters.rolloverFloorUTCms == WeekRollover.firstRolloverUTCms
    }

    /// What a replay's start does with the ride it finds recording: it closes it, whichever kind it is,
    /// and says which (a live ride's closing must not blame a replay).
    static func replayCloses(_ row: RideRow) -> String {
        startedByReplay(row)
            ? "closed: the replay recording it was interrupted; this replay records a new ride"
            : "closed: a live ride left recording, which a replay never goes on with; this replay records a new ride"
    }

    /// A live start (a board's, or the bench's simulated ride) never goes on with a replay's ride:
    /// its fixes would follow the replayed ones in one ride. nil: a live ride, judged by its age.
    static func liveStartCloses(_ row: RideRow) -> String? {
        guard startedByReplay(row) else { return nil }
        return "closed: the replay recording it was interrupted, and a live recording never goes on with a replay's ride "
            + "(the next press starts a new ride)"
    }

    /// The age of ride `rideID`'s last commit by the monotonic clock, from the last recorder's status
    /// (`lastExit`): nil unless that status is from this boot (`bootID`, not empty), names the ride
    /// and has a commit's monotonic stamp not after `nowMonoNs`. The status file lags the commits
    /// (`Recorder.Options.statusIntervalS`), so its stamp is never newer than the ride's last commit:
    /// the age comes out as old as the truth or older, never younger.
    public static func sameBootAgeS(lastExit: RecorderStatus?, rideID: Int64, bootID: String, nowMonoNs: UInt64) -> Double? {
        guard let lastExit, !bootID.isEmpty, lastExit.bootID == bootID, lastExit.rideID == rideID,
              let monoNs = lastExit.lastCommitMonoNs, monoNs <= nowMonoNs else { return nil }
        return Double(nowMonoNs - monoNs) / 1e9
    }

    /// How far the last commit's stamp may be from the ride's last GNSS time and still age the ride
    /// across a boot: a commit follows its fixes by one commit interval (5 s at most) and a receiver's latency.
    public static let clockAgreementS = 60.0

    /// Whether the board's clock that stamped the ride's last commit was more than `clockAgreementS`
    /// behind the ride's last GNSS time (fake-hwclock's time before NTP stepped it): no commit comes
    /// before the fixes it holds, so then that stamp says nothing of the ride's age. A stamp after the
    /// last GNSS time is no sign of another clock: commits go on while the receiver is silent (its
    /// gap, a set-up again), so only lateness that no silence explains counts. False without both times.
    public static func clocksDisagree(_ row: RideRow) -> Bool {
        guard let commit = row.lastCommitUTCms,
              let gnss = row.pipelineState.clock.lastTimed?.utcMs ?? row.pipelineState.lastAccepted?.utcMs else { return false }
        return Double(gnss - commit) / 1000 > clockAgreementS
    }

    /// Why this code will not resume the ride whatever its age, in words; nil when it derives the
    /// ride's fixes with the ride's own algorithm.
    public func otherAlgorithm(_ row: RideRow) -> String? {
        guard row.parameters.algorithm != algorithm else { return nil }
        return "its fixes were derived by \(row.parameters.algorithm) and this roam-board derives them with \(algorithm)"
    }
}
