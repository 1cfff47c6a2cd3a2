import RoamCore

extension GPXTrack {
    /// `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`, as GPX 1.1's xsd:dateTime.
    static func parseTime(_ s: String) -> Int64? {
        let b = Array(s.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var v = 0
            for c in b[from..<from + count] { guard c >= 48 && c <= 57 else { return nil }; v = v * 10 + Int(c - 48) }
            return v
        }
        guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116, b[13] == 58, b[16] == 58,
              let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2), let sec = num(17, 2),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61 else { return nil }
        var i = 19, ms = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 100, digits = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 { ms += Int(b[i] - 48) * scale; scale /= 10; i += 1; digits += 1 }
            guard digits > 0 else { return nil }
        }
        var offsetS = 0
        if i < b.count, b[i] == 90 || b[i] == 122 {
            i += 1
        } else if i < b.count, b[i] == 43 || b[i] == 45, let oh = num(i + 1, 2), i + 3 < b.count, b[i + 3] == 58, let om = num(i + 4, 2) {
            offsetS = (oh * 3600 + om * 60) * (b[i] == 43 ? 1 : -1)
            i += 6
        } else if i < b.count {
            return nil
        }
        guard i == b.count else { return nil }
        let days = CivilDate.daysFromCivil(year: y, month: mo, day: d)
        return (days * 86_400 + Int64(h * 3600 + mi * 60 + sec - offsetS)) * 1000 + Int64(ms)
    }
}
