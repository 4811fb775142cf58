extension AQILevel {
    /// The level's name as users see it, e.g. "Unhealthy for Sensitive Groups".
    public var text: String {
        switch self {
        case .excellent: "Excellent"
        case .good: "Good"
        case .moderate: "Moderate"
        case .unhealthySensitive: "Unhealthy for Sensitive Groups"
        case .unhealthy: "Unhealthy"
        case .veryUnhealthy: "Very Unhealthy"
        case .hazardous: "Hazardous"
        }
    }

    /// A short label for small displays, e.g. "USG".
    public var shortText: String {
        self == .unhealthySensitive ? "USG" : text
    }

    /// One emoji for the level.
    public var emoji: String {
        switch self {
        case .excellent: "😄"
        case .good: "🙂"
        case .moderate: "😐"
        case .unhealthySensitive: "😷"
        case .unhealthy: "🤢"
        case .veryUnhealthy: "😨"
        case .hazardous: "☠️"
        }
    }

    /// The Breeze colour of the level.
    public var color: RGBColor {
        switch self {
        case .excellent, .good: RGBColor(hex: 0x34C759)
        case .moderate: RGBColor(hex: 0xFF9500)
        case .unhealthySensitive: RGBColor(hex: 0xFF6B00)
        case .unhealthy: RGBColor(hex: 0xFF3B30)
        case .veryUnhealthy: RGBColor(hex: 0xAF52DE)
        case .hazardous: RGBColor(hex: 0x8E0000)
        }
    }

    /// One line on what the level means.
    public var summary: String {
        switch self {
        case .excellent:
            "Air quality is excellent: the air is clean and poses no risk."
        case .good:
            "Air quality is good: little or no risk from air pollution."
        case .moderate:
            "Air quality is acceptable, but unusually sensitive people may feel some effects."
        case .unhealthySensitive:
            "Children, older adults and people with heart or lung disease may feel effects; others are unlikely to."
        case .unhealthy:
            "Everyone may begin to feel effects; sensitive groups may feel more serious effects."
        case .veryUnhealthy:
            "Health alert: the risk of effects is increased for everyone."
        case .hazardous:
            "Health warning of emergency conditions: everyone is likely to be affected."
        }
    }

    /// Practical advice for the level ("What You Can Do"), most important first.
    public var tips: [String] {
        switch self {
        case .excellent:
            [
                "A great time to air out your home: open the windows.",
                "Enjoy outdoor exercise without limits.",
            ]
        case .good:
            [
                "Outdoor activities are fine for everyone.",
                "Ventilate indoor rooms while the air is clean.",
            ]
        case .moderate:
            [
                "Unusually sensitive people should consider shorter or lighter outdoor exertion.",
                "Watch for symptoms such as coughing or shortness of breath.",
                "Keep quick-relief medicine at hand if you have asthma.",
            ]
        case .unhealthySensitive:
            [
                "Sensitive groups should reduce long or heavy exertion outdoors and take more breaks.",
                "Close windows facing busy roads or smoke and run an air purifier if you have one.",
                "People with asthma should follow their asthma action plan.",
            ]
        case .unhealthy:
            [
                "Everyone should reduce long or heavy exertion outdoors; sensitive groups should avoid it.",
                "Keep windows closed and use a HEPA air purifier indoors.",
                "Move outdoor events or exercise indoors, or reschedule them.",
            ]
        case .veryUnhealthy:
            [
                "Avoid long or heavy exertion outdoors; sensitive groups should stay indoors.",
                "Keep windows and doors closed; run air purifiers on high.",
                "If you must go out, a well-fitting N95 or FFP2 mask reduces exposure.",
            ]
        case .hazardous:
            [
                "Everyone should avoid all physical activity outdoors and stay indoors.",
                "Seal the home as well as you can and run air purifiers; consider a cleaner-air shelter.",
                "Wear an N95 or FFP2 mask if you must go outside, and follow local health advisories.",
            ]
        }
    }
}
