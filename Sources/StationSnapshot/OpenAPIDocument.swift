public import JSON
import AirQuality
import Diagnostics

/// `GET /openapi.json`: an OpenAPI 3.1 description of every route. The endpoint's tests validate real
/// responses of every route against these schemas, so the document cannot drift from the code.
public enum OpenAPIDocument {
    /// The routes the document describes, in order.
    public static let paths = [
        "/", "/api/v1/current", "/api/v1/history", "/api/v1/history.csv", "/api/v1/cities", "/api/v1/pollen", "/api/v1/climate",
        "/api/v1/share", "/metrics", "/healthz", "/readyz", "/openapi.json",
    ]

    /// The document.
    public static func render() -> JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Breeze Station",
                "version": .string(BuildInfo.version),
                "description": "Read-only HTTP API of an air-quality station. Every route answers GET and HEAD; other methods get 405 with Allow: GET, HEAD. Errors are JSON {\"error\", \"status\"}. API routes send Access-Control-Allow-Origin: *; resources carry an ETag and answer a matching If-None-Match with 304.",
                "license": ["name": "See the project's repository"],
            ],
            "paths": .object(pathItems()),
            "components": ["schemas": schemas(), "responses": sharedResponses()],
        ]
    }

    static func pathItems() -> [(key: String, value: JSONValue)] {
        [
            ("/", get("The status page (HTML, no external assets).", ok: content("text/html", ["type": "string"]))),
            ("/api/v1/current", get(
                "The station now: sensor, AQI, Open-Meteo reference, reconciliation and LEDs.",
                ok: content("application/json", ref("Current")), extra: [("503", ref(response: "Error"))])),
            ("/api/v1/history", get(
                "Series from the station's store.",
                parameters: historyParameters(),
                ok: content("application/json", ref("History")),
                extra: [("400", ref(response: "Error")), ("503", ref(response: "Error"))])),
            ("/api/v1/history.csv", get(
                "The same series as /api/v1/history as an RFC 4180 CSV download (CRLF line ends), streamed: a header row time,pm1_0_ug_m3,pm2_5_ug_m3,pm10_ug_m3,aqi,samples, then one row per bucket (µg/m³ to 0.1; empty fields for missing values). Content-Disposition: attachment; filename=\"breeze-station-<resolution>-<from>-<to>.csv\". Errors are JSON.",
                parameters: historyParameters(),
                ok: [
                    "description": "OK",
                    "headers": ["Content-Disposition": ["schema": ["type": "string"]]],
                    "content": ["text/csv": ["schema": ["type": "string"]]],
                ],
                extra: [("400", ref(response: "Error")), ("503", ref(response: "Error"))])),
            ("/api/v1/cities", service("Air quality in the configured cities (Open-Meteo).")),
            ("/api/v1/pollen", service("Pollen at the station's place (Open-Meteo).")),
            ("/api/v1/climate", service("The climate history of today's date at the station's place (Open-Meteo).")),
            ("/api/v1/share", get(
                "The share line, e.g. \"Air Quality in Balcony: AQI 57 - Moderate\".",
                ok: content("text/plain", ["type": "string"]), extra: [("503", ref(response: "Error"))])),
            ("/metrics", get(
                "Prometheus text format 0.0.4; every metric starts with breeze_.",
                ok: content("text/plain", ["type": "string"]))),
            ("/healthz", get("The process is alive.", ok: content("application/json", ref("Health")))),
            ("/readyz", get(
                "Ready when sensor data or reference data is present.",
                ok: content("application/json", ref("Readiness")),
                extra: [("503", ["description": "Not ready", "content": ["application/json": ["schema": ref("Readiness")]]])])),
            ("/openapi.json", get("This document.", ok: content("application/json", ["type": "object"]))),
        ]
    }

    /// `from`, `to`, `resolution`: the query of both history routes.
    static func historyParameters() -> [JSONValue] {
        [
            parameter("from", "Start (inclusive): ISO 8601 time, date or Unix seconds. Default: one hour, day or 30 days before `to`."),
            parameter("to", "End (exclusive): ISO 8601 time, date or Unix seconds. Default: now."),
            parameter("resolution", "Bucket size (default hour). Ranges are limited to 2 days per minute, 92 days per hour and 3660 days per day.", values: ["minute", "hour", "day"]),
        ]
    }

    static func get(
        _ summary: String, parameters: [JSONValue] = [], ok: JSONValue, extra: [(String, JSONValue)] = []
    ) -> JSONValue {
        var responses: [(key: String, value: JSONValue)] = [("200", ok)]
        responses += extra.map { (key: $0.0, value: $0.1) }
        responses.append(("405", ref(response: "MethodNotAllowed")))
        var operation: [(key: String, value: JSONValue)] = [("summary", .string(summary))]
        if !parameters.isEmpty { operation.append(("parameters", .array(parameters))) }
        operation.append(("responses", .object(responses)))
        return ["get": .object(operation)]
    }

    static func service(_ summary: String) -> JSONValue {
        get(
            summary, ok: content("application/json", ["type": "object"]),
            extra: [
                ("404", ["description": "Not configured", "content": ["application/json": ["schema": ref("Error")]]]),
                ("503", ref(response: "Error")),
            ])
    }

    static func content(_ type: String, _ schema: JSONValue) -> JSONValue {
        let media: JSONValue = ["schema": schema]
        return ["description": "OK", "content": .object([(key: type, value: media)])]
    }

    static func parameter(_ name: String, _ description: String, values: [String]? = nil) -> JSONValue {
        var schema: [(key: String, value: JSONValue)] = [("type", "string")]
        if let values { schema.append(("enum", .array(values.map(JSONValue.string)))) }
        return ["name": .string(name), "in": "query", "required": false, "description": .string(description), "schema": .object(schema)]
    }

    static func ref(_ schema: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(schema)")] }
    static func ref(response: String) -> JSONValue { ["$ref": .string("#/components/responses/\(response)")] }

    static func sharedResponses() -> JSONValue {
        [
            "Error": ["description": "Error", "content": ["application/json": ["schema": ref("Error")]]],
            "MethodNotAllowed": [
                "description": "Only GET and HEAD are allowed",
                "headers": ["Allow": ["schema": ["type": "string", "const": "GET, HEAD"]]],
                "content": ["application/json": ["schema": ref("Error")]],
            ],
        ]
    }

    // MARK: - Schemas

    static func object(_ properties: [(String, JSONValue)]) -> JSONValue {
        [
            "type": "object",
            "additionalProperties": false,
            "required": .array(properties.map { .string($0.0) }),
            "properties": .object(properties.map { (key: $0.0, value: $0.1) }),
        ]
    }

    /// An object schema that also admits `null`.
    static func nullableObject(_ properties: [(String, JSONValue)]) -> JSONValue {
        guard case .object(var pairs) = object(properties) else { return .null }
        pairs[0] = (key: "type", value: ["object", "null"])
        return .object(pairs)
    }

    /// Local and reference means of one pollutant (`Reconciliation.json`'s `pm2_5` and `pm10`).
    static let comparison = nullableObject([
        ("local", ["type": "number"]), ("reference", ["type": "number"]), ("difference", ["type": "number"]),
        ("ratio", nullable("number")), ("hours", ["type": "integer", "minimum": 1]),
    ])

    static func nullable(_ type: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([(key: "type", value: [.string(type), "null"])] + extra.map { (key: $0.0, value: $0.1) })
    }

    static func strings(_ values: [String], nullable: Bool = false) -> JSONValue {
        nullable
            ? ["type": ["string", "null"], "enum": .array(values.map(JSONValue.string) + [.null])]
            : ["type": "string", "enum": .array(values.map(JSONValue.string))]
    }

    static let time: JSONValue = ["type": "string", "format": "date-time"]
    static let nullableTime: JSONValue = ["type": ["string", "null"], "format": "date-time"]
    static let concentration: JSONValue = nullable("number", [("minimum", 0), ("description", "µg/m³")])

    /// `indices`: one block per configured index (docs/indices.md).
    static let indexBlocks: JSONValue = [
        "type": "array",
        "items": object([
            ("index", strings(AirQualityIndexID.allCases.map(\.rawValue))),
            ("name", ["type": "string"]),
            ("chosen", ["type": "boolean"]),
            ("value", nullable("integer", [("minimum", 0)])),
            ("display", nullable("string")),
            ("level", nullable("string")), ("text", nullable("string")),
            ("color", nullable("string", [("pattern", "^#[0-9a-f]{6}$")])),
            ("advice", nullable("string")),
            ("pollutant", strings(["pm2_5", "pm10"], nullable: true)),
            ("concentration", concentration),
            ("beyond_index", nullable("boolean")),
            ("averaging", strings(LocalAveraging.allCases.map(\.rawValue), nullable: true)),
            ("source", strings(["local"], nullable: true)),
            ("document", ["type": "string"]),
            ("reference", nullableObject([
                ("value", nullable("integer", [("minimum", 0)])),
                ("display", nullable("string")),
                ("level", nullable("string")),
                ("pollutant", strings(["pm2_5", "pm10"], nullable: true)),
                ("concentration", concentration),
                ("averaging", strings(LocalAveraging.allCases.map(\.rawValue), nullable: true)),
                ("source", strings(["open-meteo-pm"])),
                ("open_meteo", nullableObject([
                    ("value", nullable("integer", [("minimum", 0)])),
                    ("pm2_5", nullable("integer", [("minimum", 0)])),
                    ("pm10", nullable("integer", [("minimum", 0)])),
                    ("note", ["type": "string"]),
                ])),
                ("state", strings(IndexComparisonState.allCases.map(\.rawValue))),
                ("reason", ["type": "string"]),
            ])),
        ]),
    ]

    /// `uploads`: one block per community service (`UploadsDocument`), each the same shape.
    static let uploads: JSONValue = {
        let count: JSONValue = ["type": "integer", "minimum": 0]
        let block = object([
            ("enabled", ["type": "boolean"]),
            ("last_success", nullableTime), ("last_success_age_s", nullable("integer", [("minimum", 0)])),
            ("last_attempt", nullableTime), ("last_error", nullable("string")), ("last_error_at", nullableTime),
            ("pending", count),
            ("attempts", object([("success", count), ("rejected", count), ("failed", count)])),
            ("dropped", count),
        ])
        return [
            "type": "object", "additionalProperties": false,
            "properties": ["sensor_community": block, "opensensemap": block],
        ]
    }()

    /// A sensor's block (`sensor`, `sensor_b`).
    static let sensorProperties: [(String, JSONValue)] = [
        ("model", nullable("string")),
        ("health", strings(["ok", "warming_up", "stale", "fault", "absent"])),
        ("reason", nullable("string")),
        ("age_s", nullable("integer", [("minimum", 0)])),
        ("pm1_0", concentration), ("pm2_5", concentration), ("pm10", concentration),
        ("correction", strings(["none", "epa-2021", "epa-2022-smoke"])),
        ("pm2_5_corrected", concentration),
        ("correction_note", nullable("string")),
        ("correction_configured", strings(PM25CorrectionChoice.allCases.map(\.rawValue))),
        ("correction_rh_source", strings(CorrectionHumiditySource.allCases.map(\.rawValue), nullable: true)),
        ("correction_rh_pct", nullable("number", [("minimum", 0), ("maximum", 100), ("description", "%")])),
        ("humidity_flag", nullable("boolean")),
        ("recovery", object(SensorRecovery(steps: [:]).fields.map { ($0.key, ["type": "integer", "minimum": 0]) })),
    ]

    /// `agreement`: the A/B check of two sensors (docs/sensors.md).
    static let agreement = object([
        ("state", strings(["single", "agree", "disagree"])),
        ("difference_ug_m3", concentration),
        ("difference_pct", nullable("number", [("minimum", 0), ("maximum", 200), ("description", "%")])),
        ("suspect", strings(["a", "b"], nullable: true)),
        ("suspect_reason", strings(["stuck", "zero", "far_from_reference"], nullable: true)),
        ("flagged", ["type": "boolean"]),
        ("used", ["type": "array", "items": strings(["a", "b"])]),
        ("pm2_5", concentration), ("pm2_5_a", concentration), ("pm2_5_b", concentration),
    ])

    static func schemas() -> JSONValue {
        [
            "Error": object([("error", ["type": "string"]), ("status", ["type": "integer", "minimum": 400, "maximum": 599])]),
            "Health": object([("status", strings(["ok"]))]),
            "Readiness": object([
                ("status", strings(["ready", "not_ready"])), ("sensor", ["type": "boolean"]), ("reference", ["type": "boolean"]),
            ]),
            "Current": object([
                ("station", object([("name", ["type": "string"]), ("latitude", nullable("number")), ("longitude", nullable("number"))])),
                ("time", time),
                ("sensor", object(sensorProperties)),
                ("sensor_b", nullableObject(sensorProperties)),
                ("agreement", agreement),
                ("climate", object([
                    ("temperature_c", nullable("number", [("description", "°C")])),
                    ("humidity_pct", nullable("number", [("minimum", 0), ("maximum", 100), ("description", "%")])),
                    ("pressure_hpa", nullable("number", [("minimum", 0), ("description", "hPa")])),
                    ("source", strings(ClimateReading.Source.allCases.map(\.rawValue), nullable: true)),
                    ("model", nullable("string")),
                    ("age_s", nullable("integer", [("minimum", 0)])),
                ])),
                ("aqi", object([
                    ("value", nullable("integer", [("minimum", 0)])),
                    ("source", strings(["local", "open-meteo"], nullable: true)),
                    ("source_reason", nullable("string")),
                    ("basis", strings(["nowcast", "24h", "instant"], nullable: true)),
                    ("pollutant", strings(["pm2_5", "pm10", "o3", "co", "so2", "no2"], nullable: true)),
                    ("beyond_index", nullable("boolean")),
                    ("level", strings(["excellent", "good", "moderate", "unhealthy_sensitive", "unhealthy", "very_unhealthy", "hazardous"], nullable: true)),
                    ("text", nullable("string")), ("emoji", nullable("string")), ("description", nullable("string")),
                    ("color", nullable("string", [("pattern", "^#[0-9a-f]{6}$")])),
                    ("epa_category", strings(["Good", "Moderate", "Unhealthy for Sensitive Groups", "Unhealthy", "Very Unhealthy", "Hazardous"], nullable: true)),
                    ("epa_color", nullable("string", [("pattern", "^#[0-9a-f]{6}$")])),
                    ("tips", ["type": "array", "items": ["type": "string"]]),
                    ("instant", nullable("integer", [("minimum", 0)])),
                    ("nowcast", nullable("integer", [("minimum", 0)])),
                    ("avg_24h", nullable("integer", [("minimum", 0)])),
                ])),
                ("indices", indexBlocks),
                ("reference", object([
                    ("status", strings(["ok", "unavailable", "pending", "disabled"])),
                    ("error", nullable("string")),
                    ("time", nullableTime), ("fetched_at", nullableTime),
                    ("age_s", nullable("integer", [("minimum", 0)])),
                    ("us_aqi", nullable("integer", [("minimum", 0)])),
                    ("pm2_5", concentration), ("pm10", concentration), ("ozone", concentration),
                    ("nitrogen_dioxide", concentration), ("sulphur_dioxide", concentration), ("carbon_monoxide", concentration),
                ])),
                ("reconciliation", object([
                    ("state", strings(ReconciliationState.allCases.map(\.rawValue))),
                    ("suspect_reason", strings(SuspectReason.allCases.map(\.rawValue), nullable: true)),
                    ("reason", ["type": "string"]),
                    ("explanation", ["type": "string"]),
                    ("pm2_5", comparison), ("pm10", comparison),
                    ("local_aqi_24h", nullable("integer")), ("reference_aqi_24h", nullable("integer")),
                    ("aqi_difference", nullable("integer")),
                    ("long_run_ratio", nullable("number", [("minimum", 0)])),
                    ("long_run_hours", ["type": "integer", "minimum": 0]),
                    ("reference_age_s", nullable("integer", [("minimum", 0)])),
                    ("reference_error", nullable("string")),
                    ("evaluated_at", time),
                ])),
                ("leds", object([
                    ("color", nullable("string", [("pattern", "^#[0-9a-f]{6}$")])), ("pattern", ["type": "string"]),
                ])),
                ("uploads", uploads),
            ]),
            "History": object([
                ("from", time), ("to", time), ("resolution", strings(["minute", "hour", "day"])),
                ("points", [
                    "type": "array",
                    "items": object([
                        ("time", time), ("pm1_0", concentration), ("pm2_5", concentration),
                        ("pm2_5_raw", concentration), ("pm10", concentration),
                        ("aqi", nullable("integer", [("minimum", 0)])), ("samples", ["type": "integer", "minimum": 0]),
                        ("indices", [
                            "type": "object", "additionalProperties": false,
                            "properties": .object(AirQualityIndexID.allCases.map {
                                (key: $0.rawValue, value: nullable("integer", [("minimum", 0)]))
                            }),
                        ]),
                        ("pm2_5_b", concentration),
                    ]),
                ]),
            ]),
        ]
    }
}
