import RoamCore
import RoamSystem

/// The words for a capture a replay that starts a ride refuses: what the file holds, and what a
/// replay needs. Such a ride would hold no position: a rider would only have to delete it.
enum CaptureRefusal {
    /// `within`: how far the input was read when it was not read whole ("first 16 MiB").
    static func noPosition(_ name: String, _ tally: SentenceTally, within: String?) -> String {
        "\(name) holds \(Plural.count(tally.sentences, "checksummed NMEA sentence")) (\(tally.kindsSaid))"
            + (within.map { " in its \($0)" } ?? "")
            + " but no position sentence (RMC, GGA, GLL or GNS): a replay needs a receiver's positions to record a ride; nothing was recorded"
    }

    static func neverFixed(_ name: String, positions: Int) -> String {
        "\(name) never had a fix: each of its \(Plural.count(positions, "position sentence")) says the receiver had none yet "
            + "(RMC status V, GGA quality 0): a replay needs at least one fix to record a ride; nothing was recorded"
    }
}

extension ReplaySource {
    /// Refuses a capture file that would record no position; `startsRide` false (`--no-ride`) refuses only junk.
    static func refuseWithoutPositions(_ path: String, _ holding: CaptureSniffer.Holding, startsRide: Bool) throws(ReplaySourceError) {
        let name = FilePath.shown(path)
        switch holding {
        case .aFix:
            return
        case .noSentence:
            throw ReplaySourceError(.badData, "\(name) holds no checksummed NMEA sentence in its first \(CaptureSniffer.limitBytes >> 20) MiB "
                                    + "and is not a GPX track or a roam-board database; nothing was recorded")
        case .noPosition(let tally, let readWhole):
            guard startsRide else { return }
            throw ReplaySourceError(.badData, CaptureRefusal.noPosition(name, tally, within: readWhole ? nil : "first \(CaptureSniffer.limitBytes >> 20) MiB"))
        case .neverFixed(let positions):
            guard startsRide else { return }
            throw ReplaySourceError(.badData, CaptureRefusal.neverFixed(name, positions: positions))
        }
    }
}
