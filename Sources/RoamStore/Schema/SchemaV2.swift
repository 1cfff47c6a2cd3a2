/// Migration 2: a gap's position among the fixes gets a column of its own, `events.before_seq`.
///
/// Schema 1 wrote it into the gap event's detail ("logger restarted; before fix 1234"), and
/// every replay parsed it back. This migration parses each such detail once: the number moves to
/// `before_seq`, the detail keeps the cause. A detail whose tail is not a plain number stays as
/// it was (schema 1 did not read a position from it either).
enum SchemaV2 {
    private static let marker = "; before fix "
    // 1-based SQL positions of the marker's start and of the number after it.
    private static let at = "instr(detail, '\(marker)')"
    private static let number = "substr(detail, \(at) + \(marker.utf8.count))"

    static let migration = Migration(version: 2, name: "events.before_seq", sql: """
        ALTER TABLE events ADD COLUMN before_seq INTEGER;
        UPDATE events SET before_seq = CAST(\(number) AS INTEGER), detail = substr(detail, 1, \(at) - 1)
        WHERE kind = 'gap' AND \(at) > 0 AND \(number) != '' AND \(number) NOT GLOB '*[^0-9]*'
            AND length(\(number)) <= 18;
        """)
}
