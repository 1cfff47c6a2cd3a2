import Foundation
@testable import RoamCore
import RoamSimulator
@testable import RoamStore
import Testing

/// `rides.pipeline_state` is written with every batch in the compact layout of
/// `PipelineState+Bytes`. A field forgotten there would resume a ride without it, so the round
/// trip runs on a state where every field, at every depth, differs from its default.
@Suite struct PipelineStateBytesTests {
    static let t1 = #"{"utcMs":1700000000123,"timeOfDayMs":3600123,"monoNs":9000000001}"#
    static let t2 = #"{"utcMs":1700000001123,"timeOfDayMs":3601123,"monoNs":9000000002}"#
    static let p1 = #"{"latDeg":52.5200066,"lonDeg":13.404954,"monoNs":9000000003,"utcMs":1700000002123,"timeOfDayMs":3602123}"#
    static let p2 = #"{"latDeg":-33.8688,"lonDeg":151.2093,"monoNs":9000000004,"utcMs":1700000003123,"timeOfDayMs":3603123}"#

    /// Every field of the state set, none to its default: when a field is added to the state, the
    /// first test says which path to set here, and the round trip then proves the layout has it.
    static let everyField = """
    {"nextSeq":1234,"segment":3,"lastAccepted":\(p1),
     "totals":{"distanceM":12345.678,"bridgedM":55.5,"bridgedGaps":2,"movingS":3000.25,"elapsedS":3600.5,"ascentM":123.4,
               "descentM":98.7,"maxSpeedMps":15.25,"fixCount":3600,"acceptedCount":3500,"flaggedCount":100,"gapCount":4,
               "segmentCount":5,"flagCounts":{"no-fix":7,"paused":30,"a-flag-of-a-newer-build":2}},
     "segmentPending":true,"lastUsable":\(p2),
     "clock":{"lastTimed":\(t1),"last":\(t2),"undatedFromSeq":17,"backwardsRun":2,"backwardsLast":\(t1),"trustsReceiverTime":true},
     "backfill":{"fromSeq":10,"anchorSeq":20,"anchorUTCms":1700000000999,"anchorTimeOfDayMs":3600999,"anchorMonoNs":8000000000},
     "jumps":{"last":\(p2),"count":2},
     "autoPause":{"isPaused":true,"crossedAt":\(t1),"pausedSince":\(t2),"lastUpdate":\(t1),"stillSince":\(t2)},
     "smoother":{"frame":{"originLatDeg":52.5,"originLonDeg":13.4},
                 "east":{"positionM":12.5,"velocityMps":3.25,"p11":4.1,"p12":0.3,"p22":1.7},
                 "north":{"positionM":-7.5,"velocityMps":-1.25,"p11":3.9,"p12":-0.2,"p22":1.6},"time":\(t2)},
     "altimeter":{"offsetM":-3.5,"lastGoodM":45.25,"lastGoodTime":\(t1),"outliers":2,"lastOutlierM":80.5,
                  "hold":{"altitudeM":44.5,"latDeg":52.1,"lonDeg":13.1}},
     "climb":{"confirmedAscentM":100.5,"confirmedDescentM":90.25,"turnM":40.5,"highM":50.5,"lowM":30.5,"extremeM":48.5,
              "direction":1,"smoothedM":47.125},
     "hasBarometer":true,"barometerInterrupted":true,"gapBeganMoving":true,"pendingLoggerFlags":3072,
     "rhythm":{"recentS":[1,1.001,0.999],"last":\(t2)},
     "spanSpeed":{"marks":[{"time":\(t1),"alongM":1234.5},{"time":\(t2),"alongM":1250.25}]}}
    """

