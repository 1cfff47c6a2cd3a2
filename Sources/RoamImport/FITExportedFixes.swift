import RoamCore

/// Which fixes roam-board's own FIT export holds (`ExportedFixes`), from the developer field its
/// file_creator message carries (`roam_fixes`, written by RoamExport's `FITExportedFixesMark`),
/// found by walking the file's first messages as `FITCreator` does. GPSBabel's GPX drops developer
/// fields, so the import reads the mark from the FIT bytes themselves. nil for any other file.
enum FITExportedFixes {
    private struct Definition {
        var global: Int
        var bigEndian: Bool
        var fields: [(number: Int, size: Int)]
        var developerFields: [(number: Int, size: Int, index: Int)]
    }

    static func read(_ b: [UInt8]) -> ExportedFixes? {
        guard b.count >= 12, Int(b[0]) >= 12, Int(b[0]) < b.count else { return nil }
        var i = Int(b[0])
        var definitions: [Int: Definition] = [:]
        var ours: Set<Int> = []            // developer data indices whose application is roam-board
        var markFields: Set<[Int]> = []    // (index, field number) of the `roam_fixes` field
        for _ in 0..<32 {
            guard i < b.count else { return nil }
            let header = b[i]; i += 1
            if header & 0x80 == 0 && header & 0x40 != 0 {
                guard i + 5 <= b.count else { return nil }
                let bigEndian = b[i + 1] == 1
                let global = bigEndian ? Int(b[i + 2]) << 8 | Int(b[i + 3]) : Int(b[i + 3]) << 8 | Int(b[i + 2])
                let count = Int(b[i + 4]); i += 5
                guard i + 3 * count <= b.count else { return nil }
                let fields = (0..<count).map { (number: Int(b[i + 3 * $0]), size: Int(b[i + 3 * $0 + 1])) }
                i += 3 * count
                var developer: [(number: Int, size: Int, index: Int)] = []
                if header & 0x20 != 0 {
                    guard i < b.count else { return nil }
                    let n = Int(b[i]); i += 1
                    guard i + 3 * n <= b.count else { return nil }
                    developer = (0..<n).map { (number: Int(b[i + 3 * $0]), size: Int(b[i + 3 * $0 + 1]), index: Int(b[i + 3 * $0 + 2])) }
                    i += 3 * n
                }
                definitions[Int(header & 0x0f)] = Definition(global: global, bigEndian: bigEndian, fields: fields, developerFields: developer)
                continue
            }
            let local = header & 0x80 != 0 ? Int(header >> 5 & 0x03) : Int(header & 0x0f)
            guard let d = definitions[local] else { return nil }
            var values: [Int: ArraySlice<UInt8>] = [:]
            for f in d.fields {
                guard i + f.size <= b.count else { return nil }
                values[f.number] = b[i..<(i + f.size)]
                i += f.size
            }
            for f in d.developerFields {
                guard i + f.size <= b.count else { return nil }
                if ours.contains(f.index), markFields.contains([f.index, f.number]) {
                    return ExportedFixes(rawValue: text(b[i..<(i + f.size)]))
                }
                i += f.size
            }
            switch d.global {
            case 207:   // developer_data_id: application_id (1), developer_data_index (3)
                if let app = values[1], Array(app) == ExportedFixes.fitApplicationID, let index = values[3]?.first { ours.insert(Int(index)) }
            case 206:   // field_description: developer_data_index (0), field_definition_number (1), field_name (3)
                if let index = values[0]?.first, let number = values[1]?.first, let name = values[3],
                   text(name) == ExportedFixes.fitFieldName { markFields.insert([Int(index), Int(number)]) }
            default:
                break
            }
        }
        return nil
    }

    /// A FIT string: UTF-8 up to its first zero.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
