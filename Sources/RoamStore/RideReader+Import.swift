extension RideReader {
    /// Where ride `id` was imported from; nil for a ride this board recorded (and for every ride of
    /// a schema-2 database, which predates imports).
    public func provenance(ride id: Int64) throws -> ImportProvenance? {
        guard schemaVersion >= SchemaV3.migration.version else { return nil }
        return try ImportProvenance.of(ride: id, in: connection)
    }

    /// Every imported ride's provenance, by ride id: one query for a list of rides.
    public func provenances() throws -> [Int64: ImportProvenance] {
        guard schemaVersion >= SchemaV3.migration.version else { return [:] }
        let select = try connection.prepare(ImportProvenance.select)
        var all: [Int64: ImportProvenance] = [:]
        while try select.step() { all[select.int64(at: 0)] = ImportProvenance(select) }
        return all
    }

    /// The rides whose import was cut before its last chunk (`ImportProvenance.isUnfinished`): only
    /// part of their file is stored, so neither `dump --not-dumped` nor the drive hands them over.
    public func unfinishedImports() throws -> Set<Int64> {
        Set(try provenances().filter(\.value.isUnfinished).keys)
    }

    /// Every imported ride's words (`ImportProvenance.sentence`), by ride id: how a list marks them.
    public func importSentences() throws -> [Int64: String] { try provenances().mapValues(\.sentence) }
}
