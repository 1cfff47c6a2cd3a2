/// The columns of one table, in table order, and the SQL and row code derived from them.
struct ColumnTable<Row>: @unchecked Sendable {
    let table: String
    let columns: [Column<Row>]
    /// Table constraints that follow the columns in CREATE TABLE (a CHECK spanning columns).
    let constraints: [String]

    init(_ table: String, _ columns: [Column<Row>], constraints: [String] = []) {
        var seen = Set<String>()
        for column in columns { precondition(seen.insert(column.name).inserted, "\(table).\(column.name) is listed twice") }
        self.table = table; self.columns = columns; self.constraints = constraints
        written = columns.filter { $0.value != nil }
        writtenValues = written.compactMap(\.value)
        writtenInPlace = written.map(\.valueInPlace)
        readable = columns.filter { $0.read != nil }
        writtenNames = written.map(\.name)
        readableNames = readable.map(\.name)
    }

    /// The CREATE TABLE statement the migrations must have produced (a test compares them).
    var createSQL: String {
        let lines = columns.map { "\($0.name) \($0.declaration)" } + constraints
        return "CREATE TABLE \(table) (\n    " + lines.joined(separator: ",\n    ") + "\n)"
    }

    /// Columns a row binds, in table order (not those SQL fills in: a key, a rowid).
    let written: [Column<Row>]
    let writtenNames: [String]
    /// The value of each of `written`: what binding a whole row walks (not copying each column).
    private let writtenValues: [(Row) -> ColumnValue]
    /// Their readers from the row's bytes, where the column is a stored field (nil otherwise).
    private let writtenInPlace: [((UnsafeRawBufferPointer) -> ColumnValue)?]
    /// Columns a row is read from, in table order.
    let readable: [Column<Row>]
    let readableNames: [String]
    /// Columns never updated once written: the immutability trigger guards exactly these.
    var rawNames: [String] { columns.filter(\.isRaw).map(\.name) }

    /// The trigger that refuses an UPDATE of a raw column (P4), named `<table>_raw_immutable`.
    var immutabilityTriggerSQL: String {
        "CREATE TRIGGER \(table)_raw_immutable BEFORE UPDATE OF \(rawNames.joined(separator: ", ")) ON \(table)\n"
            + "BEGIN\n    SELECT RAISE(ABORT, 'raw columns of \(table) are immutable (P4)');\nEND"
    }

    /// `SELECT <readable columns> FROM <table>`, to be followed by WHERE/ORDER BY.
    var select: String { "SELECT \(readableNames.joined(separator: ", ")) FROM \(table)" }

    /// `INSERT INTO <table> (<written columns>) VALUES (?1, …)`, bound by `bind(_:to:)`.
    var insert: String {
        let placeholders = (1...writtenNames.count).map { "?\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(table) (\(writtenNames.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// The named columns (in table order) as `name = ?k` from `?first` on: the SET of an UPDATE
    /// that binds them with `bind(_:only:to:)` after its first `first - 1` parameters.
    func assignments(_ names: [String], from first: Int) -> String {
        let chosen = writtenNames.filter(names.contains)
        precondition(chosen.count == names.count, "\(table) has no column among \(names) missing from \(chosen)")
        return chosen.enumerated().map { "\($0.element) = ?\(first + $0.offset)" }.joined(separator: ", ")
    }

    /// Binds the values of the named columns (every written column when nil), in table order.
    /// Stored fields are read from one view of the row's bytes (`Column.valueInPlace`), not from a
    /// copy of the row per column; the binder's error is carried out of that view and thrown here
    /// (Swift 6.0's withUnsafeBytes rethrows only `any Error`).
    func bind(_ row: Row, only names: [String]? = nil, to binder: inout RowBinder) throws(SQLiteError) {
        let failure: SQLiteError? = withUnsafeBytes(of: row) { bytes in
            for (i, value) in writtenValues.enumerated() where names?.contains(writtenNames[i]) ?? true {
                do throws(SQLiteError) {
                    switch writtenInPlace[i]?(bytes) ?? value(row) {
                    case .integer(let v): try binder.add(v)
                    case .real(let v): try binder.add(v)
                    case .text(let v): try binder.add(v)
                    case .blob(let v): try binder.add(v)
                    }
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Reads the current row of a statement that selected `readableNames` in order (as `select`
    /// does) into `blank`; the first problem any column reports is returned instead of the row.
    func read(_ statement: SQLiteStatement, into blank: Row) -> Result<Row, ColumnProblem> {
        var row = blank
        for (i, column) in readable.enumerated() {
            guard let read = column.read else { continue }
            if let problem = read(&row, StoredValue(statement: statement, index: Int32(i))) {
                return .failure(ColumnProblem(column: column.name, problem: problem))
            }
        }
        return .success(row)
    }
}

/// A stored value that no row can hold, e.g. an unknown enum raw value.
struct ColumnProblem: Error {
    let column: String
    let problem: String
}
