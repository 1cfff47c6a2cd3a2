/// Which fixes one of roam-board's GPX or FIT exports holds, as the file itself says (docs/FORMATS.md):
/// `dump` without `--raw` (and the drive's files) keeps only the fixes that count, and a stop's
/// fixes under the distance gate are not in it; `--raw` writes every fix. `import` reads the mark
/// back, so a silence in a file of kept fixes is called what it is: points the export left out
/// (`GapCause.leftOutOfExport`), not a receiver's loss of fix.
public enum ExportedFixes: String, Sendable, Equatable, CaseIterable {
    /// Only the fixes kept for distance (accepted, with a position).
    case kept
    /// Every fix (`dump --raw`), flagged ones with their flags.
    case all

    public init(includeFlagged: Bool) { self = includeFlagged ? .all : .kept }

    /// The namespace of roam-board's own GPX elements (`roam:`), which GPX readers skip.
    public static let gpxNamespace = "https://roam-board.invalid/gpx/1"
    /// The element in the GPX metadata's `<extensions>` that holds the mark: `<roam:fixes>kept</roam:fixes>`.
    public static let gpxElement = "fixes"

    /// FIT carries the mark as a developer field (FIT 2.0): readers that do not know it skip it, and
    /// Garmin's SDK decodes it by the field description the file holds. The application id names
    /// roam-board (16 bytes, as FIT's developer_data_id asks); the field is a string in file_creator.
    public static let fitApplicationID: [UInt8] = Array("roam-board fixes".utf8)
    public static let fitFieldName = "roam_fixes"
    public static let fitFieldNumber: UInt8 = 0
    /// Bytes of the string field: the longest value and its terminating zero, padded.
    public static let fitFieldSize = 8
}

extension GapCause {
    /// What a silence between a track file's points is called where the pipeline breaks the track
    /// (`PipelineParameters.silenceGapCause`), by the file's own mark (nil: a file without one), for
    /// an import and a bench replay alike: in roam-board's export of kept fixes, points it left out
    /// (a stop under the distance gate among them); in its export of every fix, a loss of fix, as the
    /// recording said (nil: the pipeline's own "no fix"); in any other file, only that it has no
    /// points there: no receiver was seen.
    public static func silence(in exported: ExportedFixes?) -> GapCause? {
        switch exported {
        case .kept?: return .leftOutOfExport
        case .all?: return nil
        case nil: return .noPointsInFile
        }
    }
}
