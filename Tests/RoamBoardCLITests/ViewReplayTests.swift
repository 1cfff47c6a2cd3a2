import Foundation
import RoamTestSupport
import Testing
import RoamCore

/// The page's replay, run in Node from the page of a recorded bench ride and judged against the
/// ride's rows: stored values at every drawn fix, the tunnel as a gap with its stored cause and no
/// distance across it, the café stop as a pause, the stored distance at the end, a clock that only
/// runs forward, and a marker and cursor that never leave the drawn lines (P5).
@Suite(.serialized, .needs(ViewReplayNode.path != nil, ViewReplayNode.skipReason))
struct ViewReplayTests {
    typealias XY = ViewReplayFixture.XY
    /// The page's rounding: 0.1 km/h, 1 cm, 1 dm (plus the float error of a sum).
    static let speedTolerance = 0.05 + 1e-9, elevationTolerance = 0.005 + 1e-9, distanceTolerance = 0.05 + 1e-6

    private func fixture() throws -> ViewReplayFixture { try ViewReplayFixture.shared.get() }

    @Test func atEachDrawnFixTheStateIsThatFixsStoredValues() throws {
        let f = try fixture()
        let drawn = f.fixes.filter(\.isDrawn)
        try #require(drawn.count > 500)
        let run = try ViewReplayNode.run(f, times: drawn.map(f.seconds))
        #expect(run.t0 == Double(f.rideStartUTCms))
        var index: [Int: Int] = [:]  // the k-th drawn fix of a segment is its k-th drawn vertex
        for (fix, s) in zip(drawn, run.states) {
            let k = index[fix.segment, default: 0]
            index[fix.segment] = k + 1
            let vertex = try #require(f.mapVertices[fix.segment]?[k], "segment \(fix.segment) has no vertex \(k)")
            let profile = try #require(f.profileVertices[fix.segment]?[k])
            #expect(s.segment == fix.segment && s.utcMs == Double(fix.utcMs) && !s.inGap, "fix \(fix.seq)")
            #expect(s.status == (fix.flags.contains(.paused) ? "paused" : "moving"), "fix \(fix.seq)")
            let speed = fix.flags.contains(.paused) ? 0 : (fix.speedMps ?? .nan) * 3.6
            #expect(abs((s.speedKmh ?? .nan) - speed) <= Self.speedTolerance, "fix \(fix.seq): \(String(describing: s.speedKmh)) vs \(speed)")
            #expect(abs((s.elevationM ?? .nan) - (fix.baroAltM ?? .nan)) <= Self.elevationTolerance, "fix \(fix.seq)")
            #expect(abs(s.distanceM - fix.distanceM) <= Self.distanceTolerance, "fix \(fix.seq)")
            #expect(s.x == vertex.x && s.y == vertex.y, "fix \(fix.seq): (\(String(describing: s.x)), \(String(describing: s.y))) vs \(vertex)")
            // The profile's text has one decimal; the cursor is computed from cm and dm.
            #expect(abs((s.px ?? .nan) - profile.x) <= 0.06 && abs((s.py ?? .nan) - profile.y) <= 0.06, "fix \(fix.seq): cursor vs \(profile)")
        }
        #expect(index == f.mapVertices.mapValues(\.count), "every drawn vertex is a drawn fix, with no thinning on this ride")
    }

    @Test("P5: inside the tunnel the state is a gap with its stored cause; the distance across it is bridged once, after it")
    func insideTheTunnelGapTheStateSaysGapWithTheStoredCause() throws {
        let f = try fixture()
        let tunnel = f.fixes.filter { $0.flags.contains(.noFix) }
        try #require(tunnel.count > 60 && f.gapCauses.count == 1)
        let beforeTunnel = f.fixes.last { $0.isDrawn && $0.seq < tunnel[0].seq }
        let before = try #require(beforeTunnel)
        let afterTunnel = f.fixes.first { $0.isDrawn && $0.seq > tunnel.last!.seq }
        let after = try #require(afterTunnel)
        #expect(after.segment == before.segment + 1)
        let run = try ViewReplayNode.run(f, times: tunnel.map(f.seconds) + [f.seconds(after)])
        let last = try #require(f.mapVertices[before.segment]?.last)
        for (fix, s) in zip(tunnel, run.states) {
            #expect(s.inGap && s.status == "gap" && s.cause == f.gapCauses[0], "fix \(fix.seq): \(s.status)")
            #expect(s.text.status == "gap: \(f.gapCauses[0])")
            #expect(abs(s.distanceM - before.distanceM) <= Self.distanceTolerance, "fix \(fix.seq)")
            #expect(s.speedKmh == nil && s.elevationM == nil && s.py == nil, "nothing is invented in a gap")
            #expect(s.x == nil || (s.x == last.x && s.y == last.y), "the marker waits where the track stopped")
        }
        let resumed = try #require(run.states.last)
        #expect(!resumed.inGap && resumed.segment == after.segment)
        #expect(abs(resumed.distanceM - after.distanceM) <= Self.distanceTolerance)
        // The stored ride adds the tunnel's bridged distance on the first fix after it, nothing inside it.
        #expect(after.flags.contains(.bridged) && after.distanceM - before.distanceM > 550, "bridged on the fix after the gap")
    }

