import Foundation
import RoamTestSupport
import Testing
import RoamCore

/// `view --history` end to end: rides written through the store on days that cross ISO weeks,
/// their pages written by `view --ride N -o DIR/` and the history page beside them; the page read
/// back as data and, in real headless Chromium, as the rider sees it: its links name the rides'
/// pages, each week's, month's and year's totals are the sum of its rides', the calendar shades
/// one day per ride day, and nothing is asked of the network.
@Suite(.serialized) struct ViewHistoryTests {
    /// Fifteen rides, one a day from Saturday 2026-05-02 (ISO weeks 18 to 20), of growing length.
    static func history() throws -> ExploredHistory {
        try ExploredHistory.make((0..<15).map { i in
            ExploredHistory.line(from: (47.99 + Double(i) * 0.001, 7.84), bearingDeg: 90, metres: 1_000 + Double(i) * 250)
        })
    }

    static func data(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"history-data\">"
        // Apart from #require: Swift 6.0.3's macro mis-expands an optional chain of calls.
        let block = html.components(separatedBy: open).dropFirst().first?.components(separatedBy: "</script>").first
        let body = try #require(block)
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    /// Every ride's page and the history page written into one folder of `h`.
    static func pagesFolder(_ h: ExploredHistory) throws -> (folder: URL, page: URL, ids: [Int]) {
        let folder = h.directory.appendingPathComponent("pages")
        let rides = try CLIRunner.run(["rides", "--db", h.dbPath])
        let ids = rides.stdout.split(separator: "\n").dropFirst().compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(ids.count == 15, "\(rides.stdout)")
        for id in ids {
            let r = try CLIRunner.run(["view", "--db", h.dbPath, "--ride", "\(id)", "-o", folder.path + "/"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let r = try CLIRunner.run(["view", "--history", "--db", h.dbPath, "-o", folder.path + "/"])
        #expect(r.status == 0, "\(r.stderr)")
        let page = folder.appendingPathComponent("history.html")
        #expect(r.stdout == page.path + "\n")
        return (folder, page, ids)
    }

    @Test func aFolderOfTheHistoryAndTheRidePagesLinksUp() throws {
        let h = try Self.history()
        defer { h.remove() }
        let (folder, page, ids) = try Self.pagesFolder(h)
        let html = try String(contentsOf: page, encoding: .utf8)
        let d = try Self.data(html)
        let listed = try #require(d["rides"] as? [[String: Any]])
        #expect(listed.count == ids.count)
        for ride in listed {
            let href = try #require(ride["href"] as? String)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(href).path), "\(href)")
        }
        let weeks = try #require(d["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["key"] as? String } == ["2026-W20", "2026-W19", "2026-W18"])
        // Standard output by default, the same page.
        let out = try CLIRunner.run(["view", "--history", "--db", h.dbPath])
        #expect(out.status == 0 && out.stdout == html)
        // A ride's options have no place on it.
        let wrong = try CLIRunner.run(["view", "--history", "--explored", "--db", h.dbPath])
        #expect(wrong.status == 64, "\(wrong.stderr)")
        let ride = try CLIRunner.run(["view", "--history", "--ride", "1", "--db", h.dbPath])
        #expect(ride.status == 64 && ride.stderr.contains("--ride"), "\(ride.stderr)")
    }

    /// The same folder as the rider sees it, in headless Chromium (where `scripts/test` installed it).
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func theHistoryPageAddsUpInABrowser() throws {
        let h = try Self.history()
        defer { h.remove() }
        let (folder, page, ids) = try Self.pagesFolder(h)
        let probe = """
            JSON.stringify((() => {
              const num = (e, k) => Number(e.dataset[k] || 0);
              const rows = Array.from(document.querySelectorAll('#rides tbody tr'));
              const rides = rows.map(tr => ({ href: tr.querySelector('a') && tr.querySelector('a').getAttribute('href'),
                day: tr.children[0].textContent.slice(0, 10), distance: num(tr.children[2], 'distanceM'),
                moving: num(tr.children[4], 'movingS') }));
              const sum = (list, f) => list.reduce((s, r) => s + f(r), 0);
              const bad = [];
              for (const id of ['weeks', 'months', 'years']) {
                for (const tr of document.querySelectorAll('#' + id + ' tbody tr')) {
                  const key = tr.dataset.key, p = rideHistory.data[id].find(q => q.key === key);
                  const inside = rideHistory.data.rides.filter(r => r.day !== null && (id === 'years' ? String(new Date(r.day * 864e5).getUTCFullYear()) === key
                    : id === 'months' ? new Date(r.day * 864e5).toISOString().slice(0, 7) === key : p.day <= r.day && r.day < p.day + 7));
                  if (Math.abs(num(tr.children[2], 'distanceM') - sum(inside, r => r.distanceM)) > 0.01) bad.push(id + ' ' + key + ' distance');
                  if (Math.abs(num(tr.children[4], 'movingS') - sum(inside, r => r.movingS)) > 0.01) bad.push(id + ' ' + key + ' moving');
                  if (Number(tr.children[1].textContent) !== inside.length) bad.push(id + ' ' + key + ' rides');
                }
              }
              const shaded = Array.from(document.querySelectorAll('#calendar .cell.ride')).map(c => new Date(Number(c.dataset.day) * 864e5).toISOString().slice(0, 10));
              return { rides: rides, bad: bad, shaded: shaded, cells: document.querySelectorAll('#calendar .grid .cell').length };
            })())
            """
        let v = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(probe), .viewport(390, 844), .eval("document.body.scrollWidth")])
        #expect(v.errors.isEmpty, "\(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for \(v.requests)")
        guard let text = v.results.first as? String,
              let seen = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            Issue.record("the probe returned \(v.results)")
            return
        }
        #expect((seen["bad"] as? [String])?.isEmpty == true, "\(seen["bad"] ?? "")")
        let seenRides = try #require(seen["rides"] as? [[String: Any]])
        #expect(seenRides.count == ids.count)
        for ride in seenRides {
            let href = try #require(ride["href"] as? String)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(href).path), "\(href)")
        }
        let shaded = try #require(seen["shaded"] as? [String])
        #expect(shaded.sorted() == Set(seenRides.compactMap { $0["day"] as? String }).sorted(), "one shaded day per ride day")
        #expect(seen["cells"] as? Int == 365, "one cell per day of 2026")
        // On a phone the page does not scroll sideways: the calendar and the tables scroll in their boxes.
        #expect((v.results.last as? Int).map { $0 <= 390 } == true, "body \(v.results.last ?? "") px wide at 390")
    }

    /// `--units imperial`: the page opens in miles and feet; its switch rewrites every figure in
    /// place (no table written twice), and the choice is the shared units.js's, as on the ride page.
    /// (Where Chromium is installed, as `scripts/test` installs it; the Swift 6.0.3 root has none.)
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func theHistoryPageFollowsTheUnitsSwitch() throws {
        let h = try Self.history()
        defer { h.remove() }
        let page = h.directory.appendingPathComponent("history.html")
        let r = try CLIRunner.run(["view", "--history", "--db", h.dbPath, "--units", "imperial", "-o", page.path])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<html lang=\"en\" data-units=\"imperial\">"))
        #expect(html.contains("<select id=\"units\""))
        let probe = """
            JSON.stringify({ total: document.querySelectorAll('#overall b')[1].textContent,
              rows: document.querySelectorAll('#rides tbody tr').length, weeks: document.querySelectorAll('#weeks tbody tr').length,
              years: document.querySelectorAll('#calendar .year').length })
            """
        let toMetric = "(function () { const s = document.getElementById('units'); s.value = 'metric'; s.dispatchEvent(new Event('change')); return 0; })()"
        let v = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(probe), .eval(toMetric), .eval(probe)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        let texts = v.results.compactMap { $0 as? String }
        try #require(texts.count == 2, "\(v.results)")
        let objects = texts.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
        let (imperial, metric) = (objects[0], objects[1])
        func figure(_ seen: [String: Any], _ unit: String) -> Double? {
            guard let text = seen["total"] as? String, text.hasSuffix(" " + unit) else { return nil }
            return Double(text.dropLast(unit.count + 1))
        }
        let miles = figure(imperial, "mi"), kilometres = figure(metric, "km")
        let mi = try #require(miles, "\(imperial)")
        let km = try #require(kilometres, "\(metric)")
        #expect(abs(mi * 1.609344 - km) < 0.2, "\(mi) mi against \(km) km")
        for key in ["rows", "weeks", "years"] {
            #expect(imperial[key] as? Int == metric[key] as? Int && (metric[key] as? Int ?? 0) > 0, "\(key): written again, not rewritten")
        }
    }
}

