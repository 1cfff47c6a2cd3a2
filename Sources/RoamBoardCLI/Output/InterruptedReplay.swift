import RoamRig
import RoamStore

/// A ride a bench replay left recording (Ctrl-C) while no recorder runs, in the words `record`,
/// `rides`, `dump` and `prune` say it: no start resumes it as a board's ride is resumed, so
/// "still recording" and "stop it with the button" would both be untrue (`ReplaySource.recorded`).
enum InterruptedReplay {
    /// What becomes of it, the same words everywhere.
    static let closedBy = "the next replay or record closes it"

    /// For the `rides` table's state column.
    static let state = "interrupted replay (closed on next start)"

    static func left(_ ride: RideRow, recorderRunning: Bool) -> Bool {
        !recorderRunning && ReplaySource.recorded(ride)
    }
}
