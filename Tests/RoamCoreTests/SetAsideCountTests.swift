import Testing
@testable import RoamCore

/// One count, in words: kept and set aside as the totals count them, reasons by flag.
@Suite struct SetAsideCountTests {
    @Test func countsAsTheTotalsDoAndSaysWhyInWords() {
        var p = PipelineParameters()
        p.distanceGateM = 12
        var c = SetAsideCount(p)
        var totals = RideTotals()
        let fixes: [FixFlags] = [[], [.paused], [.segmentStart, .bridged], [.underDistanceGate], [.underDistanceGate, .paused],
                                 [.noFix, .afterRestart], [.lowAccuracy, .barometerMissing]]
        for flags in fixes {
            c.add(flags)
            if flags.isAccepted { totals.acceptedCount += 1 } else { totals.flaggedCount += 1 }
        }
        #expect(c.kept == totals.acceptedCount && c.setAside == totals.flaggedCount)
        #expect(c.sentence == "3 points kept for distance (1 while paused); 4 set aside (1 without a position, 1 less accurate than 50 m, "
                + "2 closer than 12 m to the last, 1 while paused; one fix may have more than one reason); nothing deleted")
        #expect(c.reasons.map(\.name) == ["no-fix", "low-accuracy", "under-distance-gate", "paused"])
    }

    /// Reasons that add up to more than the count (one fix under the gate while paused) say why;
    /// reasons that add up to it say nothing more.
    @Test func saysSoOnlyWhenOneFixGaveMoreThanOneReason() {
        var apart = SetAsideCount()
        for flags: FixFlags in [[.underDistanceGate], [.noFix], []] { apart.add(flags) }
        #expect(!apart.reasonsOverlap)
        #expect(apart.sentence == "1 point kept for distance; 2 set aside (1 without a position, 1 closer than 10 m to the last); nothing deleted")
        var overlapping = apart
        overlapping.add([.underDistanceGate, .paused])
        #expect(overlapping.reasonsOverlap)
        #expect(overlapping.sentence.hasSuffix("3 set aside (1 without a position, 2 closer than 10 m to the last, 1 while paused; "
                                               + "one fix may have more than one reason); nothing deleted"), "\(overlapping.sentence)")
    }

    /// A flag that rejects nothing is said wherever its fixes went, so the sentence's counts add up
    /// to the flag's own: the Edge 530's 2022-11-26 ride said "21 while paused" beside 22 paused
    /// fixes in `show`'s flag list (one fix walked 29 m while paused, and was kept).
    @Test func aFlagThatRejectsNothingIsCountedOnceWhereverItsFixesWent() {
        var c = SetAsideCount(), flags = FlagCounts()
        for f: FixFlags in [[.paused], [.underDistanceGate, .paused], [.underDistanceGate, .paused], [.barometerSpike],
                            [.noFix, .barometerSpike], [], [.segmentStart]] {
            c.add(f); flags.add(f)
        }
        for (words, flag) in [("while paused", FixFlags.paused), ("with a barometer spike", .barometerSpike)] {
            #expect(Self.said(words, in: c.sentence) == flags[flag], "\(words): \(c.sentence)")
        }
        #expect(c.sentence == "4 points kept for distance (1 while paused, 1 with a barometer spike); 3 set aside (1 without a "
                + "position, 2 closer than 10 m to the last, 2 while paused, 1 with a barometer spike; one fix may have more "
                + "than one reason); nothing deleted")
    }

    /// The counts a sentence gives for one reason's words, added up ("1 while paused", "2 while paused").
    static func said(_ words: String, in sentence: String) -> Int {
        sentence.split(whereSeparator: { "(),;".contains($0) }).compactMap { part -> Int? in
            let text = part.drop { $0 == " " }
            let digits = text.prefix { $0.isNumber }
            return text.dropFirst(digits.count) == " " + words ? Int(digits) : nil
        }.reduce(0, +)
    }
}
