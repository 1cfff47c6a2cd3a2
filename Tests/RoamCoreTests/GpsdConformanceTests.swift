import Foundation
import Testing
@testable import RoamCore

/// Replays gpsd's regression captures (`Tests/Data/gpsd/*.log`) through `NMEAStream` and
/// holds the result against gpsd's own output for the same bytes (`*.log.chk`):
/// - every TPV report of mode 2 or 3 with a time (the last one for each time) must have an epoch
///   of ours at that time with the same mode, and the same position, speed, course and MSL
///   altitude where gpsd reports them;
/// - the sentences our framer accepts must be exactly those gpsd passed on.
/// Differences fail the test unless `allowed` names them with a reason.
@Suite struct GpsdConformanceTests {
    /// Disagreements we accept, each with why we legitimately differ. Keyed by file, time (ISO,
    /// as gpsd prints it) and field. Fix the parser rather than grow this list.
    static let allowed: [Allowance] = [
        // The receiver sent no speed for these times (GLL or GGA+ZDA only); gpsd fills TPV
        // `speed` from the distance to its previous fix. We keep only what the receiver sent.
        Allowance(file: "humminbird-M37.log", time: "2006-09-16T19:41:08.000Z", field: "speed", reason: derivedSpeed),
        Allowance(file: "humminbird-M37.log", time: "2006-09-16T19:41:14.000Z", field: "speed", reason: derivedSpeed),
        Allowance(file: "humminbird-M37.log", time: "2006-09-16T19:41:18.000Z", field: "speed", reason: derivedSpeed),
        Allowance(file: "humminbird-M37.log", time: "2006-09-16T19:41:20.000Z", field: "speed", reason: derivedSpeed),
        Allowance(file: "humminbird-M37.log", time: "2006-09-16T19:41:24.000Z", field: "speed", reason: derivedSpeed),
        Allowance(file: "triton400.log", time: "2013-04-01T03:01:30.000Z", field: "speed", reason: derivedSpeed),
        // $INGLL (194102) is followed by $INVTG with 5.2 kn. gpsd's last report for 19:41:02
        // went out on the GLL, before the VTG arrived (its cycle detector had not yet learnt
        // this receiver's cycle), with a derived speed; our epoch includes the VTG's speed.
        Allowance(file: "humminbird-M37.log", time: "2006-09-16T19:41:02.000Z", field: "speed",
                  reason: "gpsd reported before the epoch's VTG arrived; its speed is derived"),
    ]
    static let derivedSpeed = "gpsd derives speed from successive positions; the receiver sent none"

    @Test
    func epochsAgreeWithGpsdReports() throws {
        var rows: [String] = []
        var unexpected: [String] = []
        var usedAllowances = Set<Int>()
        for file in try GpsdCorpus.logs() {
            let log = try Data(contentsOf: file)
            let reports = try GpsdReport.lastTPVPerTime(chk: Data(contentsOf: file.appendingPathExtension("chk")))
            var stream = NMEAStream()
            var epochs = stream.feed(log)
            epochs += stream.finish()
            var byTime: [Int64: Epoch] = [:]
            for epoch in epochs { if let t = epoch.utcMs { byTime[t] = epoch } }
            var agreed = 0, disagreed = 0, allowedCount = 0
            for report in reports {
                let problems = report.differences(from: byTime[report.utcMs])
                if problems.isEmpty { agreed += 1; continue }
                disagreed += 1
                var allUnderstood = true
                for problem in problems {
                    let name = file.lastPathComponent
                    if let i = Self.allowed.firstIndex(where: { $0.file == name && $0.time == report.time && $0.field == problem.field }) {
                        usedAllowances.insert(i)
                    } else {
                        allUnderstood = false
                        unexpected.append("\(name) \(report.time): \(problem.text)")
                    }
                }
                if allUnderstood { allowedCount += 1 }
            }
            let c = stream.counters
            rows.append(Self.row(file.lastPathComponent, reports.count, agreed, disagreed, allowedCount, epochs.count,
                                 c.sentencesAccepted, c.rejectedTotal, c.comments)
                        + " " + c.rejected.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ","))
        }
        print(Self.table(rows))
        for problem in unexpected.prefix(60) { print("  DISAGREE \(problem)") }
        let stale = Self.allowed.indices.filter { !usedAllowances.contains($0) }.map { Self.allowed[$0] }
        #expect(unexpected.isEmpty, "\(unexpected.count) disagreements with gpsd not in the allow-list")
        #expect(stale.isEmpty, "allow-list entries that no longer match anything: \(stale)")
    }

    @Test
    func framerAcceptsExactlyWhatGpsdAccepts() throws {
        var mismatches: [String] = []
        print("file                              gpsd-accepted  ours  only-gpsd  only-ours")
        for file in try GpsdCorpus.logs() {
            let ours = try Set(FramedText.sentences(in: Data(contentsOf: file)))
            let chk = try String(decoding: Data(contentsOf: file.appendingPathExtension("chk")), as: UTF8.self)
            let gpsd = Set(chk.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("$") }.map(String.init))
            let onlyGpsd = gpsd.subtracting(ours), onlyOurs = ours.subtracting(gpsd)
            print(file.lastPathComponent.padding(toLength: 34, withPad: " ", startingAt: 0)
                  + pad(gpsd.count, 13) + pad(ours.count, 6) + pad(onlyGpsd.count, 11) + pad(onlyOurs.count, 11))
            mismatches += onlyGpsd.map { "\(file.lastPathComponent): gpsd accepted, we did not: \($0)" }
            mismatches += onlyOurs.map { "\(file.lastPathComponent): we accepted, gpsd did not: \($0)" }
        }
        for m in mismatches.prefix(40) { print("  \(m)") }
        #expect(mismatches.isEmpty)
    }

    static func row(_ name: String, _ values: Int...) -> String {
        name.padding(toLength: 34, withPad: " ", startingAt: 0) + values.map { pad($0, 9) }.joined()
    }

    static func table(_ rows: [String]) -> String {
        let header = "file".padding(toLength: 34, withPad: " ", startingAt: 0)
            + ["compared", "agreed", "disagree", "allowed", "epochs", "accepted", "rejected", "comments"]
                .map { $0.count >= 9 ? " " + $0 : String(repeating: " ", count: 9 - $0.count) + $0 }.joined()
        return ([header] + rows).joined(separator: "\n")
    }
}

