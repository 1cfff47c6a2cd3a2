extension SQLiteConnection {
    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` and returns its result.
    ///
    /// IMMEDIATE takes the write lock up front, so a busy database fails at BEGIN (after the busy
    /// timeout) rather than half-way through a batch. A thrown error rolls back; if rolling back
    /// fails too, the body's error is thrown with the rollback's failure attached. Not reentrant:
    /// a nested call fails at BEGIN with SQLite's own error.
    public func inTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        if !isAutocommit && !isInsideTransactionBody {
            // A transaction left open by an earlier failed rollback: clear it so retries can work (P3).
            try execute("ROLLBACK")
        }
        try executeKept("BEGIN IMMEDIATE", &keptBegin)
        let result: T
        do {
            isInsideTransactionBody = true
            defer { isInsideTransactionBody = false }
            result = try body()
            try executeKept("COMMIT", &keptCommit)
        } catch {
            throw rollingBack(after: error)
        }
        return result
    }

    /// Rolls back if a transaction is still open. SQLite rolls back by itself after some errors
    /// (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM), and then there is nothing left to undo.
    private func rollingBack(after error: SQLiteError) -> SQLiteError {
        guard !isAutocommit else { return error }
        do {
            try execute("ROLLBACK")
            return error
        } catch let rollbackError {
            var first = error
            first.rollbackFailure = rollbackError.description
            return first
        }
    }
}
