/// What a row binds to a column; nil binds NULL.
enum ColumnValue: Equatable {
    case integer(Int64?)
    case real(Double?)
    case text(String?)
    case blob([UInt8]?)
}

/// One column of a table, described once: its name, its SQL declaration, whether it is raw
/// (written once, never updated: P4), the value a row binds to it and how a read value goes back
/// into a row. The table's CREATE TABLE text, its immutability trigger, its INSERT, UPDATE and
/// SELECT lists, its binding and its reading are all derived from the one list of these, so a
/// column cannot be bound in one place and read under another name elsewhere.
///
/// Unchecked: the closures and key paths are created once, in static column lists, and never mutated.
struct Column<Row>: @unchecked Sendable {
    typealias Value = ColumnValue

    let name: String
    /// What follows the name in CREATE TABLE ("REAL", "INTEGER NOT NULL DEFAULT 0", …).
    let declaration: String
    let isRaw: Bool
    /// Columns that a row does not carry (a key computed in SQL, say) have no value to bind.
    let value: ((Row) -> Value)?
    /// The same value read from the bytes of a row already in memory: a stored field at a fixed
    /// offset. Binding a whole row reads these from one view of it (`ColumnTable.bind`); through
    /// `value` each column copied the row (about 300 bytes a fix, three times a column: 7.7 % of
    /// the commit thread's instructions at 10 Hz were memcpy). nil for computed columns.
    let valueInPlace: ((UnsafeRawBufferPointer) -> Value)?
    /// Stores the read value in the row; returns what is wrong with it when it is unusable.
    let read: ((inout Row, StoredValue) -> String?)?

    init(_ name: String, _ declaration: String, raw: Bool = false,
         value: ((Row) -> Value)?, valueInPlace: ((UnsafeRawBufferPointer) -> Value)? = nil,
         read: ((inout Row, StoredValue) -> String?)?) {
        self.name = name; self.declaration = declaration; self.isRaw = raw
        self.value = value; self.valueInPlace = valueInPlace; self.read = read
    }

    /// The same column for a row that holds this one's row in `field`.
    func lifted<Outer>(_ field: WritableKeyPath<Outer, Row>) -> Column<Outer> {
        var outerValue: ((Outer) -> ColumnValue)?
        if let value { outerValue = { (outer: Outer) -> ColumnValue in value(outer[keyPath: field]) } }
        var outerRead: ((inout Outer, StoredValue) -> String?)?
        if let read { outerRead = { (outer: inout Outer, stored: StoredValue) -> String? in read(&outer[keyPath: field], stored) } }
        return Column<Outer>(name, declaration, raw: isRaw, value: outerValue, read: outerRead)
    }

    /// A column that holds `field` as `encode` gives it and reads it back with `decode` (refusing no value).
    private static func field<T>(_ name: String, _ declaration: String, _ raw: Bool, _ field: WritableKeyPath<Row, T>,
                                 _ encode: @escaping (T) -> Value, _ decode: @escaping (StoredValue) -> T) -> Column {
        Column(name, declaration, raw: raw, value: storedReader(field, encode), valueInPlace: inPlaceReader(field, encode),
               read: { row, stored in row[keyPath: field] = decode(stored); return nil })
    }

    /// Reads `field` for binding. A stored property (nested ones too) lies at a fixed offset in the
    /// row, read there in place: the key path's runtime walk, for every column of every fix
    /// committed, was ~3% of the commit thread's CPU. Anything else goes through the key path.
    private static func storedReader<T>(_ field: WritableKeyPath<Row, T>, _ encode: @escaping (T) -> Value) -> (Row) -> Value {
        guard let offset = MemoryLayout<Row>.offset(of: field) else { return { encode($0[keyPath: field]) } }
        return { row in withUnsafeBytes(of: row) { encode($0.load(fromByteOffset: offset, as: T.self)) } }
    }

    /// Reads a stored `field` from the row's bytes at its fixed offset; nil for a computed property.
    private static func inPlaceReader<T>(_ field: WritableKeyPath<Row, T>, _ encode: @escaping (T) -> Value)
        -> ((UnsafeRawBufferPointer) -> Value)? {
        guard let offset = MemoryLayout<Row>.offset(of: field) else { return nil }
        return { row in encode(row.load(fromByteOffset: offset, as: T.self)) }
    }

    // Fields that need no conversion, by Swift type; nil is NULL.
    static func real(_ name: String, sql: String = "REAL", raw: Bool = false, _ f: WritableKeyPath<Row, Double?>) -> Column {
        field(name, sql, raw, f, { .real($0) }, { $0.optionalDouble })
    }

    static func real(_ name: String, sql: String = "REAL NOT NULL", raw: Bool = false, _ f: WritableKeyPath<Row, Double>) -> Column {
        field(name, sql, raw, f, { .real($0) }, { $0.double })
    }

    static func integer(_ name: String, sql: String = "INTEGER", raw: Bool = false, _ f: WritableKeyPath<Row, Int?>) -> Column {
        field(name, sql, raw, f, { .integer($0.map(Int64.init)) }, { $0.optionalInt })
    }

    static func integer(_ name: String, sql: String = "INTEGER NOT NULL", raw: Bool = false, _ f: WritableKeyPath<Row, Int>) -> Column {
        field(name, sql, raw, f, { .integer(Int64($0)) }, { $0.int })
    }

    static func integer(_ name: String, sql: String = "INTEGER", raw: Bool = false, _ f: WritableKeyPath<Row, Int64?>) -> Column {
        field(name, sql, raw, f, { .integer($0) }, { $0.optionalInt64 })
    }

    static func integer(_ name: String, sql: String = "INTEGER NOT NULL", raw: Bool = false, _ f: WritableKeyPath<Row, Int64>) -> Column {
        field(name, sql, raw, f, { .integer($0) }, { $0.int64 })
    }

    /// An unsigned 64-bit time, stored as the signed integer with the same bits.
    static func bits(_ name: String, sql: String = "INTEGER NOT NULL", raw: Bool = false, _ f: WritableKeyPath<Row, UInt64>) -> Column {
        field(name, sql, raw, f, { .integer(Int64(bitPattern: $0)) }, { UInt64(bitPattern: $0.int64) })
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
    var isBlob: Bool { statement.isBlob(at: index) }
    var blob: [UInt8] { statement.blob(at: index) ?? [] }
}
