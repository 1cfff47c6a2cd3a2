import RoamCore
import Testing

private typealias R = SyntheticRide

/// A ride whose silences have a word of their own (`silenceGapCause`: a replayed capture's silent
/// receiver, an imported file's hole) uses it only where no epoch came at all. Epochs without a fix
/// are the receiver saying it lost the fix: a run of five at 1 Hz ends one second past `gapAfterS`
/// with no unusable epoch past it, and was called the ride's silence word ("receiver silent") though
/// the receiver talked all along.
struct PipelineSilenceCauseTests {
    static func gaps(noFixSeconds: Int, silentSeconds: Int) -> [String] {
        var parameters = PipelineParameters()
        parameters.silenceGapCause = .receiverSilent
        var pl = RidePipeline(rideID: 1, state: PipelineState(), parameters: parameters)
        var events = R.ride(&pl, seconds: 10, speedMps: 5).events
        for s in 10..<(10 + noFixSeconds) {
            events += pl.process(R.input(R.epoch(second: s, eastM: 0, hasFix: false), second: s)).1
        }
        var next = 10 + noFixSeconds
        events += R.ride(&pl, from: next, seconds: 10, speedMps: 5, startM: Double(next) * 5).events
        next += 10 + silentSeconds
        events += R.ride(&pl, from: next, seconds: 5, speedMps: 5, startM: Double(next) * 5).events
        return events.filter { $0.kind == .gap }.map(\.detail)
    }

    @Test(arguments: [5, 6, 30])
    func epochsWithoutAFixAreALossOfFixAndNoEpochsTheRidesSilence(_ noFix: Int) {
        #expect(Self.gaps(noFixSeconds: noFix, silentSeconds: 20) == ["no fix", "receiver silent"], "\(noFix) s without a fix")
    }
}
