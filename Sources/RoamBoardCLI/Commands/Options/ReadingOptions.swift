import RoamCore
import RoamExport

extension RidesCommand {
    enum Options {
        static let lastID = Flag("--last-id", help: "Print only the id of the newest ride; none yet is exit 65, so a script stops there.")
    }

    static let spec = CommandSpec(name: "rides", abstract: "List the recorded rides with their totals.", options: [
        SharedOptions.db, SharedOptions.board, Options.lastID, SharedOptions.units,
    ])
}

extension ShowCommand {
    static let spec = CommandSpec(name: "show", abstract: "Show one ride: totals, segments and their gap causes, fixes by flag.",
                                  options: [SharedOptions.db, SharedOptions.board, SharedOptions.ride, SharedOptions.units])
}

extension ExportFormat: ChoiceValue {}
extension UnitSystem: ChoiceValue {}

extension DumpCommand {
    enum Options {
        static let ride = Option<Int64>("--ride", "N", help: "Dump this ride (see 'rides').")
        static let all = Flag("--all", help: "Dump every ride.")
        static let notDumped = Flag("--not-dumped", help: "Dump every stopped ride never dumped before.")
        static let format = RequiredOption<ExportFormat>("--format", "FORMAT", help: "Output format.", choices: ExportFormat.allCases)
        static let out = SharedOptions.out(ending: "the --format's extension (.gpx, .fit, .geojson, .csv)", default: "Default: standard output, one ride.")
        static let raw = Flag("--raw", help: "Include flagged fixes, with their flags (default: accepted fixes only).")
        static let force = Flag("--force", help: "Overwrite existing output files.")
    }

    static let spec = CommandSpec(name: "dump", abstract: "Hand rides over as GPX 1.1, FIT, GeoJSON or CSV; works while recording.", options: [
        SharedOptions.db, SharedOptions.board, Options.ride, Options.all, Options.notDumped, Options.format, Options.out, Options.raw, Options.force,
    ], discussion: "Give exactly one of --ride, --all, --not-dumped. Files are written atomically (a file with no name yet, fsync, then named).\nEach stopped ride written to a file gets its dumped-at time recorded; standard output marks none (whether the pipe kept it is not known): dump to a file or folder to hand a ride over. Nothing else in the database changes.")
}

extension ViewCommand {
    enum Options {
        static let ride = Option<Int64>("--ride", "N", help: "The ride's id (see 'rides'); required without --explored. With --explored: mark the cells this ride visited first.")
        static let out = SharedOptions.out(ending: ".html", default: "The page is written atomically. Required for a ride's page; with --explored or --history the default is standard output, and a folder gets explored.html or history.html.")
        static let history = Flag("--history", help: "The history page instead of one ride: totals per ISO week, month and year, a calendar of ride days, and every ride linking to its page (a folder gets history.html beside the rides' pages).")
        static let explored = Flag("--explored", help: "The explored map instead of one ride: every geohash cell ever visited, lit on a dark map at precision 5, 6 or 7 by zoom, with the rides' tracks, a legend and totals.")
        /// Parsed by `SpeedBands(parsing:)`, whose refusals say which limit is wrong.
        static let speedBands = Option<String>("--speed-bands", "KMH,...",
                                               help: "Ascending band limits in km/h (default \(SpeedBands.cycling.limitsKmh.optionText)).")
        static let force = Flag("--force", help: "Overwrite an existing page.")
        static let tiles = Option<String>("--tiles", "URL-TEMPLATE",
                                          help: "Tiles of the base map the page loads only when its control is clicked, with {z}, {x} and {y} (default \(MapLibrary.openStreetMapTiles)).")
    }

    static let spec = CommandSpec(name: "view", abstract: "Write one self-contained HTML page of a ride: map by speed, gaps, barometric profile, totals.", options: [
        SharedOptions.db, SharedOptions.board, Options.ride, Options.out, Options.history, Options.explored, Options.speedBands, Options.tiles, Options.force, SharedOptions.units,
    ], discussion: "The page fetches nothing: it opens offline. With Debian's libjs-leaflet the map zooms and pans (Leaflet is inlined from the package); its base map loads tiles only when asked. Flagged fixes appear when their checkbox is ticked.")
}

extension ExploredCommand {
    enum Format: String, ChoiceValue { case geojson, text }

