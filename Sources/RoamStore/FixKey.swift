/// SQL for the `fixes` key: `fix_key` = ride_id << 32 | seq, the table's rowid (see SchemaV1).
/// A ride's fixes are one contiguous range of it, in seq order.
enum FixKey {
    /// The key of (ride, seq), given two SQL expressions (placeholders such as "?1").
    static func of(_ ride: String, _ seq: String) -> String { "((\(ride) << 32) + \(seq))" }

    /// A condition selecting every fix of a ride, as a range of the rowid.
    static func ride(_ ride: String) -> String {
        "fix_key BETWEEN (\(ride) << 32) AND ((\(ride) << 32) + 4294967295)"
    }

    /// A condition selecting the fixes of a ride after the one numbered `seq`. One bound a side:
    /// given the ride's range AND a later lower bound, SQLite seeks to the range's start and
    /// steps over every earlier fix, so each chunk of a ride read it again from its start.
    static func ride(_ ride: String, after seq: String) -> String {
        "fix_key > \(of(ride, seq)) AND fix_key <= ((\(ride) << 32) + 4294967295)"
    }
}
