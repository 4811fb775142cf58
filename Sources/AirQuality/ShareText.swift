/// The text the share button and `/api/v1/share` give.
public enum ShareText {
    /// `Air Quality in <place>: AQI <n> - <level text>`, the Breeze app's share line.
    public static func make(place: String, index: Int) -> String {
        "Air Quality in \(place): AQI \(index) - \(AQILevel(index: index).text)"
    }
}
