import Foundation
import RoamTestSupport
import Testing
import RoamCore

/// Every dump read back by programs the project did not write (installed by ./scripts/test):
/// gpxpy and gpsbabel for GPX, Garmin's FIT SDK for FIT, Python's standard library for GeoJSON
/// and CSV. Counts must equal ours; distances within 0.5 % of the ride's total.
@Suite(.serialized, .needs(Judge.isAvailable, Judge.skipReason))
struct DumpJudgeTests {
    private func dumpAll(_ fixture: DumpFixture, _ format: String, raw: Bool = false) throws -> [Int64: String] {
        let out = fixture.directory.appendingPathComponent(format + (raw ? "-raw" : "")).path + "/"
        let r = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--all", "--format", format, "--out", out] + (raw ? ["--raw"] : []))
        #expect(r.status == 0, "\(r.stderr)")
        var files: [Int64: String] = [:]
        for ride in fixture.rides {
            let lines: [String] = r.stdout.split(separator: "\n").map(String.init)
            let name: String? = lines.first(where: { $0.hasSuffix("-ride-\(ride.id).\(format)") })
            // Bound first: assigned straight into the dictionary, #require would unwrap String?? and never fail.
            let file: String = try #require(name, "dump printed no file for ride \(ride.id)")
            files[ride.id] = file
        }
        return files
    }

