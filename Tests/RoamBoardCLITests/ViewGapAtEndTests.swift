import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RoamCore
import Testing

/// The ride page of a ride that ended in a gap (stopped while the receiver was silent), the ride
/// `show` says as ending in it (ShowGapTests).
@Suite struct ViewGapAtEndTests {
    /// Before: the stops-and-gaps table said "No stop and no gap in this ride." of it.
    @Test func aGapAfterTheLastFixIsListedAsTheRideEndingInIt() throws {
        let (db, id, fixes) = try DumpFixture.rideEndingInASilentGap()
        let dir = (db as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/ride.html"
        let r = try CLIRunner.run(["view", "--db", db, "--ride", "\(id)", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        let doc = try XMLDocument(xmlString: html)
        let rows = try doc.nodes(forXPath: "//*[local-name()='tr'][@class='gap']").map { $0.stringValue ?? "" }
        #expect(rows.count == 1 && rows[0].contains("gap: receiver silent: the ride ended in it, no fix after it until the stop"), "\(rows)")
        #expect(rows.first?.hasSuffix("–") == true, "no length: the gap ran to the stop, past every fix: \(rows)")
        // Marked where the track stops; nothing resumes past it, and no fix past the last is named.
        #expect(try doc.nodes(forXPath: "//*[local-name()='circle'][contains(@class,'gap-end')]").count == 1)
        #expect(try doc.nodes(forXPath: "//*[local-name()='circle'][contains(@class,'gap-start')]").isEmpty)
        #expect(!html.contains("before fix \(fixes.count)"))
        let replay = try doc.nodes(forXPath: "//*[local-name()='script'][@id='replay-data']").first?.stringValue ?? ""
        let data = try #require(try JSONSerialization.jsonObject(with: Data(replay.utf8)) as? [String: Any])
        #expect((data["gaps"] as? [Any])?.isEmpty == true, "the replay jumps over no gap: \(data["gaps"] ?? "none")")
    }

    /// A gap the recorder marked before a fix (a silent receiver) is said by its cause and its time;
    /// before: "gap: receiver silent; before fix 50", a fix number the page shows nowhere.
    @Test func aMarkedGapNamesNoFixNumber() throws {
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: DumpFixture.startUTCms, barometer: true)
        script.move(seconds: 30, speedMps: { _ in 6 }, bearingDeg: 35)
        script.loseFix(seconds: 20)
        script.move(seconds: 30, speedMps: { _ in 6 }, bearingDeg: 35)
        let (db, id, fixes) = try DumpFixture.oneRide(script) { fixes in
            [RideEvent(kind: .gap, monoNs: 35_000_000_000, utcMs: fixes[35].utcMs, detail: GapCause.receiverSilent.rawValue, beforeSeq: 50)]
        }
        defer { DumpFixture.removeFolder(of: db) }
        let out = (db as NSString).deletingLastPathComponent + "/ride.html"
        let r = try CLIRunner.run(["view", "--db", db, "--ride", "\(id)", "--out", out])
        #expect(r.status == 0 && fixes.count == 80, "\(r.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        let doc = try XMLDocument(xmlString: html)
        let rows = try doc.nodes(forXPath: "//*[local-name()='tr'][@class='gap']").map { $0.stringValue ?? "" }
        #expect(rows.count == 1 && rows[0].contains("gap: receiver silent"), "\(rows)")
        #expect(!html.contains("before fix"), "\(rows)")
    }
}
