import Testing
@testable import RoamStore

@Suite struct TransactionTests {
    private func connection(_ dir: TemporaryDirectory) throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: dir.path(), mode: .readWrite)
        try db.execute("CREATE TABLE t (v INTEGER PRIMARY KEY)")
        return db
    }

    @Test("The body's result is returned after COMMIT")
    func commitsAndReturns() throws {
        let dir = try TemporaryDirectory()
        let db = try connection(dir)
        let value = try db.inTransaction { () throws(SQLiteError) -> Int in
            try db.execute("INSERT INTO t VALUES (1)")
            return 42
        }
        #expect(value == 42)
        #expect(db.isAutocommit)
        #expect(try db.count("SELECT count(*) FROM t") == 1)
    }

    @Test("A thrown error rolls back everything and is rethrown unchanged")
    func throwRollsBack() throws {
        let dir = try TemporaryDirectory()
        let db = try connection(dir)
        let error = try requireError(SQLiteError.self) {
            try db.inTransaction { () throws(SQLiteError) in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(error.code == .constraintPrimaryKey)
        #expect(error.sql == "INSERT INTO t VALUES (1)")
        #expect(error.rollbackFailure == nil)
        #expect(db.isAutocommit)
        #expect(try db.count("SELECT count(*) FROM t") == 0)
    }

    @Test("A nested transaction fails at BEGIN and the outer one still rolls back")
    func nestingFailsLoudly() throws {
        let dir = try TemporaryDirectory()
        let db = try connection(dir)
        #expect(throws: SQLiteError.self) {
            try db.inTransaction { () throws(SQLiteError) in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.inTransaction { () throws(SQLiteError) in try db.execute("INSERT INTO t VALUES (2)") }
            }
        }
        #expect(try db.count("SELECT count(*) FROM t") == 0)
    }

    @Test("A transaction left open on the connection is rolled back before the next one")
    func leftoverTransactionIsCleared() throws {
        let dir = try TemporaryDirectory()
        let db = try connection(dir)
        try db.execute("BEGIN; INSERT INTO t VALUES (9)")
        try db.inTransaction { () throws(SQLiteError) in try db.execute("INSERT INTO t VALUES (1)") }
        #expect(try db.singleText("SELECT group_concat(v) FROM t") == "1")
    }
}
