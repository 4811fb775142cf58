public import AirQuality
import CheckedConversions
public import JSON

extension Reconciliation {
    /// The `reconciliation` block of `/api/v1/current` (see docs/reconciliation.md): every key always present,
    /// concentrations in µg/m³ to 0.1, ratios to 0.01, ages in whole seconds. `reason` and `explanation` are the same
    /// sentence: why the state is what it is (`reason` is the name the other blocks use).
    public var json: JSONValue {
        [
            "state": .string(state.rawValue),
            "suspect_reason": JSONValue(suspectReason?.rawValue),
            "reason": .string(explanation),
            "explanation": .string(explanation),
            "pm2_5": pm25?.json ?? .null,
            "pm10": pm10?.json ?? .null,
            "local_aqi_24h": JSONValue(localAQI24h),
            "reference_aqi_24h": JSONValue(referenceAQI24h),
            "aqi_difference": JSONValue(aqiDifference),
            "long_run_ratio": JSONValue(longRunRatio.map { ($0 * 100).rounded() / 100 }),
            "long_run_hours": .number(Double(longRunHours)),
            "reference_age_s": JSONValue(referenceAge.map { Int(clampingRounded: $0, .down) }),
            "reference_error": JSONValue(referenceError),
            "evaluated_at": .string(ISO8601Time.format(evaluatedAt)),
        ]
    }
}

extension PMComparison {
    /// `{"local": 12.3, "reference": 10.1, "difference": 2.2, "ratio": 1.22, "hours": 3}`, µg/m³, one decimal.
    public var json: JSONValue {
        [
            "local": .number(Self.round(local, 10)),
            "reference": .number(Self.round(reference, 10)),
            "difference": .number(Self.round(difference, 10)),
            "ratio": JSONValue(ratio.map { Self.round($0, 100) }),
            "hours": .number(Double(hours)),
        ]
    }

    private static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
}

extension AQISelection {
    /// `{"source": "open-meteo", "aqi": 61, "level": "moderate", "reason": "...", "reference_age_s": 300}`.
    public var json: JSONValue {
        [
            "source": .string(source.rawValue),
            "aqi": JSONValue(aqi),
            "level": JSONValue(level?.rawValue),
            "reason": .string(reason),
            "reference_age_s": JSONValue(referenceAge.map { Int(clampingRounded: $0, .down) }),
        ]
    }
}
