import RoamCore
import RoamSimulator
import Testing

/// Where the bench may pause a replay: only where an epoch begins, and every byte handed on at once.
@Suite struct CaptureEpochCutterTests {
    @Test func piecesAreTheBytesInOrderAndWaitOnlyWhereAnEpochBegins() {
        let epochs = RideSimulatorTests.ride.epochs(perSecond: 10).prefix(2000)
        let bytes = epochs.flatMap(\.nmea)
        var starts = Set<Int>(), at = 0
        for e in epochs { starts.insert(at); at += e.nmea.count }
        for chunkSize in [4096, 1000, 97] {
            var cutter = CaptureEpochCutter()
            var out: [UInt8] = [], waits: [Int] = []
            for chunkStart in stride(from: 0, to: bytes.count, by: chunkSize) {
                for piece in cutter.feed(Array(bytes[chunkStart..<min(chunkStart + chunkSize, bytes.count)])) {
                    if piece.startsEpoch { waits.append(out.count) }
                    out += piece.bytes
                }
            }
            #expect(out == bytes, "chunks of \(chunkSize)")
            #expect(waits.allSatisfy { starts.contains($0) }, "a wait inside an epoch with chunks of \(chunkSize)")
            // Every epoch whose first sentence lies within one chunk is a place to wait; one whose
            // first line spans two chunks is not (in chunks of 97 bytes, most of them).
            let most = chunkSize >= 1000 ? epochs.count * 9 / 10 : epochs.count / 10
            #expect(waits.count >= most && waits.count <= epochs.count, "\(waits.count) waits, chunks of \(chunkSize)")
        }
    }

    @Test func aLiveFeedIsHandedOnAsItComes() {
        var cutter = CaptureEpochCutter()
        let epoch = RideSimulatorTests.ride.seconds[0].nmea
        let half = Array(epoch.prefix(epoch.count / 2))
        #expect(cutter.feed(half).flatMap(\.bytes) == half)
        #expect(cutter.feed(Array(epoch.dropFirst(half.count))).flatMap(\.bytes) == Array(epoch.dropFirst(half.count)))
        #expect(cutter.feed([]).isEmpty)
    }
}
