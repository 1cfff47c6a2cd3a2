/// The formats `dump` writes. Raw values are the `--format` choices.
public enum ExportFormat: String, CaseIterable, Sendable {
    case gpx, fit, geojson, csv

    /// File name extension for `dump --out DIR`.
    public var fileExtension: String { rawValue }

    /// FIT is binary: its header carries the data size, so its writer needs a `PatchableSink`.
    public var isBinary: Bool { self == .fit }
}