/// One accepted difference from gpsd.
struct Allowance: CustomStringConvertible {
    let file: String
    let time: String
    let field: String
    let reason: String
    var description: String { "\(file) \(time) \(field)" }
}

private func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return String(repeating: " ", count: max(1, width - s.count)) + s
}

/// Where the gpsd captures are: `Tests/Data/gpsd` (with their licence and origin in its README).
enum GpsdCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/gpsd")

    /// The captures checked in with the repository. A test over them must not pass over fewer: a
    /// missing or emptied folder fails every test that reads it rather than passing with nothing read.
    static let checkedIn = 22

    static func logs() throws -> [URL] {
        let logs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "log" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        try #require(logs.count >= checkedIn, "\(directory.path) holds \(logs.count) gpsd captures; the repository has \(checkedIn)")
        return logs
    }
}

/// gpsd's TPV report for one time, as far as a parser can be compared on it.
struct GpsdReport {
    let time: String
    let utcMs: Int64
    let mode: Int
    let lat: Double?, lon: Double?, speed: Double?, track: Double?, altMSL: Double?

    struct Difference { let field: String; let text: String }

    /// TPVs with a time and mode 2 or 3; for each time the last one (gpsd reports an epoch
    /// several times as sentences arrive, the last carrying the merged fix).
    static func lastTPVPerTime(chk: Data) throws -> [GpsdReport] {
        var order: [String] = []
        var last: [String: GpsdReport] = [:]
        for line in String(decoding: chk, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            guard let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  json["class"] as? String == "TPV", let time = json["time"] as? String,
                  let mode = json["mode"] as? Int, let ms = utcMs(iso: time) else { continue }
            if last[time] == nil { order.append(time) }
            last[time] = GpsdReport(time: time, utcMs: ms, mode: mode, lat: json["lat"] as? Double,
                                    lon: json["lon"] as? Double, speed: json["speed"] as? Double,
                                    track: json["track"] as? Double, altMSL: json["altMSL"] as? Double)
        }
        return order.compactMap { last[$0] }.filter { $0.mode >= 2 }
    }

    /// `2009-12-09T15:25:05.500Z` as milliseconds since 1970.
    static func utcMs(iso: String) -> Int64? {
        let parts = iso.split(whereSeparator: { "-T:Z".contains($0) }).map(String.init)
        guard parts.count == 6, let y = Int(parts[0]), let mo = Int(parts[1]), let d = Int(parts[2]),
              let h = Int64(parts[3]), let mi = Int64(parts[4]), let s = Double(parts[5]) else { return nil }
        let days = CivilDate.daysFromCivil(year: y, month: mo, day: d)
        return days * 86_400_000 + (h * 60 + mi) * 60_000 + Int64((s * 1000).rounded())
    }

    func differences(from epoch: Epoch?) -> [Difference] {
        guard let e = epoch else { return [Difference(field: "epoch", text: "no epoch of ours at this time")] }
        var out: [Difference] = []
        func check(_ field: String, _ theirs: Double?, _ ours: Double?, _ tolerance: Double, angle: Bool = false) {
            guard let theirs else { return }
            guard let ours else { out.append(Difference(field: field, text: "\(field): gpsd \(theirs), ours none")); return }
            var delta = abs(theirs - ours)
            if angle { delta = min(delta, 360 - delta) }
            if delta > tolerance { out.append(Difference(field: field, text: "\(field): gpsd \(theirs), ours \(ours)")) }
        }
        if e.fixMode.rawValue != mode {
            out.append(Difference(field: "mode", text: "mode: gpsd \(mode), ours \(e.fixMode.rawValue)"))
        }
        check("lat", lat, e.latDeg, 1e-6)
        check("lon", lon, e.lonDeg, 1e-6)
        check("speed", speed, e.speedMps, 0.01)
        check("track", track, e.courseDeg, 0.1, angle: true)
        check("altMSL", altMSL, e.altMSLm, 0.1)
        return out
    }
}
