import AirQuality
import CheckedConversions
/// The history database's layout.
///
/// Concentrations, temperature and humidity are stored as integers in hundredths (µg/m³ × 100, °C × 100,
/// % × 100): SQLite writes small integers in 1-3 bytes, against 8 for a REAL, which keeps a year of minute
/// rows near 24 MB on the SD card (HistoryStoreYearTests); a hundredth is far below any sensor's resolution.
enum HistorySchema {
    /// `PRAGMA user_version` of a current file. 1: minutes and hours; 2: the upload outbox; 3:
    /// `pm25_corrected` (PM2.5 as the station showed it, beside the raw `pm25`) in both tables.
    static let version = 3

    /// Per-connection settings.
    static let connectionPragmas = """
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = NORMAL;
        PRAGMA journal_size_limit = 4194304;
        PRAGMA foreign_keys = OFF;
        """

    static let creation = """
        CREATE TABLE IF NOT EXISTS minute (
            minute INTEGER PRIMARY KEY,
            n INTEGER NOT NULL,
            pm1 INTEGER, pm1_min INTEGER, pm1_max INTEGER,
            pm25 INTEGER, pm25_min INTEGER, pm25_max INTEGER,
            pm10 INTEGER, pm10_min INTEGER, pm10_max INTEGER,
            pm25_cf1 INTEGER, temperature INTEGER, humidity INTEGER, pm25_corrected INTEGER
        );
        CREATE TABLE IF NOT EXISTS hour (
            hour INTEGER PRIMARY KEY,
            minutes INTEGER NOT NULL,
            pm1 INTEGER, pm25 INTEGER, pm10 INTEGER,
            pm25_cf1 INTEGER, temperature INTEGER, humidity INTEGER, pm25_corrected INTEGER
        );
        """ + outboxCreation

    /// What takes a file of `version` to the next version, by version (run in order, each in the transaction
    /// that also sets the new `user_version`, so a crash leaves either the old layout or the new one).
    /// Old rows keep `pm25_corrected` NULL: the history then corrects their raw value with the configured
    /// correction, as before.
    static let migrations: [Int64: String] = [
        1: outboxCreation,
        2: """
            ALTER TABLE minute ADD COLUMN pm25_corrected INTEGER;
            ALTER TABLE hour ADD COLUMN pm25_corrected INTEGER;
            """,
    ]

    /// Minutes a community service (openSenseMap) has not accepted yet: a key into `minute`, so a minute's
    /// values are stored once and a rewritten minute goes out with its newest values.
    static let outboxCreation = """
        CREATE TABLE IF NOT EXISTS upload_outbox (
            service TEXT NOT NULL,
            minute INTEGER NOT NULL,
            PRIMARY KEY (service, minute)
        ) WITHOUT ROWID;
        """

    static let insertOutbox = "INSERT OR IGNORE INTO upload_outbox (service, minute) VALUES (?1, ?2)"

    /// The oldest minutes waiting for a service, with their values (an entry whose minute row is gone is
    /// skipped; the purge removes it).
    static let selectOutbox = """
        SELECT m.minute, m.n, m.pm1, m.pm1_min, m.pm1_max, m.pm25, m.pm25_min, m.pm25_max, m.pm10, m.pm10_min,
               m.pm10_max, m.pm25_cf1, m.temperature, m.humidity
        FROM upload_outbox o JOIN minute m ON m.minute = o.minute
        WHERE o.service = ?1 ORDER BY o.minute LIMIT ?2
        """

    static let countOutbox = "SELECT count(*) FROM upload_outbox WHERE service = ?1"

    static let deleteOutbox = "DELETE FROM upload_outbox WHERE service = ?1 AND minute = ?2"

    static let purgeOutbox = "DELETE FROM upload_outbox WHERE minute < ?1"

    static let insertMinute = """
        INSERT OR REPLACE INTO minute
            (minute, n, pm1, pm1_min, pm1_max, pm25, pm25_min, pm25_max, pm10, pm10_min, pm10_max,
             pm25_cf1, temperature, humidity, pm25_corrected)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
        """

    /// Recomputes one hour's row from its minutes (each minute counts once).
    static let refreshHour = """
        INSERT OR REPLACE INTO hour (hour, minutes, pm1, pm25, pm10, pm25_cf1, temperature, humidity, pm25_corrected)
        SELECT ?1, count(*), round(avg(pm1)), round(avg(pm25)), round(avg(pm10)),
               round(avg(pm25_cf1)), round(avg(temperature)), round(avg(humidity)), round(avg(pm25_corrected))
        FROM minute WHERE minute >= ?1 * 60 AND minute < (?1 + 1) * 60
        HAVING count(*) > 0
        """

    static let selectMinutes = """
        SELECT minute, n, pm1, pm1_min, pm1_max, pm25, pm25_min, pm25_max, pm10, pm10_min, pm10_max,
               pm25_cf1, temperature, humidity, pm25_corrected
        FROM minute WHERE minute >= ?1 AND minute < ?2 ORDER BY minute LIMIT ?3
        """

    static let selectHours = """
        SELECT hour, minutes, pm1, pm25, pm10, pm25_cf1, temperature, humidity, pm25_corrected
        FROM hour WHERE hour >= ?1 AND hour < ?2 ORDER BY hour LIMIT ?3
        """

    static let purgeMinutes = "DELETE FROM minute WHERE minute < ?1"

    /// Hundredths for storage; a value beyond what 64 bits of hundredths hold is stored as unknown.
    static func encode(_ value: Double?) -> Int64? {
        guard let value, value.isFinite else { return nil }
        return Int64(rounding: value * 100)
    }

    /// Back from hundredths.
    static func decode(_ value: Int64?) -> Double? {
        value.map { Double($0) / 100 }
    }
}
