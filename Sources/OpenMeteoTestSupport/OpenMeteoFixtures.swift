public import Foundation

/// Answers shaped as Open-Meteo writes them (key order, Greek µ in units, `location_id` missing on the
/// first element of an array, integers for AQI, one decimal for concentrations), per
/// shared/reference/aqi.md §4, and as Google's Pollen API `forecast:lookup` answers.
public enum OpenMeteoFixtures {
    /// µg/m³ as Open-Meteo writes it: U+03BC GREEK SMALL LETTER MU.
    public static let greekMicrograms = "\u{03BC}g/m\u{00B3}"

    /// The scenario's current hour in the place's local time (Europe/Berlin, UTC+1): 2026-11-30 15:00,
    /// which is 14:00 UTC.
    public static let currentLocalTime = "2026-11-30T15:00"
    /// `currentLocalTime` as a date: 2026-11-30T14:00:00Z.
    public static let currentTime = Date(timeIntervalSince1970: 1_796_047_200)
    /// The first hour of the `hourly` block (yesterday 00:00 local = 2026-11-28T23:00Z), 48 hours.
    public static let firstHourlyTime = currentTime.addingTimeInterval(-39 * 3600)

    /// Model PM2.5 of hourly index `i` (0 = first hour): 12.0 ... 17.0 in a 6-hour cycle.
    public static func modelPM25(_ index: Int) -> Double { 12.0 + Double(index % 6) }
    /// Model PM10 of hourly index `i`: PM2.5 + 6.
    public static func modelPM10(_ index: Int) -> Double { modelPM25(index) + 6 }

    /// The `european_aqi*` members of the scenario's `current` block (Open-Meteo's older-band 0-100+ scale).
    public static let europeanAQIMembers = #""european_aqi":38,"european_aqi_pm2_5":38,"european_aqi_pm10":17"#

    /// The single-location answer for the station's place; `european` is the `european_aqi*` members written
    /// into `current` (empty for none).
    public static func currentAirQuality(
        latitude: Double = 52.52, longitude: Double = 13.419998, european: String = europeanAQIMembers
    ) -> String {
        let times = (0..<48).map { hour -> String in
            let day = hour < 24 ? "2026-11-29" : "2026-11-30"
            return "\"\(day)T\(String(format: "%02d", hour % 24)):00\""
        }
        let pm25 = (0..<48).map { String(format: "%.1f", modelPM25($0)) }
        let pm10 = (0..<48).map { String(format: "%.1f", modelPM10($0)) }
        let units = "\"\(greekMicrograms)\""
        return """
            {"latitude":\(latitude),"longitude":\(longitude),"generationtime_ms":0.73,"utc_offset_seconds":3600,\
            "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,\
            "current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","us_aqi_pm2_5":"USAQI",\
            "us_aqi_pm10":"USAQI","pm10":\(units),"pm2_5":\(units),"carbon_monoxide":\(units),\
            "nitrogen_dioxide":\(units),"sulphur_dioxide":\(units),"ozone":\(units)},\
            "current":{"time":"\(currentLocalTime)","interval":3600,"us_aqi":72,"us_aqi_pm2_5":61,"us_aqi_pm10":14,\
            "pm10":21.3,"pm2_5":17.9,"carbon_monoxide":210.0,"nitrogen_dioxide":18.4,"sulphur_dioxide":2.1,\
            "ozone":31.0\(european.isEmpty ? "" : "," + european)},\
            "hourly_units":{"time":"iso8601","pm2_5":\(units),"pm10":\(units)},\
            "hourly":{"time":[\(times.joined(separator: ","))],"pm2_5":[\(pm25.joined(separator: ","))],\
            "pm10":[\(pm10.joined(separator: ","))]}}
            """
    }

    /// ``currentAirQuality(latitude:longitude:)`` with values of its `current` block replaced, e.g.
    /// `["pm2_5": "1e19"]` or `["time": "\"1999-01-01T00:00\""]` (the JSON text of each new value).
    public static func currentAirQuality(replacingCurrent values: [String: String]) -> String {
        var text = currentAirQuality()
        guard let current = text.range(of: "\"current\":{") else { return text }
        for (key, value) in values {
            // The key inside `current` (after "current":{), not the same key of `current_units` or `hourly`.
            let pattern = "\"\(key)\":"
            guard let start = text.range(of: pattern, range: current.upperBound..<text.endIndex) else { continue }
            let end = text[start.upperBound...].firstIndex(where: { $0 == "," || $0 == "}" }) ?? text.endIndex
            text.replaceSubrange(start.upperBound..<end, with: value)
        }
        return text
    }