    enum Options {
        static let precision = DefaultedOption<Int>("--precision", "N", default: 7, choices: [5, 6, 7]) {
            "Cell size: 5 (~4.9 km), 6 (~1.2 km) or \($0) (~150 m, default)."
        }
        static let format = DefaultedOption<Format>("--format", "FORMAT", default: .text, choices: Format.allCases) {
            "GeoJSON polygons or one line per cell (default \($0)), at the one --precision asked for."
        }
        static let summary = Flag("--summary", help: "Cells and km² at precisions 7, 6 and 5, and per ride the cells it visited first.")
        static let tiles = Flag("--tiles", help: "Slippy-map tiles (z/x/y) instead of geohash cells, computed from the accepted fixes; with --summary: tiles, max square and max cluster at zooms 14 and 17, and per ride its new tiles and the scores it raised.")
        static let zoom = DefaultedOption<Int>("--zoom", "Z", default: 14, choices: [14, 17]) {
            "Tile zoom with --tiles: \($0) (~2.4 km at the equator, default) or 17 (~300 m)."
        }
    }

    static let spec = CommandSpec(name: "explored", abstract: "List the geohash cells ever visited, across all rides.", options: [
        SharedOptions.db, SharedOptions.board, Options.precision, Options.format, Options.summary, Options.tiles, Options.zoom, SharedOptions.units,
    ], discussion: "A database recorded before cells were has none: 'rederive --ride N' fills a ride's cells. 'view --explored' draws them. "
        + "Tiles count only tiles holding an accepted fix (nothing is filled in between fixes).")
}

extension RederiveCommand {
    enum Options {
        static let params = Option<String>("--params", "FILE", help: "A JSON object of the pipeline parameters to change; the rest keep the ride's stored values (without it: all do).")
        static let dryRun = Flag("--dry-run", help: "Say what would change; write nothing (the work is done in a transaction that is rolled back).")
    }

    static let spec = CommandSpec(name: "rederive", abstract: "Recompute a ride's flags, derived columns, segments and totals from its raw columns.", options: [
        SharedOptions.db, SharedOptions.board, SharedOptions.ride, Options.params, Options.dryRun, SharedOptions.units,
    ])
}

extension CheckCommand {
    static let spec = CommandSpec(name: "check", abstract: "Check the database: SQLite integrity, then every fix's derived columns, every ride's totals and its stored pipeline state against the raw columns. Never writes.",
                                  options: [SharedOptions.db, SharedOptions.board], discussion: "Exit status 0 when every ride was judged consistent; 65 when one is not, or when one could not be judged (a newer roam-board wrote into it: check it with that one).")
}

extension PruneCommand {
    enum Options {
        static let dumpedBefore = Option<String>("--dumped-before", "DATE", help: "ISO date (YYYY-MM-DD, 00:00 in the board's time_zone, UTC with --db alone): prune the stopped rides dumped before it ('rides' shows when each was dumped, in that zone).")
        static let ride = RepeatedOption<Int64>("--ride", "N", help: "Prune this ride (see 'rides'); repeat it for more. All of them go, or none does.")
        static let notDumpedToo = Flag("--not-dumped-too", help: "With --ride: also a ride this board recorded and never dumped (no copy of it exists anywhere else).")
        static let dryRun = Flag("--dry-run", help: "Say which rides would go and what that frees; delete nothing.")
    }

    static let spec = CommandSpec(name: "prune", abstract: "Delete stopped rides already dumped before a date, or the rides named; in one transaction; say what it freed.", options: [
        SharedOptions.db, SharedOptions.board, Options.dumpedBefore, Options.ride, Options.notDumpedToo, Options.dryRun, SharedOptions.units,
    ], discussion: "Give --dumped-before or --ride, not both. By date, a ride never dumped is never pruned.\n"
        + "By --ride: a ride still recording is refused (stop it with the button first); a ride recorded here and never dumped is "
        + "refused unless --not-dumped-too (dump it first); an imported ride may go without it (its file is your own copy, and may be "
        + "imported again). A ride not in the database is named and nothing is pruned: all or nothing, exit 65.\n"
        + "Explored cells are kept.")
}

extension StatusCommand {
    static let spec = CommandSpec(name: "status", abstract: "The active ride, its totals, the age of the last commit, parked batches, alarm, fixes lost.",
                                  options: [SharedOptions.db, SharedOptions.board, SharedOptions.units])
}