    /// The fix before the tunnel is under the distance gate: the gap list, `show` and the FIT timer
    /// begin the gap there (07:58:42), and the replay once began it a second early, at the last drawn fix.
    @Test func theReplaysGapBeginsAtTheLastUsableFixAsTheGapListSays() throws {
        let f = try fixture()
        let tunnel = try #require(f.fixes.first { $0.flags.contains(.noFix) })
        let usable = f.fixes.last { $0.seq < tunnel.seq && $0.flags.isDisjoint(with: GapSpan.unusable) }
        let lastUsable = try #require(usable)
        let drawn = try #require(f.fixes.last { $0.isDrawn && $0.seq < tunnel.seq })
        try #require(lastUsable.utcMs > drawn.utcMs, "the bench ride's last fix before the tunnel is under the gate")
        let at = f.seconds(lastUsable)
        let run = try ViewReplayNode.run(f, times: [(f.seconds(drawn) + at) / 2, at, at + 0.5])
        #expect(run.states.map(\.inGap) == [false, false, true], "\(run.states.map(\.status))")
    }

    @Test func theCafeStopPlaysAsPausedWithTheRiderHeld() throws {
        let f = try fixture()
        let paused = f.fixes.filter { $0.flags.contains(.paused) }
        try #require(paused.count > 100)
        let run = try ViewReplayNode.run(f, times: paused.map(f.seconds))
        let first = try #require(run.states.first)
        for (fix, s) in zip(paused, run.states) {
            #expect(s.paused && s.status == "paused" && s.text.status == "paused" && s.speedKmh == 0, "fix \(fix.seq)")
            #expect(s.x == first.x && s.y == first.y && s.distanceM == first.distanceM, "fix \(fix.seq)")
            #expect(abs(s.distanceM - fix.distanceM) <= Self.distanceTolerance, "fix \(fix.seq)")
        }
        let held = (try #require(first.x), try #require(first.y))
        let segment = try #require(first.segment)
        let vertices = try #require(f.mapVertices[segment])
        #expect(vertices.contains { $0.x == held.0 && $0.y == held.1 }, "held on a drawn fix")
    }

    @Test func atTheEndTheDistanceIsTheRidesStoredDistance() throws {
        let f = try fixture()
        let lastDrawn = try #require(f.fixes.filter(\.isDrawn).last)
        let probe = try ViewReplayNode.run(f, times: [0])
        #expect(probe.end >= f.seconds(lastDrawn) && probe.end <= f.seconds(f.fixes.last!))
        let run = try ViewReplayNode.run(f, times: [probe.end, probe.end + 3_600])
        for s in run.states {
            #expect(abs(s.distanceM - f.rideDistanceM) <= Self.distanceTolerance, "\(s.distanceM) vs \(f.rideDistanceM)")
            #expect(s.text.distance == String(format: "%.2f km", f.rideDistanceM / 1000))
            #expect(s.t == probe.end, "time stops at the end")
        }
    }

    @Test func timeRunsForwardAndTheMarkerNeverLeavesTheDrawnLine() throws {
        let f = try fixture()
        let end = f.seconds(f.fixes.last!)
        let times = stride(from: -5.0, through: end + 5, by: 0.25).map { $0 }
        let run = try ViewReplayNode.run(f, times: times)
        var previous: ViewReplayNode.State?
        for s in run.states {
            if let p = previous {
                #expect(s.t >= p.t && s.utcMs >= p.utcMs && s.distanceM >= p.distanceM - 1e-9, "at \(s.t)")
                #expect((s.segment ?? -1) >= (p.segment ?? -1), "at \(s.t)")
            }
            previous = s
            let seg = try #require(s.segment, "at \(s.t): \(s.status)")
            let (x, y) = (try #require(s.x), try #require(s.y))
            let line = try #require(f.mapVertices[seg]), profile = try #require(f.profileVertices[seg])
            #expect(Self.distance(from: (x, y), to: line) < 0.001, "at \(s.t): (\(x), \(y)) is off segment \(seg)")
            if let px = s.px, let py = s.py {
                #expect(Self.distance(from: (px, py), to: profile) < 0.08, "at \(s.t): cursor off the profile")
            }
        }
        #expect(run.states.contains { $0.inGap } && run.states.contains { $0.paused })
    }

    @Test func theScriptsFetchNothingAndParse() throws {
        let f = try fixture()
        for script in [f.coreScript, f.uiScript] {
            for needle in ["fetch(", "XMLHttpRequest", "import(", "WebSocket", "EventSource", "sendBeacon", "http:", "https:", "src="] {
                #expect(!script.contains(needle), "the replay script refers outside the page: \(needle)")
            }
        }
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ui = dir.appendingPathComponent("ui.js")
        try f.uiScript.write(to: ui, atomically: true, encoding: .utf8)
        _ = try ViewReplayNode.node(["--check", ui.path])  // throws with node's message on a syntax error
        // A 1 Hz ride decimated like the map: the data stays near 26 bytes per drawn fix (18 before the
        // latitude and longitude columns the Leaflet map's marker reads, about 6 B more per fix).
        let drawn = f.fixes.filter(\.isDrawn).count
        #expect(f.dataJSON.utf8.count < 32 * drawn, "\(f.dataJSON.utf8.count) bytes for \(drawn) drawn fixes")
    }

    /// The shortest distance from a point to a polyline.
    static func distance(from p: XY, to line: [XY]) -> Double {
        guard line.count > 1 else { return line.first.map { hypot(p.x - $0.x, p.y - $0.y) } ?? .infinity }
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            let u = len2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
            best = min(best, hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy)))
        }
        return best
    }
}
