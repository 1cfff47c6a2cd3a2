extension GPXTrack {
    /// What a track point may carry that a ride here does not keep: the sensors of another device.
    /// Named so an import says what the file held and the database does not (P4: nothing is lost unsaid).
    public enum UnkeptFigure: String, Sendable, CaseIterable {
        case heartRate = "heart rate", cadence, power

        /// The extension elements that carry it: Garmin's TrackPointExtension (`gpxtpx:hr`, `gpxtpx:cad`,
        /// what gpsbabel's garminextensions writes from a FIT file), Garmin's PowerExtension and the
        /// bare `<power>` other exporters write.
        var elements: [String] {
            switch self {
            case .heartRate: return ["hr"]
            case .cadence: return ["cad"]
            case .power: return ["power", "PowerInWatts"]
            }
        }

        /// Those the file has an element of with a value (`<hr>131`, `<gpxtpx:hr>131`; never `</gpxtpx:hr>`
        /// nor `<thr>`), in this order: one pass over the file's bytes, not a search per point.
        static func present(in bytes: [UInt8]) -> [UnkeptFigure] {
            var found: Set<UnkeptFigure> = []
            let all = allCases.count
            bytes.withUnsafeBufferPointer { b in
                var i = 0
                while i + 1 < b.count, found.count < all {
                    guard b[i] == 60, b[i + 1] != 47 else { i += 1; continue }   // "<", not "</"
                    var j = i + 1, name = j
                    while j < b.count, isNameByte(b[j]) {
                        if b[j] == 58 { name = j + 1 }   // past a namespace prefix's ":"
                        j += 1
                    }
                    if j + 1 < b.count, b[j] == 62, b[j + 1] != 60, let figure = named(UnsafeBufferPointer(rebasing: b[name..<j])) {
                        found.insert(figure)
                    }
                    i = j
                }
            }
            return allCases.filter(found.contains)
        }

        private static func named(_ name: UnsafeBufferPointer<UInt8>) -> UnkeptFigure? {
            allCases.first { $0.elements.contains { $0.utf8.elementsEqual(name) } }
        }

        private static func isNameByte(_ b: UInt8) -> Bool {
            (48...58).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 95 || b == 45 || b == 46
        }
    }
}
