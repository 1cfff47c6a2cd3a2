import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RoamCore
@testable import RoamStore

/// `view`: the page's structure equals the stored ride, and it fetches nothing.
@Suite(.serialized) struct ViewCommandTests {
    private func page(_ fixture: DumpFixture, ride: Int64, extra: [String] = []) throws -> (String, XMLDocument) {
        let out = fixture.directory.appendingPathComponent("ride-\(ride).html").path
        let r = try CLIRunner.run(["view", "--db", fixture.dbPath, "--ride", "\(ride)", "--out", out] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        return (html, try XMLDocument(xmlString: html))
    }

    private func count(_ doc: XMLDocument, _ xpath: String) throws -> Int { try doc.nodes(forXPath: xpath).count }

    /// Integer attribute values selected by an XPath ending in /@name.
    private func numbers(_ doc: XMLDocument, _ xpath: String) throws -> [Int] {
        try doc.nodes(forXPath: xpath).map { Int($0.stringValue ?? "") ?? -1 }
    }

    @Test func segmentsDrawnEqualSegmentsStoredWithGapsOpenAndMarked() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        for ride in fixture.rides {
            let (_, doc) = try page(fixture, ride: ride.id)
            #expect(try numbers(doc, "//*[local-name()='g'][@class='segment']/@data-segment") == ride.segments, "ride \(ride.id)")
            #expect(try numbers(doc, "//*[local-name()='g'][@class='segment']/@data-fixes") == ride.segments.map { ride.acceptedPerSegment[$0]! })
            // Gaps: no line joins two segments; each gap has a marker on either side.
            #expect(try count(doc, "//*[local-name()='circle'][contains(@class,'gap-end')]") == ride.segments.count - 1)
            #expect(try count(doc, "//*[local-name()='circle'][contains(@class,'gap-start')]") == ride.segments.count - 1)
            #expect(try count(doc, "//*[local-name()='g'][@class='elevation-segment']") == (ride.totals.ascentM == nil ? 0 : ride.segments.count))
            // Flagged on the page means set aside (not drawn), as the card and `show` count it.
            let flagged = ride.positioned.filter { !$0.flags.isAccepted }.count
            #expect(try count(doc, "//*[local-name()='circle'][@class='flag']") == flagged, "ride \(ride.id)")
        }
    }

    @Test func thePageIsSelfContained() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let (page, doc) = try page(fixture, ride: fixture.a.id)
        // XMLDocument recovers from markup errors; the strict parser does not.
        let strict = XMLParser(data: Data(page.utf8))
        #expect(strict.parse(), "the page is not well-formed: \(String(describing: strict.parserError))")
        // Leaflet's own code (inlined from Debian's libjs-leaflet) and the base map's opt-in template hold
        // URLs a browser fetches only when the rider asks for the base map (ViewLeafletTests watch a browser).
        let html = ViewLeaflet.withoutLeaflet(page)
        for needle in ["src=", "href=", "url(", "@import", "http://", "https://"] where needle != "http://" {
            #expect(!html.contains(needle), "the page refers to something outside itself: \(needle)")
        }
        // Its only scripts are the units switch's, Leaflet's and the map's (when the package is installed) and the replay's, inline.
        let scripts = try doc.nodes(forXPath: "//*[local-name()='script']/@id").compactMap(\.stringValue)
        #expect(scripts == ["units-script"] + (ViewLeaflet.isInstalled ? ViewLeaflet.scripts : []) + ["replay-data", "replay-core", "replay-ui"])
        // The only http text allowed is the XML namespace names (the page's and each SVG's), which browsers never fetch.
        let svgs = try count(doc, "//*[local-name()='svg']")
        #expect(svgs >= 1 + 6, "the map and six charts")
        #expect(html.components(separatedBy: "http://").count - 1 == 1 + svgs)
        #expect(try count(doc, "//*[local-name()='table'][@class='totals']//*[local-name()='tr']") >= 10)
        // In the page's units, the value in metres beside it for the units switch.
        let ascent = try #require(html.range(of: "Ascent</th><td><span data-unit=\"length\" data-si=\""))
        #expect(html[ascent.upperBound...].prefix(80).contains("data-digits=\"0\">\(FixedPointText.whole(fixture.a.totals.ascentM!)) m</span></td>"))
    }

    @Test func theReplayPlaysEveryDrawnSegmentWithItsStoredGapCause() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let sql = try SQLiteConnection(path: fixture.dbPath, mode: .readOnly)
        for ride in fixture.rides {
            let (_, doc) = try page(fixture, ride: ride.id)
            let text = try doc.nodes(forXPath: "//*[local-name()='script'][@id='replay-data']").first?.stringValue
            let data = try #require(try JSONSerialization.jsonObject(with: Data((text ?? "").utf8)) as? [String: Any])
            #expect((data["segments"] as? [[String: Any]] ?? []).compactMap { $0["n"] as? Int } == ride.segments)
            var causes: [String] = []
            let events = try sql.prepare("SELECT detail FROM events WHERE ride_id = ?1 AND kind = 'gap' ORDER BY id")
            try events.bind(ride.id, at: 1)
            while try events.step() { causes.append(events.text(at: 0)) }
            events.reset()
            #expect((data["gaps"] as? [[String: Any]] ?? []).compactMap { $0["cause"] as? String } == causes, "ride \(ride.id)")
            #expect((data["profile"] is NSNull) == (ride.totals.ascentM == nil), "no barometer, no profile cursor")
        }
    }

    @Test func aRideWithoutBarometerSaysClimbIsUnavailable() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let (html, _) = try page(fixture, ride: fixture.b.id)
        #expect(html.contains("Ascent</th><td>unavailable (no barometer)"))
        #expect(html.contains("No barometric altitude in this ride"))
    }

    @Test func speedBandsAreConfigurableAndChecked() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let (html, _) = try page(fixture, ride: fixture.a.id, extra: ["--speed-bands", "15,25"])
        // The limits and their unit are spans the units switch rewrites; the words read the same.
        let text = html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        #expect(text.contains("&lt; 15 km/h") && text.contains("15–25 km/h") && text.contains("≥ 25 km/h"))
        let bad = try CLIRunner.run(["view", "--db", fixture.dbPath, "--ride", "1", "--out", "/tmp/x.html", "--speed-bands", "30,20"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("must be ascending"))
    }
}

/// Whole metres as the page prints them.
enum FixedPointText {
    static func whole(_ v: Double) -> String { String(Int(v.rounded())) }
}
