/// Which sensor's rows: the station's own (`sensor`, tables `minute` and `hour`) or the second sensor's
/// (`sensor_b`, tables `minute_b` and `hour_b`, the same layout).
///
/// Channel B's tables are created with `CREATE TABLE IF NOT EXISTS` each time a database is opened, so a
/// database written before a second sensor existed gains them on its next open with every row it holds kept,
/// and no schema version is spent on them. Their statements are channel A's with the table names changed
/// (``statement(_:)``), so a column added to channel A's tables is added to B's too.
public enum HistoryChannel: Sendable, Hashable {
    /// `sensor`.
    case a
    /// `sensor_b`.
    case b

    /// `sql` (one of ``HistorySchema``'s statements, written for channel A) for this channel's tables.
    func statement(_ sql: String) -> String {
        guard self == .b else { return sql }
        return sql
            .replacingTable("minute", with: "minute_b")
            .replacingTable("hour", with: "hour_b")
    }
}

extension String {
    /// `self` with the table `name` (after `TABLE IF NOT EXISTS`, `INTO` or `FROM`) renamed; columns of the
    /// same name are left alone.
    fileprivate func replacingTable(_ name: String, with replacement: String) -> String {
        var text = self
        for keyword in ["TABLE IF NOT EXISTS ", "INTO ", "FROM "] {
            for separator in [" ", "\n", "("] {
                text = text.replacing(keyword + name + separator, with: keyword + replacement + separator)
            }
        }
        return text
    }
}