    /// Each stored value of `value` by its path (optionals unwrapped, structs opened), as text.
    static func leaves(_ value: Any, at path: String = "state", into found: inout [String: String]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first { leaves(wrapped.value, at: path, into: &found) } else { found[path] = "nil" }
        case .dictionary:
            // Sorted: two equal dictionaries may list their pairs in different orders.
            found[path] = mirror.children.map { String(describing: $0.value) }.sorted().description
        case .struct where !mirror.children.isEmpty:
            for child in mirror.children { leaves(child.value, at: path + "." + (child.label ?? "?"), into: &found) }
        default:
            found[path] = String(describing: value)
        }
    }

    static func fullState() throws -> PipelineState {
        try PipelineJSON().decode(PipelineState.self, from: everyField)
    }

    @Test("The state the round trip uses sets every field to something other than its default")
    func fixtureSetsEveryField() throws {
        var full: [String: String] = [:], defaults: [String: String] = [:]
        Self.leaves(try Self.fullState(), into: &full)
        Self.leaves(PipelineState(), into: &defaults)
        let blank: Set = ["nil", "0", "0.0", "false", "[]", "[:]", "", "unknown"]
        let unset = full.filter { blank.contains($0.value) || defaults[$0.key] == $0.value }.keys.sorted()
        #expect(unset.isEmpty, "set these in everyField (and in PipelineState+Bytes): \(unset)")
        #expect(full.count >= 90, "\(full.count) leaves")
    }

    @Test("Every field of the state comes back from its stored bytes")
    func everyFieldRoundTrips() throws {
        let state = try Self.fullState()
        let stored = state.storedBytes(paddedTo: PackedText.rowStep)
        #expect(stored.first == PipelineState.bytesLayoutTag && stored.count % PackedText.rowStep == 0)
        let back = try PipelineState(storedBytes: stored)
        var expected: [String: String] = [:], got: [String: String] = [:]
        Self.leaves(state, into: &expected)
        Self.leaves(back, into: &got)
        #expect(got.filter { expected[$0.key] != $0.value }.keys.sorted() == [])
        #expect(back == state)
        #expect(state.storedBytes() == back.storedBytes(), "equal states give equal bytes")
    }

    @Test("Non-finite numbers and extreme integers come back exactly")
    func extremesRoundTrip() throws {
        var state = try Self.fullState()
        state.totals.distanceM = .infinity
        state.totals.movingS = -.infinity
        state.totals.ascentM = -0.0
        state.nextSeq = .max
        state.segment = .min
        state.lastAccepted?.monoNs = .max
        state.lastAccepted?.latDeg = .leastNonzeroMagnitude
        state.totals.elapsedS = .nan
        var back = try PipelineState(storedBytes: state.storedBytes())
        #expect(back.totals.elapsedS.isNaN && back.totals.ascentM?.sign == .minus)
        back.totals.elapsedS = 0
        state.totals.elapsedS = 0
        #expect(back == state)
    }

    @Test("A state written before a field existed reads that field as its default; a newer build's extra fields are skipped")
    func recordsToleratesOlderAndNewerLayouts() throws {
        let state = try Self.fullState()
        var w = StateBytesWriter(capacity: 64)
        w.bytes.append(PipelineState.bytesLayoutTag)
        w.open(); w.put(state.nextSeq); w.put(state.segment); w.close()
        var older = PipelineState()
        older.nextSeq = state.nextSeq; older.segment = state.segment
        #expect(try PipelineState(storedBytes: w.bytes) == older)

        var newer = state.storedBytes()
        // The outer record's length byte(s) follow the tag: lengthen it by two bytes of a field this build lacks.
        #expect(newer[1] >= 0x80 && newer[2] < 0x80, "the state record takes a two-byte length")
        let length = (Int(newer[1] & 0x7F) | (Int(newer[2]) << 7)) + 2
        newer.replaceSubrange(1...2, with: [UInt8(length & 0x7F) | 0x80, UInt8(length >> 7)])
        newer += [0x02, 0x2A]
        #expect(try PipelineState(storedBytes: newer) == state)
    }

    @Test("Damaged bytes are refused in words, never read as a wrong state")
    func damageIsNamed() throws {
        let stored = try Self.fullState().storedBytes()
        func problem(_ bytes: [UInt8]) -> String {
            do { _ = try PipelineState(storedBytes: bytes); return "none" } catch { return "\(error)" }
        }
        #expect(problem(Array(stored.prefix(stored.count / 2))).contains("truncated"))
        #expect(problem(stored + [0, 0, 7]).contains("not padding"))
        #expect(problem([0x01] + stored.dropFirst()).contains("tag"))
    }

    /// SQLite keeps up to 989 bytes of a row in a 1 KiB table leaf (usable size - 35): the ride row
    /// with the largest state of the bench ride is committed and measured in place (`dbstat`); also
    /// where speed is derived (a track file's replay), whose state keeps the maximum's spans (`SpanSpeed`).
    @Test(arguments: [true, false], [true, false])
    func everyStateOfTheBenchRideRoundTripsAndTheLargestFitsTheRow(barometer: Bool, speedMeasured: Bool) throws {
        var parameters = PipelineParameters()
        parameters.speedMeasured = speedMeasured
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: parameters)
        var largest = PipelineState(), largestSize = 0, compared = 0
        for (i, input) in RideSimulation().sensorEpochs(barometer: barometer).enumerated() {
            _ = pipeline.process(input)
            let stored = RideColumns.stored(pipeline.state)
            if stored.count > largestSize { largestSize = stored.count; largest = pipeline.state }
            guard i % 5 == 0 else { continue }
            #expect(try PipelineState(storedBytes: stored) == pipeline.state, "epoch \(i)")
            compared += 1
        }
        #expect(compared > 400)

        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        defer { store.close() }
        try store.commit(Batch(rideID: ride.id, fixes: [], events: [], state: largest), commitUTCms: 100)
        #expect(try store.activeRide()?.pipelineState == largest)
        let payload = try #require(try store.connection.singleText("SELECT max(mx_payload) FROM dbstat WHERE name = 'rides'"))
        let overflow = try store.connection.count("SELECT count(*) FROM dbstat WHERE name = 'rides' AND pagetype = 'overflow'")
        print("largest stored state \(largestSize) B, ride row \(payload) B")
        #expect(overflow == 0 && (Int(payload) ?? .max) <= PackedRideRowTests.rowBudget, "ride row \(payload) B, \(overflow) overflow pages")
    }
}
