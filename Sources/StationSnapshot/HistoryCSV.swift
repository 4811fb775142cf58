import FoundationEssentials

/// `/api/v1/history.csv` and `breeze-station export --format csv`: a history series as RFC 4180 CSV, one
/// renderer for both so the bytes are the same.
///
/// ```
/// time,pm1_0_ug_m3,pm2_5_ug_m3,pm10_ug_m3,aqi,samples\r\n
/// 2025-03-01T12:00:00Z,4.1,6.3,9.0,35,3600\r\n
/// ```
/// Lines end in CRLF; a field is quoted (with `""` for a quote inside) when it holds a comma, a quote, CR or
/// LF. Concentrations have one decimal (µg/m³; PM2.5 corrected as the station's AQI uses it); an empty field
/// is a bucket without that value. The series is read from the store in pages of ``pageBuckets`` buckets
/// (see ``HistoryCSVStream``), so no export holds a year in memory.
public enum HistoryCSV {
    /// The header row's fields, units in the names.
    public static let columns = ["time", "pm1_0_ug_m3", "pm2_5_ug_m3", "pm10_ug_m3", "aqi", "samples"]
    /// The media type (RFC 4180 §3, with its `header` parameter).
    public static let contentType = "text/csv; charset=utf-8; header=present"
    /// Buckets read from the store per page.
    public static let pageBuckets = 500

    /// The header line, CRLF-terminated.
    public static var header: String { line(columns) }

    /// One point's line, CRLF-terminated.
    public static func row(_ point: HistoryPoint) -> String {
        line([
            ISO8601Time.format(point.time), tenths(point.pm1_0), tenths(point.pm2_5), tenths(point.pm10),
            point.aqi.map(String.init) ?? "", String(point.samples),
        ])
    }

    /// Fields joined with commas, each quoted when it must be, and CRLF.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field as RFC 4180 writes it: as is, or in double quotes with inner quotes doubled when it holds a
    /// comma, a double quote, CR or LF.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// The download's file name: `breeze-station-hour-20250301T000000Z-20250302T000000Z.csv`.
    public static func fileName(_ query: HistoryQuery) -> String {
        func compact(_ date: Date) -> String { ISO8601Time.format(date).filter { $0 != "-" && $0 != ":" } }
        return "breeze-station-\(query.resolution.rawValue)-\(compact(query.from))-\(compact(query.to)).csv"
    }

    /// `query` cut into consecutive sub-ranges of at most ``pageBuckets`` buckets each, oldest first.
    public static func pages(of query: HistoryQuery, buckets: Int = pageBuckets) -> [HistoryQuery] {
        let span = query.resolution.seconds * Double(max(1, buckets))
        var result: [HistoryQuery] = []
        var start = query.from
        while start < query.to {
            let end = min(query.to, start.addingTimeInterval(span))
            result.append(HistoryQuery(from: start, to: end, resolution: query.resolution))
            start = end
        }
        return result
    }

    /// A concentration with one decimal, empty when absent.
    static func tenths(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        let scaled = (value * 10).rounded()
        guard abs(scaled) < 1e15 else { return "" }
        let tenths = Int64(scaled)
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
