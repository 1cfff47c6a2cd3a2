import RoamCore

/// Which fixes roam-board's own FIT export holds (`ExportedFixes`), from the developer field its
/// file_creator message carries (`roam_fixes`, written by RoamExport's `FITExportedFixesMark`),
/// found among the file's first messages (`FITHeadMessages`). GPSBabel's GPX drops developer
/// fields, so the import reads the mark from the FIT bytes themselves. nil for any other file.
enum FITExportedFixes {
    static func read(_ b: [UInt8]) -> ExportedFixes? {
        var ours: Set<Int> = []            // developer data indices whose application is roam-board
        var markFields: Set<[Int]> = []    // (index, field number) of the `roam_fixes` field
        return FITHeadMessages.first(b) { m -> ExportedFixes? in
            if let mark = m.developerFields.first(where: { ours.contains($0.key[0]) && markFields.contains($0.key) }) {
                return ExportedFixes(rawValue: text(mark.value))
            }
            switch m.global {
            case 207:   // developer_data_id: application_id (1), developer_data_index (3)
                if let app = m.fields[1], Array(app) == ExportedFixes.fitApplicationID, let index = m.fields[3]?.first { ours.insert(Int(index)) }
            case 206:   // field_description: developer_data_index (0), field_definition_number (1), field_name (3)
                if let index = m.fields[0]?.first, let number = m.fields[1]?.first, let name = m.fields[3],
                   text(name) == ExportedFixes.fitFieldName { markFields.insert([Int(index), Int(number)]) }
            default:
                break
            }
            return nil
        }
    }

    /// A FIT string: UTF-8 up to its first zero.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
