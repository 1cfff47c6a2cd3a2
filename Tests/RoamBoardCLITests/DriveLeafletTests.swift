import Foundation
import Glibc
import RoamTestSupport
import Testing

/// The drive's ride pages zoom and pan with ONE shared copy of Debian's libjs-leaflet (Leaflet/ at
/// the top of the drive), linked by a relative path rather than inlined in every page. A computer's
/// browser opens a page from the drive's files, Leaflet loads from that copy and nothing else is
/// asked for; a rebuild copies the shared files only when the image lacks them or their bytes
/// changed; without the package the pages keep their static map and the keeper says so once.
/// `ROAM_LEAFLET_DIR` stands for the package's folder, as in `view`'s tests.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveLeafletTests {
    /// The package's script and style copied into `dir/leaflet` (the test may then change them).
    static func package(in dir: URL) throws -> URL {
        let folder = dir.appendingPathComponent("leaflet")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = FileManager.default.fileExists(atPath: ViewLeaflet.folder + "/leaflet.min.js") ? "leaflet.min.js" : "leaflet.js"
        try FileManager.default.copyItem(atPath: ViewLeaflet.folder + "/" + script, toPath: folder.appendingPathComponent(script).path)
        try FileManager.default.copyItem(atPath: ViewLeaflet.folder + "/leaflet.css", toPath: folder.appendingPathComponent("leaflet.css").path)
        return folder
    }

    /// A package file as the drive holds it: without its source map comment.
    static func withoutSourceMap(_ url: URL) throws -> Data {
        let text = try String(contentsOf: url, encoding: .utf8)
        return Data(text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("//# sourceMappingURL=") && !$0.hasPrefix("/*# sourceMappingURL=") }
            .joined(separator: "\n").utf8)
    }

    static func driveImage(_ db: String, leaflet: URL, tools: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ["ROAM_LEAFLET_DIR": leaflet.path]
        if let tools { environment["ROAM_DRIVE_TOOLS"] = tools.path }
        return try ViewLeaflet.run(["drive-image", "--db", db], environment: environment)
    }

    @Test(.needs(ViewLeaflet.isInstalled && PageJudge.isAvailable, "Debian's libjs-leaflet, headless Chromium or ROAM_PYTHON missing: run ./scripts/test"))
    func aRidePageFromTheDriveZoomsWithTheSharedLeafletAndAsksForNothingElse() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-leaflet")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try DriveProbe.recordBenchRide(db)
        let leaflet = try Self.package(in: dir)
        let build = try Self.driveImage(db, leaflet: leaflet)
        #expect(build.status == 0 && build.stderr.contains("new image: 3 files copied in, Leaflet/ copied in (2 files)"), "\(build.stderr)")
        #expect(!build.stderr.contains("libjs-leaflet"), "\(build.stderr)")
        let image = dir.appendingPathComponent("drive.img").path
        #expect(try DriveProbe.fsck(image).status == 0)

        // As a rider copies the drive off: the shared copy is the package's own code, one copy.
        let host = dir.appendingPathComponent("browser")
        try FileManager.default.createDirectory(at: host, withIntermediateDirectories: true)
        let copied = try DriveProbe.run("mcopy", ["-i", image, "-s", "-n", "::/Rides", "::/Leaflet", "::/index.html", "::/README.txt", host.path + "/"])
        #expect(copied.status == 0, "\(copied.err)")
        let shared = try FileManager.default.contentsOfDirectory(atPath: host.appendingPathComponent("Leaflet").path).sorted()
        #expect(shared == ["leaflet.css", "leaflet.js"], "\(shared)")
        let packaged = try FileManager.default.contentsOfDirectory(atPath: leaflet.path)
        let script = try #require(packaged.first { $0.hasSuffix(".js") })
        #expect(try Data(contentsOf: host.appendingPathComponent("Leaflet/leaflet.js")) == Self.withoutSourceMap(leaflet.appendingPathComponent(script)))
        #expect(try Data(contentsOf: host.appendingPathComponent("Leaflet/leaflet.css")) == Self.withoutSourceMap(leaflet.appendingPathComponent("leaflet.css")))
        let readme = try String(contentsOf: host.appendingPathComponent("README.txt"), encoding: .utf8)
        #expect(readme.contains("Leaflet/ holds the map library the ride pages share"), "\(readme)")

        // The page links the copy and carries none of its code.
        let rides = try FileManager.default.contentsOfDirectory(atPath: host.appendingPathComponent("Rides").path)
        let pageName = try #require(rides.first { $0.hasSuffix(".html") })
        let page = host.appendingPathComponent("Rides/" + pageName)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<script id=\"leaflet-js\" src=\"../Leaflet/leaflet.js\"></script>"))
        #expect(html.contains("<link id=\"leaflet-css\" rel=\"stylesheet\" href=\"../Leaflet/leaflet.css\"/>"))
        let code = String(try String(contentsOf: leaflet.appendingPathComponent(script), encoding: .utf8).prefix(400))
        #expect(!html.contains(code), "the page inlines Leaflet")

        let state = """
            (function () { var m = RoamRideMap; window.zoomAtLoad = m.map.getZoom();
              return { L: typeof window.L, version: L.version, zoom: m.map.getZoom(), base: m.base.isOn(),
                       tracks: document.querySelectorAll("#ride-leaflet path.track").length,
                       on: document.body.classList.contains("leaflet-on") }; })()
            """
        let v = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(state), .wheel(380, 500, -400),
                                                      .eval(ViewLeafletTests.when("RoamRideMap.map.getZoom() !== window.zoomAtLoad", "RoamRideMap.map.getZoom()"))])
        #expect(v.errors.isEmpty, "\(v.errors)")
        // Only the shared copy is asked for, from the drive's files: nothing off the drive.
        let expected = ["Leaflet/leaflet.css", "Leaflet/leaflet.js"].map { host.appendingPathComponent($0).absoluteURL.absoluteString }
        #expect(v.requests.sorted() == expected.sorted(), "\(v.requests)")
        let s = try #require(v.results.first as? [String: Any])
        #expect(s["L"] as? String == "object" && s["on"] as? Bool == true && s["base"] as? Bool == false, "\(s)")
        #expect((s["tracks"] as? Int ?? 0) > 2, "\(s)")
        let zoom = try #require(s["zoom"] as? Double), zoomed = try #require(v.results[1] as? Double)
        #expect(zoomed > zoom, "a wheel notch zooms in: \(zoom) → \(zoomed)")
        // index.html, the history page, opens from the same files and asks for nothing.
        let index = try PageJudge.run(page: host.appendingPathComponent("index.html"), steps: [.viewport(1400, 1000)])
        #expect(index.errors.isEmpty && index.requests.isEmpty, "\(index.errors) \(index.requests)")
    }

    /// `mcopy` that logs its arguments, one call a line, then runs Debian's.
    static func loggingMcopy(in dir: URL, log: URL) throws -> URL {
        let tools = dir.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let real = try #require(TrialPaths.tool("mcopy")).path
        let url = tools.appendingPathComponent("mcopy")
        try Data("#!/bin/sh\necho \"$*\" >> '\(log.path)'\nexec '\(real)' \"$@\"\n".utf8).write(to: url)
        guard chmod(url.path, 0o755) == 0 else { throw TrialSetupError(message: "chmod \(url.path)") }
        return tools
    }

    /// The mcopy calls of one build that put a file into the image's Leaflet/ folder.
    static func sharedCopies(_ log: URL, from line: Int) throws -> [String] {
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return lines.dropFirst(line).filter { $0.contains("::/Leaflet/") }
    }

    @Test(.needs(ViewLeaflet.isInstalled, ViewLeaflet.skipReason))
    func theSharedFilesAreCopiedOnlyWhereMissingOrChanged() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-leaflet-rebuild")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let image = dir.appendingPathComponent("drive.img").path
        let leaflet = try Self.package(in: dir)
        let log = dir.appendingPathComponent("mcopy.log")
        let tools = try Self.loggingMcopy(in: dir, log: log)
        func logged() -> Int { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count }
        var copies: [[String]] = [], lines: [String] = []
        for _ in 0..<3 {
            try DriveProbe.recordBenchRide(db)
            let before = logged()
            let r = try Self.driveImage(db, leaflet: leaflet, tools: tools)
            #expect(r.status == 0, "\(r.stderr)")
            copies.append(try Self.sharedCopies(log, from: before))
            lines.append(r.stderr)
        }
        // Builds 1 and 2 make new images (no spare yet): each gets the shared files once.
        #expect(copies[0].count == 1 && copies[1].count == 1, "\(copies)")
        #expect(lines[1].contains("new image: 6 files copied in, Leaflet/ copied in (2 files)"), "\(lines[1])")
        // Build 3 edits the spare in place: its Leaflet/ is the same bytes, so it is not written.
        #expect(copies[2].isEmpty, "the unchanged shared files were copied again: \(copies[2])")
        #expect(lines[2].contains("in place: 6 files copied in, 0 deleted") && !lines[2].contains("Leaflet/ copied in"), "\(lines[2])")
        let pages = try DriveProbe.rideFiles(image).filter { $0.hasSuffix(".html") }
        #expect(pages.count == 3, "\(pages)")
        for page in pages {
            let text = try DriveProbe.run("mtype", ["-i", image, "::/Rides/" + page])
            #expect(text.out.contains("src=\"../Leaflet/leaflet.js\""), "\(page) does not link the shared Leaflet")
        }

        // The package upgraded (its style changed): the next edit copies that file, only that one.
        let css = leaflet.appendingPathComponent("leaflet.css")
        let upgraded = try String(contentsOf: css, encoding: .utf8) + "\n.leaflet-roam-upgrade{color:red}\n"
        try Data(upgraded.utf8).write(to: css)
        try DriveProbe.recordBenchRide(db)
        let before = logged()
        let r = try Self.driveImage(db, leaflet: leaflet, tools: tools)
        #expect(r.status == 0 && r.stderr.contains("in place: 6 files copied in, 0 deleted, Leaflet/ copied in (1 file)"), "\(r.stderr)")
        let changed = try Self.sharedCopies(log, from: before)
        #expect(changed.count == 1 && changed[0].contains("leaflet.css") && !changed[0].contains("leaflet.js"), "\(changed)")
        let onDrive = try DriveProbe.run("mtype", ["-i", image, "::/Leaflet/leaflet.css"])
        #expect(onDrive.out.contains(".leaflet-roam-upgrade{color:red}"))
        #expect(try DriveProbe.fsck(image).status == 0)
    }

    @Test func withoutLeafletThePagesKeepTheStaticMapAndTheKeeperSaysSoOnce() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-no-leaflet")
        defer { TrialPaths.remove(rig.dir) }
        let empty = rig.dir.appendingPathComponent("no-leaflet")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try DriveProbe.recordBenchRide(rig.db)
        let keeper = try TrialChild(TrialPaths.binary, ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--poll-ms", "50"],
                                    environment: ["ROAM_LEAFLET_DIR": empty.path])
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "\(keeper.stderrLines)")
        try DriveProbe.recordBenchRide(rig.db)
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 2 rides", timeoutS: 300), "\(keeper.stderrLines)")
        let said = keeper.stderrLines.filter { $0.contains("libjs-leaflet") }
        #expect(said == ["drive: the ride pages keep their static map: Debian's libjs-leaflet is missing (apt install libjs-leaflet), "
                         + "so their maps cannot zoom; the drive is built all the same (\(empty.path))"], "\(keeper.stderrLines)")
        let pages = try DriveProbe.rideFiles(rig.image).filter { $0.hasSuffix(".html") }
        #expect(pages.count == 2, "\(pages)")
        for page in pages {
            let html = try DriveProbe.run("mtype", ["-i", rig.image, "::/Rides/" + page]).out
            #expect(!html.contains("leaflet") && html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\""), "\(page)")
        }
        #expect(try DriveProbe.run("mdir", ["-i", rig.image, "-b", "::/Leaflet"]).status != 0, "no Leaflet/ on the drive")
        let readme = try DriveProbe.readme(rig.image)
        #expect(!readme.contains("Leaflet/"), "\(readme)")
        #expect(try DriveProbe.fsck(rig.image).status == 0)
    }
}
