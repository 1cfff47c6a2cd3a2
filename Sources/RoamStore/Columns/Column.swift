/// One column of a table, described once: its name, its SQL declaration, whether it is raw
/// (written once, never updated: P4), the value a row binds to it and how a read value goes back
/// into a row. The table's CREATE TABLE text, its immutability trigger, its INSERT, UPDATE and
/// SELECT lists, its binding and its reading are all derived from the one list of these, so a
/// column cannot be bound in one place and read under another name elsewhere.
///
/// Unchecked: the closures and key paths are created once, in static column lists, and never mutated.
struct Column<Row>: @unchecked Sendable {
    /// What a row binds to a column; nil binds NULL.
    enum Value: Equatable {
        case integer(Int64?)
        case real(Double?)
        case text(String?)
    }

    let name: String
    /// What follows the name in CREATE TABLE ("REAL", "INTEGER NOT NULL DEFAULT 0", …).
    let declaration: String
    let isRaw: Bool
    /// Columns that a row does not carry (a key computed in SQL, say) have no value to bind.
    let value: ((Row) -> Value)?
    /// Stores the read value in the row; returns what is wrong with it when it is unusable.
    let read: ((inout Row, StoredValue) -> String?)?

    init(_ name: String, _ declaration: String, raw: Bool = false,
         value: ((Row) -> Value)?, read: ((inout Row, StoredValue) -> String?)?) {
        self.name = name; self.declaration = declaration; self.isRaw = raw
        self.value = value; self.read = read
    }

    /// The same column for a row that holds this one's row in `field`.
    func lifted<Outer>(_ field: WritableKeyPath<Outer, Row>) -> Column<Outer> {
        var outerValue: ((Outer) -> Column<Outer>.Value)?
        if let value = self.value {
            outerValue = { (outer: Outer) -> Column<Outer>.Value in
                switch value(outer[keyPath: field]) {
                case .integer(let v): return .integer(v)
                case .real(let v): return .real(v)
                case .text(let v): return .text(v)
                }
            }
        }
        var outerRead: ((inout Outer, StoredValue) -> String?)?
        if let read = self.read {
            outerRead = { (outer: inout Outer, stored: StoredValue) -> String? in read(&outer[keyPath: field], stored) }
        }
        return Column<Outer>(name, declaration, raw: isRaw, value: outerValue, read: outerRead)
    }

    /// A column whose field needs no conversion.
    static func real(_ name: String, sql declaration: String = "REAL", raw: Bool = false,
                     _ field: WritableKeyPath<Row, Double?>) -> Column {
        Column(name, declaration, raw: raw, value: { .real($0[keyPath: field]) },
               read: { row, stored in row[keyPath: field] = stored.optionalDouble; return nil })
    }

    static func real(_ name: String, sql declaration: String = "REAL NOT NULL", raw: Bool = false,
                     _ field: WritableKeyPath<Row, Double>) -> Column {
        Column(name, declaration, raw: raw, value: { .real($0[keyPath: field]) },
               read: { row, stored in row[keyPath: field] = stored.double; return nil })
    }

    static func integer(_ name: String, sql declaration: String = "INTEGER", raw: Bool = false,
                        _ field: WritableKeyPath<Row, Int?>) -> Column {
        Column(name, declaration, raw: raw, value: { .integer($0[keyPath: field].map(Int64.init)) },
               read: { row, stored in row[keyPath: field] = stored.optionalInt; return nil })
    }

    static func integer(_ name: String, sql declaration: String = "INTEGER NOT NULL", raw: Bool = false,
                        _ field: WritableKeyPath<Row, Int>) -> Column {
        Column(name, declaration, raw: raw, value: { .integer(Int64($0[keyPath: field])) },
               read: { row, stored in row[keyPath: field] = stored.int; return nil })
    }

    static func integer(_ name: String, sql declaration: String = "INTEGER", raw: Bool = false,
                        _ field: WritableKeyPath<Row, Int64?>) -> Column {
        Column(name, declaration, raw: raw, value: { .integer($0[keyPath: field]) },
               read: { row, stored in row[keyPath: field] = stored.optionalInt64; return nil })
    }

    static func integer(_ name: String, sql declaration: String = "INTEGER NOT NULL", raw: Bool = false,
                        _ field: WritableKeyPath<Row, Int64>) -> Column {
        Column(name, declaration, raw: raw, value: { .integer($0[keyPath: field]) },
               read: { row, stored in row[keyPath: field] = stored.int64; return nil })
    }

    /// An unsigned 64-bit time, stored as the signed integer with the same bits.
    static func bits(_ name: String, sql declaration: String = "INTEGER NOT NULL", raw: Bool = false,
                     _ field: WritableKeyPath<Row, UInt64>) -> Column {
        Column(name, declaration, raw: raw, value: { .integer(Int64(bitPattern: $0[keyPath: field])) },
               read: { row, stored in row[keyPath: field] = UInt64(bitPattern: stored.int64); return nil })
    }
}

/// One result column of the current row, read with the accessor its column's type calls for.
struct StoredValue {
    let statement: SQLiteStatement
    let index: Int32

    var int64: Int64 { statement.int64(at: index) }
    var optionalInt64: Int64? { statement.optionalInt64(at: index) }
    var int: Int { statement.int(at: index) }
    var optionalInt: Int? { statement.optionalInt(at: index) }
    var double: Double { statement.double(at: index) }
    var optionalDouble: Double? { statement.optionalDouble(at: index) }
    var text: String { statement.text(at: index) }
}
