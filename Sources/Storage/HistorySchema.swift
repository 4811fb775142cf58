import AirQuality
/// The history database's layout.
///
/// Concentrations, temperature and humidity are stored as integers in hundredths (µg/m³ × 100, °C × 100,
/// % × 100): SQLite writes small integers in 1-3 bytes, against 8 for a REAL, which keeps a year of minute
/// rows near 24 MB on the SD card (HistoryStoreYearTests); a hundredth is far below any sensor's resolution.
enum HistorySchema {
    /// 2 added `pm25_corrected` (PM2.5 as the station showed it, beside the raw `pm25`) to both tables;
    /// ``migrations`` bring an older file up to date without touching its rows.
    static let version = 2

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
        """

    /// The statements that bring a file of version N-1 to N, by N. Old rows keep `pm25_corrected` NULL: the
    /// history then corrects their raw value with the configured correction, as before.
    static let migrations: [Int: String] = [
        2: """
            ALTER TABLE minute ADD COLUMN pm25_corrected INTEGER;
            ALTER TABLE hour ADD COLUMN pm25_corrected INTEGER;
            """
    ]

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
