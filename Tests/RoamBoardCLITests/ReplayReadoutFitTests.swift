import Foundation
import RoamTestSupport
import Testing

/// The replay's readout at the laptop widths where the page puts it in the column beside the map
/// (about 500 px of a 1280 px window): its cells wrap to fewer columns instead of cutting their
/// values (seven fixed columns of 61 px cut "16.9 km/h", 90 px wide, to "16.9 k…").
@Suite(.serialized, .needs(PageJudge.isAvailable, PageJudge.skipReason))
struct ReplayReadoutFitTests {
    /// The readout's values that do not fit their cells at ride time `utcMs`, with their widths.
    static func cutAt(_ utcMs: Int64) -> String {
        """
        (function () { var t0 = JSON.parse(document.getElementById("replay-data").textContent).t0;
          location.hash = "#t=" + ((\(utcMs) - t0) / 1000); window.dispatchEvent(new HashChangeEvent("hashchange"));
          return Array.prototype.filter.call(document.querySelectorAll(".replay .value"), function (v) {
            return v.scrollWidth > v.clientWidth; }).map(function (v) {
            return v.id + " " + JSON.stringify(v.textContent) + " " + v.scrollWidth + " > " + v.clientWidth; }); })()
        """
    }

    @Test(arguments: [1280, 1366])
    func noValueIsCutWhileRidingPausedOrInAGap(width: Int) throws {
        let f = try ViewPageFixture.shared.get()
        let (url, done) = try f.page()
        defer { done() }
        let v = try PageJudge.run(page: url, steps: [.viewport(width, 900), .eval(Self.cutAt(f.movingUTCms)),
                                                     .eval(Self.cutAt(f.pausedUTCms)), .eval(Self.cutAt(f.gapUTCms))])
        #expect(v.errors.isEmpty, "console errors: \(v.errors)")
        #expect(v.results.count == 3)
        for (state, cut) in zip(["riding", "paused", "in the gap"], v.results) {
            #expect((cut as? [String])?.isEmpty == true, "\(width) px, \(state): \(cut)")
        }
    }
}
