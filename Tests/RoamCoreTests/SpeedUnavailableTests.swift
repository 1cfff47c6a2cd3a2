import RoamCore
import Testing

/// "Max speed unavailable (the receiver sent no speed)" only when the receiver had fixes and sent
/// no speed with any. A ride of epochs without a fix (RMC status V, GGA quality 0: empty speed
/// fields, as every receiver sends them then) was said to have a receiver that "sent no speed".
@Suite struct SpeedUnavailableTests {
    static func fix(_ seq: Int64, flags: FixFlags, speedMps: Double?) -> FixRecord {
        var epoch = Epoch()
        epoch.speedMps = speedMps
        return FixRecord(rideID: 1, seq: seq, monoNs: UInt64(seq) * 1_000_000_000, epoch: epoch, pressurePa: nil, temperatureC: nil,
                         utcMs: nil, timeSource: .monotonicOnly, flags: flags, segment: 0)
    }

    @Test func epochsWithoutAFixSayNothingOfTheReceiversSpeed() {
        var noFix = UnmeasuredFigures(PipelineParameters())
        for seq in 0..<60 { noFix.add(Self.fix(Int64(seq), flags: .noFix, speedMps: nil)) }
        #expect(!noFix.speedUnavailable)

        var fixesWithoutSpeed = noFix
        fixesWithoutSpeed.add(Self.fix(60, flags: [], speedMps: nil))
        #expect(fixesWithoutSpeed.speedUnavailable)

        var withSpeed = fixesWithoutSpeed
        withSpeed.add(Self.fix(61, flags: [], speedMps: 4.2))
        #expect(!withSpeed.speedUnavailable)
    }
}
