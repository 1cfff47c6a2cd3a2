import RoamCore
import RoamRecorder
import RoamStore
import Testing

/// A bench replay and a live recording never go on with each other's ride, whatever its age, and a
/// replay never goes on with a replay's: each start closes the ride it finds in words that say whose
/// it was. A live start and a live ride are left to the age rule.
@Suite struct RearmKindTests {
    static let last: Int64 = 1_781_425_800_000

    static func row(byReplay: Bool) -> RideRow {
        var parameters = PipelineParameters()
        if byReplay { parameters.rolloverFloorUTCms = WeekRollover.firstRolloverUTCms }
        return RearmTests.recordingRow(lastCommitUTCms: last, parameters: parameters)
    }

    static func decide(replaying: Bool, rideByReplay: Bool) -> RearmPolicy.Decision {
        var policy = RearmPolicy()
        policy.replaying = replaying
        return policy.decide(row(byReplay: rideByReplay), nowUTCms: last + 1_000)
    }

    @Test("P7 policy: each start's kind against the ride's: a live start resumes only a live ride, a replay resumes none")
    func eachStartClosesTheOtherKindsRide() {
        #expect(RearmPolicy.startedByReplay(Self.row(byReplay: true)) && !RearmPolicy.startedByReplay(Self.row(byReplay: false)))
        #expect(Self.decide(replaying: false, rideByReplay: false) == .resume)
        #expect(Self.decide(replaying: false, rideByReplay: true)
                == .close(reason: "closed: the replay recording it was interrupted, and a live recording never goes on with a replay's ride "
                          + "(the next press starts a new ride)"))
        #expect(Self.decide(replaying: true, rideByReplay: true)
                == .close(reason: "closed: the replay recording it was interrupted; this replay records a new ride"))
        #expect(Self.decide(replaying: true, rideByReplay: false)
                == .close(reason: "closed: a live ride left recording, which a replay never goes on with; this replay records a new ride"))
    }
}