    @Test func gpxpyAndGpsbabelReadEveryGPXDump() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        for raw in [false, true] {
            let files = try dumpAll(fixture, "gpx", raw: raw)
            let verdicts = try Judge.verdicts("gpx_judge.py", Array(files.values))
            for ride in fixture.rides {
                let v = try #require(verdicts[files[ride.id]!])
                let points = raw ? ride.positioned.count : ride.accepted.count
                let segments = Set((raw ? ride.positioned : ride.accepted).map(\.segment)).count
                for reader in ["gpxpy", "gpsbabel"] {
                    let seen = try #require(v[reader] as? [String: Any])
                    #expect(seen["tracks"] as? Int == 1, "\(reader) ride \(ride.id)")
                    #expect(seen["segments"] as? Int == segments, "\(reader) ride \(ride.id) raw \(raw)")
                    #expect(seen["points"] as? Int == points, "\(reader) ride \(ride.id) raw \(raw)")
                    if !raw {
                        // Readers sum within segments: our measured distance, without what is bridged across gaps.
                        let d = try #require(seen["distance_m"] as? Double)
                        let measured = ride.totals.distanceM - ride.totals.bridgedM
                        #expect(abs(d - measured) <= 0.005 * measured,
                                "\(reader) ride \(ride.id): \(d) m against our measured \(measured) m")
                    }
                }
                #expect((v["gpsbabel"] as? [String: Any])?["stderr"] as? String == "")
            }
        }
    }

    @Test func garminsFITSDKDecodesEveryFITDump() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        for raw in [false, true] {
            let files = try dumpAll(fixture, "fit", raw: raw)
            let verdicts = try Judge.verdicts("fit_judge.py", Array(files.values))
            for ride in fixture.rides {
                let v = try #require(verdicts[files[ride.id]!])
                #expect(v["integrity"] as? Bool == true, "ride \(ride.id)")
                #expect((v["errors"] as? [String])?.isEmpty == true, "ride \(ride.id): \(v["errors"] ?? "")")
                #expect(v["file_type"] as? String == "activity")
                // Who recorded it, as the FIT SDK reads it: the creator and its barometric altimeter.
                let creator = try #require((v["file_creator"] as? [[String: Any]])?.first)
                #expect(creator["software_version"] as? Int == 10, "\(creator)")
                // Which fixes the file holds, a developer field the SDK decodes by the file's own description.
                let developer = try #require(v["file_creator_developer_fields"] as? [[String: Any]])
                #expect(developer.first?["roam_fixes"] as? String == (raw ? "all" : "kept"), "ride \(ride.id): \(developer)")
                #expect(v["developer_applications"] as? [String] == ["roam-board fixes"], "\(v["developer_applications"] ?? "")")
                let devices = try #require(v["devices"] as? [[String: Any]])
                #expect(devices.count == 2 && devices.allSatisfy { $0["source_type"] as? String == "local" }, "\(devices)")
                #expect(devices.contains { $0["device_index"] as? String == "creator" || $0["device_index"] as? Int == 0 })
                #expect(devices.contains { $0["device_type"] as? String == "barometer" || $0["device_type"] as? Int == 4 }, "\(devices)")
                let counts = try #require(v["counts"] as? [String: Int])
                let records = raw ? ride.fixes.filter { $0.utcMs != nil }.count : ride.accepted.count
                #expect(counts["record_mesgs"] == records, "ride \(ride.id) raw \(raw)")
                #expect(counts["session_mesgs"] == 1 && counts["lap_mesgs"] == 1 && counts["activity_mesgs"] == 1)
                let s = try #require(v["session"] as? [String: Any])
                let t = ride.totals
                #expect(abs((s["total_distance"] as? Double ?? -1) - t.distanceM) <= 0.005, "ride \(ride.id)")
                #expect(abs((s["total_timer_time"] as? Double ?? -1) - t.movingS) <= 0.0005)
                #expect(abs((s["total_elapsed_time"] as? Double ?? -1) - t.elapsedS) <= 0.0005)
                #expect(abs((s["enhanced_max_speed"] as? Double ?? -1) - t.maxSpeedMps) <= 0.0005)
                #expect(s["total_ascent"] as? Int == t.ascentM.map { Int($0.rounded()) })
                #expect(s["total_descent"] as? Int == t.descentM.map { Int($0.rounded()) })
                #expect(s["sport"] as? String == "cycling")
                #expect(abs((v["last_distance"] as? Double ?? -1) - t.distanceM) <= 0.005)
                #expect(v["timestamps_increasing"] as? Bool == true)
                // Timer: started first, stopped last; every gap and the stop stop it and start it again.
                let events = try #require(v["timer_events"] as? [[Any]])
                #expect(events.first?[1] as? String == "start" && events.last?[1] as? String == "stop_all")
                let starts = events.filter { $0[1] as? String == "start" }.count
                let stops = events.filter { $0[1] as? String == "stop_all" }.count
                #expect(starts == stops)
                if ride.id == fixture.a.id && !raw {
                    // Ride A: two gaps and one stop, each a stop and a start, plus the opening and closing pair.
                    #expect(starts == 4)
                    #expect(v["records_with_altitude"] as? Int == records)
                }
            }
        }
    }

    @Test func geoJSONParsesBackLongitudeFirstOneLinePerSegment() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let files = try dumpAll(fixture, "geojson")
        let verdicts = try Judge.verdicts("geojson_judge.py", Array(files.values))
        for ride in fixture.rides {
            let v = try #require(verdicts[files[ride.id]!])
            #expect(v["type"] as? String == "FeatureCollection")
            let feature = try #require((v["features"] as? [[String: Any]])?.first)
            #expect(feature["type"] as? String == "MultiLineString")
            let perSegment = ride.acceptedPerSegment
            let expectedLines = ride.segments.compactMap { perSegment[$0]! >= 2 ? perSegment[$0] : nil }
            #expect(feature["lines"] as? [Int] == expectedLines, "ride \(ride.id)")
            #expect(feature["in_range"] as? Bool == true)
            let first = try #require(feature["first"] as? [Double])
            let f0 = ride.accepted[0]
            #expect(abs(first[0] - f0.epoch.lonDeg!) < 1e-6 && abs(first[1] - f0.epoch.latDeg!) < 1e-6, "longitude first")
            let props = try #require(feature["properties"] as? [String: Any])
            #expect(abs((props["distance_m"] as? Double ?? -1) - ride.totals.distanceM) <= 0.05)
            #expect(props["single_fix_segments"] as? Int == perSegment.values.filter { $0 == 1 }.count)
            #expect((props["ascent_m"] is NSNull) == (ride.totals.ascentM == nil))
            // Each segment of one fix is a Point feature of its own, in range and longitude first.
            let points = (v["features"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "Point" }
            #expect(points.count == perSegment.values.filter { $0 == 1 }.count, "ride \(ride.id)")
            #expect(points.allSatisfy { $0["in_range"] as? Bool == true })
        }
    }

    @Test func csvParsesBackWithEveryColumnAndRow() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        for raw in [false, true] {
            let files = try dumpAll(fixture, "csv", raw: raw)
            let verdicts = try Judge.verdicts("csv_judge.py", Array(files.values))
            for ride in fixture.rides {
                let v = try #require(verdicts[files[ride.id]!])
                let expected = raw ? ride.fixes : ride.accepted
                #expect(v["rows"] as? Int == expected.count, "ride \(ride.id) raw \(raw)")
                #expect(v["widths"] as? [Int] == [(v["header"] as? [String])?.count ?? -1])
                #expect(v["seqs"] as? [Int] == expected.map { Int($0.seq) })
                #expect(v["accepted"] as? Int == ride.accepted.count)
                // The judge undoes the one-line escape: the sentences come back exactly.
                #expect(v["first_nmea"] as? String == expected[0].epoch.sentences.joined(separator: "\n"))
                #expect(v["physical_lines"] as? Int == (v["rows"] as? Int ?? -1) + 1, "one line per fix plus the header")
                #expect(abs((v["last_distance_m"] as? Double ?? -1) - ride.totals.distanceM) < 1e-6)
            }
        }
    }
}