extension ViewHistoryTests {
    /// Before: "0.0 km bridged across 2 gaps" where `rides` said 0.03 km. Below a tenth of a km (or
    /// mi) what was bridged is in metres (or feet); from it on, in km (or mi) as every distance.
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func aFewMetresBridgedAreShownInMetresOrFeet() throws {
        let ride = { (i: Int) in ExploredHistory.line(from: (47.99 + Double(i) * 0.001, 7.84), bearingDeg: 90, metres: 500) }
        // Saturday and Sunday of ISO week 18, then Monday of week 19.
        let h = try ExploredHistory.make([ride(0), ride(1), ride(2)], bridged: [0: (15, 1), 1: (15, 1), 2: (240, 1)])
        defer { h.remove() }
        let page = h.directory.appendingPathComponent("history.html")
        let r = try CLIRunner.run(["view", "--history", "--db", h.dbPath, "-o", page.path])
        try #require(r.status == 0, "\(r.stderr)")
        let probe = """
            JSON.stringify({ bridged: Array.from(document.querySelectorAll('.bridged')).map(e => e.textContent),
              overall: Array.from(document.querySelectorAll('#overall div')).map(e => e.textContent) })
            """
        let toImperial = "(function () { const s = document.getElementById('units'); s.value = 'imperial'; s.dispatchEvent(new Event('change')); return 0; })()"
        let v = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(probe), .eval(toImperial), .eval(probe)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        let texts = v.results.compactMap { $0 as? String }
        try #require(texts.count == 2, "\(v.results)")
        let seen = texts.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
        let metric = (seen[0]["bridged"] as? [String] ?? []) + (seen[0]["overall"] as? [String] ?? [])
        let imperial = (seen[1]["bridged"] as? [String] ?? []) + (seen[1]["overall"] as? [String] ?? [])
        for text in ["15 m bridged across 1 gap", "30 m bridged across 2 gaps", "0.2 km bridged across 1 gap"] {
            #expect(metric.contains(text), "\(text) not in \(metric)")
        }
        #expect(metric.contains("0.3 km" + "of the distance bridged across gaps"), "\(metric)")
        for text in ["49 ft bridged across 1 gap", "98 ft bridged across 2 gaps", "0.1 mi bridged across 1 gap"] {
            #expect(imperial.contains(text), "\(text) not in \(imperial)")
        }
        #expect(!(metric + imperial).contains { $0.hasPrefix("0.0 ") }, "\(metric) \(imperial)")
    }
}