    /// US AQI of city `i` in a batched answer: 40, 55, 70, ...
    public static func cityAQI(_ index: Int) -> Int { 40 + 15 * index }

    /// One location object of a batched city answer; `location_id` is written only when not 0.
    public static func city(index: Int, latitude: Double, longitude: Double) -> String {
        let id = index == 0 ? "" : "\"location_id\":\(index),"
        let units = "\"\(greekMicrograms)\""
        return """
            {"latitude":\(latitude),"longitude":\(longitude),"generationtime_ms":0.4,"utc_offset_seconds":3600,\
            "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":40.0,\(id)\
            "current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","us_aqi_pm2_5":"USAQI",\
            "us_aqi_pm10":"USAQI","pm2_5":\(units),"pm10":\(units)},\
            "current":{"time":"\(currentLocalTime)","interval":3600,"us_aqi":\(cityAQI(index)),\
            "us_aqi_pm2_5":\(cityAQI(index) - 2),"us_aqi_pm10":\(10 + index),"pm2_5":\(10 + index).5,"pm10":\(20 + index).0}}
            """
    }

    /// A batched answer: an array for several locations, a bare object for one.
    public static func cities(latitudes: [Double], longitudes: [Double]) -> String {
        let objects = zip(latitudes, longitudes).enumerated().map { city(index: $0.offset, latitude: $0.element.0, longitude: $0.element.1) }
        return objects.count == 1 ? objects[0] : "[" + objects.joined(separator: ",") + "]"
    }

    /// Open-Meteo's pollen answer (Europe).
    public static let pollen = """
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.3,"utc_offset_seconds":3600,\
        "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,\
        "current_units":{"time":"iso8601","interval":"seconds","alder_pollen":"grains/m\u{00B3}",\
        "birch_pollen":"grains/m\u{00B3}","grass_pollen":"grains/m\u{00B3}","mugwort_pollen":"grains/m\u{00B3}",\
        "olive_pollen":"grains/m\u{00B3}","ragweed_pollen":"grains/m\u{00B3}"},\
        "current":{"time":"2026-04-20T15:00","interval":3600,"alder_pollen":1.2,"birch_pollen":95.0,\
        "grass_pollen":7.5,"mugwort_pollen":0.0,"olive_pollen":null,"ragweed_pollen":0.3}}
        """

    /// Open-Meteo's pollen answer outside Europe: every value `null`.
    public static let pollenOutsideEurope = """
        {"latitude":40.7,"longitude":-74.0,"generationtime_ms":0.3,"utc_offset_seconds":-18000,\
        "timezone":"America/New_York","timezone_abbreviation":"EST","elevation":10.0,\
        "current_units":{"time":"iso8601","interval":"seconds","alder_pollen":"grains/m\u{00B3}"},\
        "current":{"time":"2026-04-20T10:00","interval":3600,"alder_pollen":null,"birch_pollen":null,\
        "grass_pollen":null,"mugwort_pollen":null,"olive_pollen":null,"ragweed_pollen":null}}
        """

