internal import CSQLite

/// A prepared statement of a ``SQLiteDatabase``. Binding indexes start at 1, column indexes at 0, as in C.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: SQLiteDatabase
    private let sql: String

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Clears bindings and resets the statement for another run.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds an integer, or NULL for nil.
    func bind(_ index: Int32, _ value: Int64?) throws(SQLiteError) {
        let code = value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
        try database.check(code, "bind \(index)")
    }

    /// Binds a real, or NULL for nil or a non-finite value.
    func bind(_ index: Int32, _ value: Double?) throws(SQLiteError) {
        let code: Int32
        if let value, value.isFinite {
            code = sqlite3_bind_double(handle, index, value)
        } else {
            code = sqlite3_bind_null(handle, index)
        }
        try database.check(code, "bind \(index)")
    }

    /// Binds text, or NULL for nil.
    func bind(_ index: Int32, _ value: String?) throws(SQLiteError) {
        let code = value.map { sqlite3_bind_text(handle, index, $0, -1, csqlite_transient()) }
            ?? sqlite3_bind_null(handle, index)
        try database.check(code, "bind \(index)")
    }

    /// Steps once; true when a row is available.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw SQLiteError(code: code, operation: "step \(sql.prefix(40))", message: database.lastMessage)
    }

    /// Runs to completion and resets.
    func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: pointer)
    }
}
