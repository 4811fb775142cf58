internal import CSQLite

/// One SQLite connection. Every C call goes through ``check(_:_:)``, which turns result codes into
/// ``SQLiteError``.
///
/// `@unchecked Sendable` because a connection is opened with SQLITE_OPEN_NOMUTEX and must be used by one
/// thread at a time: its only owner, ``HistoryStore``, keeps each connection behind a `Mutex` and hands it
/// to code only inside the lock.
final class SQLiteDatabase: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The file, for messages.
    let path: String

    /// Opens (creating if needed) the database at `path`.
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var pointer: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard let pointer else {
            throw SQLiteError(code: code, operation: "open \(path)", message: "out of memory")
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(pointer))
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: code, operation: "open \(path)", message: message)
        }
        sqlite3_extended_result_codes(pointer, 1)
        // Wait for another connection's lock instead of failing at once (readers vs. checkpoints).
        sqlite3_busy_timeout(pointer, 2000)
        self.handle = pointer
        self.path = path
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: code, operation: "execute \(Self.abbreviate(sql))", message: message)
        }
    }

    /// Prepares `sql` for repeated use.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), "prepare \(Self.abbreviate(sql))")
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, operation: "prepare \(Self.abbreviate(sql))", message: "empty statement")
        }
        return SQLiteStatement(handle: statement, database: self, sql: sql)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The first column of the first row of `sql`, as text (for PRAGMAs).
    func scalarText(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The first column of the first row of `sql`, as an integer.
    func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int64(0)
    }

    /// Throws when `code` is not SQLITE_OK, SQLITE_ROW or SQLITE_DONE.
    func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(SQLiteError) {
        switch code & 0xFF {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default: throw SQLiteError(code: code, operation: operation(), message: lastMessage)
        }
    }

    /// Whether the main database file was unlinked or renamed while open (SQLite's `SQLITE_FCNTL_HAS_MOVED`:
    /// the unix VFS compares the inode at the path with the open file's), so writes go to a file nobody will
    /// find again.
    func hasMoved() throws(SQLiteError) -> Bool {
        var moved: Int32 = 0
        try check(sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved), "check whether \(path) moved")
        return moved != 0
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    private static func abbreviate(_ sql: String) -> String {
        let line = sql.split(whereSeparator: \.isNewline).first.map(String.init) ?? sql
        return line.count > 60 ? String(line.prefix(57)) + "..." : line
    }
}
