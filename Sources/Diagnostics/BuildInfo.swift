/// What this build of Breeze Station is.
public enum BuildInfo {
    /// The product name.
    public static let name = "breeze-station"
    /// The release version (semantic versioning).
    public static let version = "0.1.0"

    /// `breeze-station/0.1.0`, for User-Agent headers and device descriptions.
    public static var userAgent: String { "\(name)/\(version)" }
}
