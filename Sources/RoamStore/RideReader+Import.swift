extension RideReader {
    /// Where ride `id` was imported from; nil for a ride this board recorded (and for every ride of
    /// a schema-2 database, which predates imports).
    public func provenance(ride id: Int64) throws -> ImportProvenance? {
        guard schemaVersion >= SchemaV3.migration.version else { return nil }
        let select = try connection.prepare(Self.selectImports + " WHERE ride_id = ?1")
        try select.bind(id, at: 1)
        guard try select.step() else { return nil }
        return Self.read(select)
    }

    /// Every imported ride's provenance, by ride id: one query for a list of rides.
    public func provenances() throws -> [Int64: ImportProvenance] {
        guard schemaVersion >= SchemaV3.migration.version else { return [:] }
        let select = try connection.prepare(Self.selectImports)
        var all: [Int64: ImportProvenance] = [:]
        while try select.step() { all[select.int64(at: 0)] = Self.read(select) }
        return all
    }

    /// The rides whose import was cut before its last chunk (`ImportProvenance.isUnfinished`): only
    /// part of their file is stored, so neither `dump --not-dumped` nor the drive hands them over.
    public func unfinishedImports() throws -> Set<Int64> {
        Set(try provenances().filter(\.value.isUnfinished).keys)
    }

    /// Every imported ride's words (`ImportProvenance.sentence`), by ride id: how a list marks them.
    public func importSentences() throws -> [Int64: String] { try provenances().mapValues(\.sentence) }

    private static let selectImports = "SELECT ride_id, content_key, file_name, format, device, imported_utc_ms FROM imports"

    private static func read(_ s: SQLiteStatement) -> ImportProvenance {
        ImportProvenance(contentKey: s.text(at: 1), fileName: s.text(at: 2), format: s.text(at: 3),
                         device: s.isNull(at: 4) ? nil : s.text(at: 4), importedUTCms: s.int64(at: 5))
    }
}
