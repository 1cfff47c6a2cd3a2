/// Binds parameters ?1, ?2, … in call order, so a row's binding reads like its column list
/// and cannot drift from it by a hand-counted index.
struct RowBinder {
    let statement: SQLiteStatement
    private(set) var index: Int32 = 1

    init(_ statement: SQLiteStatement) { self.statement = statement }

    mutating func add(_ value: Int64?) throws(SQLiteError) { try statement.bind(value, at: index); index += 1 }
    mutating func add(_ value: Int?) throws(SQLiteError) { try statement.bind(value, at: index); index += 1 }
    mutating func add(_ value: Double?) throws(SQLiteError) { try statement.bind(value, at: index); index += 1 }
    mutating func add(_ value: String?) throws(SQLiteError) { try statement.bind(value, at: index); index += 1 }
    mutating func add(_ value: [UInt8]?) throws(SQLiteError) { try statement.bind(value, at: index); index += 1 }
}

/// Reads result columns 0, 1, … in call order, the counterpart of `RowBinder`.
struct RowReader {
    let statement: SQLiteStatement
    private(set) var index: Int32 = 0

    init(_ statement: SQLiteStatement) { self.statement = statement }

    private mutating func advance() -> Int32 { defer { index += 1 }; return index }

    mutating func int64() -> Int64 { statement.int64(at: advance()) }
    mutating func optionalInt64() -> Int64? { statement.optionalInt64(at: advance()) }
    mutating func int() -> Int { statement.int(at: advance()) }
    mutating func optionalInt() -> Int? { statement.optionalInt(at: advance()) }
    mutating func double() -> Double { statement.double(at: advance()) }
    mutating func optionalDouble() -> Double? { statement.optionalDouble(at: advance()) }
    mutating func text() -> String { statement.text(at: advance()) }
    mutating func optionalText() -> String? { statement.optionalText(at: advance()) }
}
