/// Migration 1: rides, fixes, events, explored (docs/DESIGN.md §4). Units are in every column name.
///
/// `fixes` is keyed by `fix_key` = ride_id << 32 | seq, its rowid: one B-tree, appended at its
/// right edge. A composite primary key would write a second B-tree (its index) on every commit, and
/// WITHOUT ROWID rebalances three sibling pages on every split; either pushes a 1 Hz batch past the
/// 16 KiB-per-batch budget of docs/DESIGN.md §9. Reads of a ride are one range of the key (`FixKey`).
///
/// Deletion policy (P4): processing never deletes. A fix can only be deleted when its ride row is
/// already gone, and the only way that happens is an explicit prune: `DELETE FROM rides WHERE id = ?`
/// on a stopped ride, whose foreign-key cascade removes its fixes and events after the ride row.
/// Explored cells outlive a pruned ride (their ride_id becomes NULL): a cell stays explored.
enum SchemaV1 {
    /// Columns of `fixes` that hold what the receiver and barometer said; never updated (P4).
    /// `t_utc_ms` and `t_source` are derived: back-fill and rollover correction rewrite them.
    static let rawFixColumns = [
        "ride_id", "seq", "t_mono_ns", "t_of_day_ms", "date_ymd", "lat_deg", "lon_deg", "alt_msl_m",
        "geoid_sep_m", "speed_mps", "course_deg", "fix_mode", "fix_quality", "sats_used", "hdop", "vdop",
        "pdop", "gst_lat_err_m", "gst_lon_err_m", "gst_alt_err_m", "pressure_pa", "temperature_c", "nmea",
    ]

    static let migration = Migration(version: 1, name: "rides, fixes, events, explored", sql: """
        CREATE TABLE rides (
            id INTEGER PRIMARY KEY,
            state TEXT NOT NULL CHECK (state IN ('recording', 'stopped')),
            started_mono_ns INTEGER NOT NULL,
            started_utc_ms INTEGER,
            ended_utc_ms INTEGER,
            distance_m REAL NOT NULL DEFAULT 0,
            moving_s REAL NOT NULL DEFAULT 0,
            elapsed_s REAL NOT NULL DEFAULT 0,
            ascent_m REAL,
            descent_m REAL,
            max_speed_mps REAL NOT NULL DEFAULT 0,
            fix_count INTEGER NOT NULL DEFAULT 0,
            accepted_count INTEGER NOT NULL DEFAULT 0,
            flagged_count INTEGER NOT NULL DEFAULT 0,
            gap_count INTEGER NOT NULL DEFAULT 0,
            parked_count INTEGER NOT NULL DEFAULT 0,
            lost_count INTEGER NOT NULL DEFAULT 0,
            pipeline_state TEXT NOT NULL,
            parameters TEXT NOT NULL,
            params_version INTEGER NOT NULL,
            last_commit_utc_ms INTEGER,
            dumped_utc_ms INTEGER
        );
        -- At most one recording ride, and finding it is one index probe (P7: re-arm reads it first).
        CREATE UNIQUE INDEX rides_recording ON rides(state) WHERE state = 'recording';

        CREATE TABLE fixes (
            fix_key INTEGER PRIMARY KEY,
            ride_id INTEGER NOT NULL REFERENCES rides(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            t_mono_ns INTEGER NOT NULL,
            t_of_day_ms INTEGER,
            date_ymd INTEGER,
            lat_deg REAL,
            lon_deg REAL,
            alt_msl_m REAL,
            geoid_sep_m REAL,
            speed_mps REAL,
            course_deg REAL,
            fix_mode INTEGER NOT NULL,
            fix_quality INTEGER,
            sats_used INTEGER,
            hdop REAL,
            vdop REAL,
            pdop REAL,
            gst_lat_err_m REAL,
            gst_lon_err_m REAL,
            gst_alt_err_m REAL,
            pressure_pa REAL,
            temperature_c REAL,
            nmea TEXT NOT NULL,
            t_utc_ms INTEGER,
            t_source INTEGER NOT NULL,
            flags INTEGER NOT NULL,
            segment INTEGER NOT NULL,
            smooth_lat_deg REAL,
            smooth_lon_deg REAL,
            baro_alt_m REAL,
            distance_added_m REAL NOT NULL,
            CHECK (seq >= 0 AND seq < 4294967296 AND fix_key = (ride_id << 32) + seq)
        );
        CREATE TRIGGER fixes_raw_immutable BEFORE UPDATE OF fix_key, \(rawFixColumns.joined(separator: ", ")) ON fixes
        BEGIN
            SELECT RAISE(ABORT, 'raw columns of fixes are immutable (P4)');
        END;
        -- A cascade from a pruned ride runs after the ride row is gone, so it passes.
        CREATE TRIGGER fixes_kept BEFORE DELETE ON fixes
        WHEN EXISTS (SELECT 1 FROM rides WHERE id = OLD.ride_id)
        BEGIN
            SELECT RAISE(ABORT, 'fixes are deleted only by pruning their ride (P4)');
        END;
        CREATE TRIGGER rides_recording_kept BEFORE DELETE ON rides
        WHEN OLD.state = 'recording'
        BEGIN
            SELECT RAISE(ABORT, 'a recording ride cannot be pruned; stop it first');
        END;

        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            ride_id INTEGER NOT NULL REFERENCES rides(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            t_mono_ns INTEGER,
            t_utc_ms INTEGER,
            detail TEXT NOT NULL,
            recorded_utc_ms INTEGER
        );
        CREATE INDEX events_by_ride ON events(ride_id, id);

        CREATE TABLE explored (
            cell TEXT PRIMARY KEY CHECK (length(cell) = 7),
            ride_id INTEGER REFERENCES rides(id) ON DELETE SET NULL,
            t_utc_ms INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX explored_by_ride ON explored(ride_id);
        """)
}
