import CSQLite

/// The SQLite library this process runs with, against the oldest whose SQL the store runs: 3.24.0,
/// the first with upserts (`INSERT … ON CONFLICT … DO UPDATE … WHERE`: the explored map's earliest
/// visit, the ride-id floor). The binary's symbols are all SQLite's since 3.20.0, so the loader alone
/// would start it on an older library, which would then refuse a ride's first explored cell in the
/// middle of a commit. `SQLiteConnection.init` checks it before every open; the .deb's Depends names
/// the same version (scripts/lib.sh `sqlite_floor` reads the line below).
public enum SQLiteLibrary {
    public static let oldestSupported = "3.24.0"

    /// What `sqlite3_libversion_number` says, as "3.40.1".
    public static var running: String { name(sqlite3_libversion_number()) }

    /// A library older than `oldestSupported`: the version there and the one needed.
    public struct TooOld: Equatable, Sendable {
        public var found: String
        public var needed: String
    }

    /// Nil when the running library is new enough.
    static func tooOld(running number: Int32 = sqlite3_libversion_number()) -> TooOld? {
        number < Self.number(oldestSupported) ? TooOld(found: name(number), needed: oldestSupported) : nil
    }

    /// SQLite's own numbering: X.Y.Z is X*1000000 + Y*1000 + Z.
    static func number(_ version: String) -> Int32 {
        version.split(separator: ".").prefix(3).reduce(Int32(0)) { $0 * 1_000 + (Int32($1) ?? 0) }
    }

    static func name(_ number: Int32) -> String { "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)" }
}
