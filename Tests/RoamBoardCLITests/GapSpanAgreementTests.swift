import Foundation
import RoamTestSupport
import Testing

/// One gap, one span, one moving time (issue 26: one count computed once). The bench ride loses its
/// fix in a tunnel while riding; the last fix before it is under the distance gate, so the page once
/// timed the gap from the last drawn fix (93 s) while `show` timed it from the last fix (92 s), and the
/// FIT file stopped its timer for the 93 s that `show`'s moving time counts as ridden.
@Suite(.serialized, .needs(Judge.isAvailable, Judge.skipReason))
struct GapSpanAgreementTests {
    struct BenchRide {
        var show: String
        var html: String
        var fit: [String: Any]
    }

    static func benchRide() throws -> BenchRide {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, html) = try ViewBenchRide.recordAndView(in: dir)
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        guard show.status == 0 else { throw TrialSetupError(message: "show exited \(show.status): \(show.stderr)") }
        let fit = dir.appendingPathComponent("ride.fit").path
        let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "fit", "--out", fit])
        guard dump.status == 0 else { throw TrialSetupError(message: "dump exited \(dump.status): \(dump.stderr)") }
        let verdict = try #require(try Judge.verdicts("fit_judge.py", [fit])[fit])
        return BenchRide(show: show.stdout, html: html, fit: verdict)
    }

    /// "gap: no fix at 07:58:42, 92 s" → ("07:58:42", "92 s").
    static func shownGaps(_ show: String) -> [(at: String, length: String)] {
        show.split(separator: "\n").compactMap { line -> (String, String)? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("gap: "), let at = text.range(of: " at "), let comma = text.range(of: ", ", range: at.upperBound..<text.endIndex)
            else { return nil }
            let length = text[comma.upperBound...].split(separator: " ").prefix(2).joined(separator: " ")
            return (String(text[at.upperBound..<comma.lowerBound]), length)
        }
    }

    /// The page's rows of class "gap": the time its `<time datetime>` gives (HH:MM:SS, UTC) and how long.
    static func pageGaps(_ html: String) -> [(at: String, length: String)] {
        html.components(separatedBy: "<tr class=\"gap\">").dropFirst().compactMap { row -> (String, String)? in
            let cells = row.components(separatedBy: "</tr>")[0].components(separatedBy: "<td>")
            guard cells.count >= 5, let iso = cells[2].components(separatedBy: "datetime=\"").dropFirst().first else { return nil }
            let time = String(iso.dropFirst(11).prefix(8))
            return (time, cells[4].components(separatedBy: "</td>")[0])
        }
    }

    /// Before: show "gap: no fix at 07:58:42, 92 s", the page "07:58:41 … 93 s".
    @Test func showAndThePageSayTheSameStartAndLengthOfTheGap() throws {
        let ride = try Self.benchRide()
        let shown = Self.shownGaps(ride.show), page = Self.pageGaps(ride.html)
        #expect(shown.count == 1, "\(ride.show)")
        #expect(page.count == shown.count, "\(page)")
        for (s, p) in zip(shown, page) {
            #expect(s.at == p.at, "show says the gap began at \(s.at), the page at \(p.at)")
            #expect(s.length == p.length, "show says \(s.length), the page \(p.length)")
        }
        // The gap runs from the last fix before it, which the distance gate set aside: 07:58:42 to 08:00:14.
        #expect(shown.first?.at == "07:58:42" && shown.first?.length == "92 s", "\(shown)")
    }

    /// Before: the timer stopped at 07:58:41 and started at 08:00:14, so the events ran 1 856 s while
    /// total_timer_time said 1 949 s, `show`'s moving time, which counts the tunnel ridden through.
    @Test func theFITTimerRunsAsLongAsShowsMovingTime() throws {
        let ride = try Self.benchRide()
        let events = try #require(ride.fit["timer_events"] as? [[Any]])
        let run = try FITTimerRun(events)
        let running = run.seconds
        #expect(!run.leftRunning, "the timer was left running: \(events)")
        let session = try #require(ride.fit["session"] as? [String: Any])
        let timer = try #require(session["total_timer_time"] as? Double)
        let moving = try #require(ride.show.split(separator: "\n").first { $0.contains("moving ") })
        let clock = try #require(moving.split(separator: " ").dropFirst().first { $0.contains(":") })
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        let shownS = parts.reduce(0) { $0 * 60 + $1 }
        #expect(Int(timer.rounded()) == shownS, "total_timer_time \(timer) s, show's moving \(clock)")
        #expect(running == shownS, "the timer events run \(running) s, show's moving time is \(clock) (\(shownS) s): \(events)")
    }
}