    /// The Breeze app's pollen proxy: Google's `forecast:lookup` shape, one day.
    public static let googlePollen = """
        {"regionCode":"DE","dailyInfo":[{"date":{"year":2026,"month":4,"day":20},
        "pollenTypeInfo":[
         {"code":"GRASS","displayName":"Grass","inSeason":true,
          "indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":3,"category":"Moderate",
           "indexDescription":"People with high allergy to pollen are likely to experience symptoms",
           "color":{"red":1,"green":0.8,"blue":0}},
          "healthRecommendations":["Consider reducing outdoor activities","Keep windows closed"]},
         {"code":"TREE","displayName":"Tree","inSeason":true,
          "indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":4,"category":"High",
           "indexDescription":"People with allergy to pollen are likely to experience symptoms",
           "color":{"red":1,"green":0.5}},
          "healthRecommendations":["Limit time outdoors"]},
         {"code":"WEED","displayName":"Weed","inSeason":false}],
        "plantInfo":[
         {"code":"GRAMINALES","displayName":"Grasses","inSeason":true,
          "indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":3,"category":"Moderate",
           "indexDescription":"People with high allergy to pollen are likely to experience symptoms",
           "color":{"red":1,"green":0.8}},
          "plantDescription":{"type":"GRASS","family":"Poaceae","season":"Late spring, summer",
           "specialColors":"Green flowers","crossReaction":"Other grasses",
           "picture":"https://example.com/grass.jpg"}},
         {"code":"BIRCH","displayName":"Birch","inSeason":true,
          "indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":4,"category":"High",
           "indexDescription":"People with allergy to pollen are likely to experience symptoms",
           "color":{"red":1,"green":0.5}},
          "plantDescription":{"type":"TREE","family":"Betulaceae (the Birch family)","season":"Spring",
           "specialColors":"Catkins","picture":"https://example.com/birch.jpg"}},
         {"code":"OAK","displayName":"Oak","inSeason":false,
          "plantDescription":{"type":"TREE","family":"Fagaceae","season":"Spring"}}]}]}
        """

    /// The geocoding answer for `Berlin` (5 candidates, as `count=5` asks).
    public static let berlinSearch = """
        {"results":[
        {"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"elevation":74.0,"feature_code":"PPLC",\
        "country_code":"DE","admin1_id":2950157,"timezone":"Europe/Berlin","population":3426354,"country_id":2921044,\
        "country":"Germany","admin1":"Land Berlin"},
        {"id":5083330,"name":"Berlin","latitude":44.46867,"longitude":-71.18508,"elevation":311.0,"feature_code":"PPL",\
        "country_code":"US","admin1_id":5090174,"timezone":"America/New_York","population":9367,"country_id":6252001,\
        "country":"United States","admin1":"New Hampshire"},
        {"id":4348460,"name":"Berlin","latitude":38.32262,"longitude":-75.21769,"elevation":12.0,"feature_code":"PPL",\
        "country_code":"US","admin1_id":4361885,"timezone":"America/New_York","population":4485,"country_id":6252001,\
        "country":"United States","admin1":"Maryland"},
        {"id":5245497,"name":"Berlin","latitude":43.96804,"longitude":-88.94345,"elevation":235.0,"feature_code":"PPL",\
        "country_code":"US","admin1_id":5279468,"timezone":"America/Chicago","population":5524,"country_id":6252001,\
        "country":"United States","admin1":"Wisconsin"},
        {"id":4930956,"name":"Berlin","latitude":42.38120,"longitude":-71.63701,"elevation":118.0,"feature_code":"PPL",\
        "country_code":"US","admin1_id":6254926,"timezone":"America/New_York","population":2422,"country_id":6252001,\
        "country":"United States","admin1":"Massachusetts"}],
        "generationtime_ms":0.8}
        """

    /// A geocoding answer that found nothing: no `results` key at all.
    public static let emptySearch = #"{"generationtime_ms":0.2}"#

    /// The archive's daily maximum of `date` (`YYYY-MM-DD`), `null` when `value` is nil.
    public static func archiveDay(_ date: String, value: Double?) -> String {
        let text = value.map { String(format: "%.1f", $0) } ?? "null"
        return """
            {"latitude":52.5,"longitude":13.400009,"generationtime_ms":0.2,"utc_offset_seconds":3600,\
            "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,\
            "daily_units":{"time":"iso8601","temperature_2m_max":"°C"},\
            "daily":{"time":["\(date)"],"temperature_2m_max":[\(text)]}}
            """
    }

    /// The archive's value for `year` in the scenario: 20.0 °C in 1980, +0.3 °C per decade.
    public static func archiveTemperature(year: Int) -> Double { 20.0 + Double(year - 1980) * 0.03 }

    /// The forecast API's current humidity answer.
    public static let humidity = """
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.1,"utc_offset_seconds":3600,\
        "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,\
        "current_units":{"time":"iso8601","interval":"seconds","relative_humidity_2m":"%","temperature_2m":"°C"},\
        "current":{"time":"2026-11-30T15:00","interval":900,"relative_humidity_2m":81,"temperature_2m":4.2}}
        """

    /// Open-Meteo's error body.
    public static func errorBody(_ reason: String) -> String { #"{"error":true,"reason":"\#(reason)"}"# }
}
