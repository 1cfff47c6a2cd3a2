import RoamCore

/// Which fixes a FIT export holds (`ExportedFixes`), as a developer field (FIT 2.0) of its
/// file_creator message: the developer_data_id that names roam-board, the field_description that
/// names the field (`roam_fixes`, a string), then file_creator with the field's value, "kept" or
/// "all". Readers that do not know the field skip it by its size; Garmin's SDK decodes it by the
/// description. Written right after file_id, where `import` looks for it.
///
/// A ride with figures no device measured (a bench replay of a track, an import: `UnmeasuredFigures`)
/// gets a second field, `roam_derived`, listing them in FIT's own field names ("speed altitude"):
/// FIT has no standard field for a figure's provenance, and a developer field is where the SDK and
/// any reader that looks will find it by name. A live ride's file has none and is what it was.
enum FITExportedFixesMark {
    static let developerDataIndex: UInt8 = 0
    static let developerDataIDLocalType: UInt8 = 8
    static let fieldDescriptionLocalType: UInt8 = 9
    static let derivedFieldNumber: UInt8 = 1
    /// Bytes of `roam_derived`: its longest value, "speed altitude", and the terminating zero, padded.
    static let derivedFieldSize = 16

    /// The messages, definitions included, as bytes; `softwareVersion` is file_creator's (×100);
    /// `derived`: `UnmeasuredFigures.fitDerived`, nil for none.
    static func bytes(_ fixes: ExportedFixes, derived: String? = nil, softwareVersion: Int64) -> [UInt8] {
        var b: [UInt8] = []
        // developer_data_id (207): application_id (1, 16 bytes), developer_data_index (3, uint8).
        b += definition(local: developerDataIDLocalType, global: 207,
                        fields: [(1, UInt8(ExportedFixes.fitApplicationID.count), byte), (3, 1, uint8)])
        b.append(developerDataIDLocalType)
        b += ExportedFixes.fitApplicationID
        b.append(developerDataIndex)
        // field_description (206): developer_data_index, field_definition_number, fit_base_type_id, field_name.
        let name = zeroTerminated(ExportedFixes.fitFieldName, size: ExportedFixes.fitFieldName.utf8.count + 1)
        b += definition(local: fieldDescriptionLocalType, global: 206,
                        fields: [(0, 1, uint8), (1, 1, uint8), (2, 1, uint8), (3, UInt8(name.count), string)])
        b += [fieldDescriptionLocalType, developerDataIndex, ExportedFixes.fitFieldNumber, string] + name
        var fields = [(ExportedFixes.fitFieldNumber, UInt8(ExportedFixes.fitFieldSize), developerDataIndex)]
        if derived != nil {
            // A second description: its own definition, since the name's size is part of it.
            let derivedName = zeroTerminated(UnmeasuredFigures.fitFieldName, size: UnmeasuredFigures.fitFieldName.utf8.count + 1)
            b += definition(local: fieldDescriptionLocalType, global: 206,
                            fields: [(0, 1, uint8), (1, 1, uint8), (2, 1, uint8), (3, UInt8(derivedName.count), string)])
            b += [fieldDescriptionLocalType, developerDataIndex, derivedFieldNumber, string] + derivedName
            fields.append((derivedFieldNumber, UInt8(derivedFieldSize), developerDataIndex))
        }
        // file_creator (49), its own fields (FITProfile), then the developer fields.
        let creator = FITProfile.fileCreator
        creator.appendDefinition(to: &b, developerFields: fields)
        creator.appendData([softwareVersion, nil], to: &b)
        b += zeroTerminated(fixes.rawValue, size: ExportedFixes.fitFieldSize)
        if let derived { b += zeroTerminated(derived, size: derivedFieldSize) }
        return b
    }

    // FIT base type bytes (endian-ability bit included).
    private static let uint8: UInt8 = 0x02, string: UInt8 = 0x07, byte: UInt8 = 0x0D

    /// A definition message, little-endian, for fields whose size is not their base type's (a string, a byte array).
    private static func definition(local: UInt8, global: UInt16, fields: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
        var b: [UInt8] = [0x40 | local, 0, 0, UInt8(global & 0xFF), UInt8(global >> 8), UInt8(fields.count)]
        for f in fields { b += [f.0, f.1, f.2] }
        return b
    }

    /// UTF-8 text ended by a zero and padded with zeros to `size` bytes (FIT strings).
    private static func zeroTerminated(_ text: String, size: Int) -> [UInt8] {
        let utf8 = Array(text.utf8.prefix(size - 1))
        return utf8 + [UInt8](repeating: 0, count: size - utf8.count)
    }
}
