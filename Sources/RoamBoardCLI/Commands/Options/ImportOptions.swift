extension ImportCommand {
    static let spec = CommandSpec(name: "import", abstract: "Import past rides from GPX, FIT and TCX files (FIT and TCX through gpsbabel).", options: [
        SharedOptions.db, SharedOptions.board, SharedOptions.units,
    ], discussion: """
        Each file becomes one stopped ride marked imported, with the device's name and its own times, run through the same pipeline as a recorded ride.
        A folder imports its .gpx, .fit and .tcx files, plain or gzip-compressed (.fit.gz: a Strava export's activities folder as it comes), in name order; a file imported before (same bytes, uncompressed) is skipped and said so. A .zip must be unpacked first.
        A ride is written 2 000 points per transaction, so a recording beside it waits little; a cut import is finished by the next. A damaged file is named and skipped; exit 65 if any failed, 75 if a file waits for an unfinished import of its ride. FIT and TCX need Debian's gpsbabel.
        """, operands: "FILE|FOLDER...")
}
