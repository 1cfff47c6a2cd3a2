@testable import RoamCore
import Testing

/// The flag counts are written with every commit's pipeline state: known names by their place in
/// `FixFlags.names` (plus one) in flag order, then the names this build does not know, as text,
/// sorted. Pinned byte for byte, so equal counts give equal bytes however they were added.
@Suite struct FlagCountsBytesTests {
    static func bytes(_ counts: FlagCounts) -> [UInt8] {
        var w = StateBytesWriter(capacity: 64)
        counts.write(to: &w)
        return w.bytes
    }

    static func counts(_ entries: [(String, Int)]) -> FlagCounts {
        var c = FlagCounts()
        for (name, n) in entries { c.byName[name] = n }
        return c
    }

    @Test("Known names in flag order, then unknown names sorted, whatever order they were counted in")
    func layoutIsFlagOrderThenSortedUnknown() throws {
        let entries = [("zz-newer", 4), ("paused", 30), ("no-fix", 7), ("aa-newer", 2), ("gap-at-pause-speed", 1)]
        var expected: [UInt8] = [5]
        for (index, n) in [(0, 7), (6, 30), (15, 1)] {
            expected.append(UInt8(index + 1))
            var w = StateBytesWriter(capacity: 8); w.put(n); expected += w.bytes
        }
        for (name, n) in [("aa-newer", 2), ("zz-newer", 4)] {
            var w = StateBytesWriter(capacity: 16); w.varint(0); w.put(name); w.put(n); expected += w.bytes
        }
        #expect(FixFlags.names[6].1 == "paused" && FixFlags.names[15].1 == "gap-at-pause-speed")
        #expect(Self.bytes(Self.counts(entries)) == expected)
        #expect(Self.bytes(Self.counts(entries.reversed())) == expected)
    }

    @Test("Every known name is written at its own place and reads back")
    func everyKnownNameRoundTrips() throws {
        var entries: [(String, Int)] = []
        for (index, (_, name)) in FixFlags.names.enumerated() { entries.append((name, index * 3 + 1)) }
        let counts = Self.counts(entries.reversed())
        let written = Self.bytes(counts)
        var expected: [UInt8] = [UInt8(entries.count)]
        for (index, (_, n)) in entries.enumerated() {
            expected.append(UInt8(index + 1))
            var w = StateBytesWriter(capacity: 8); w.put(n); expected += w.bytes
        }
        #expect(written == expected)
        var r = StateBytesReader(written, from: 0, to: written.count)
        let read = try FlagCounts(reading: &r)
        #expect(read == counts)
    }
}
