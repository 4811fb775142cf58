/// Why the station could not start (the `run` command exits 1 with it).
public struct StationStartError: Error, Sendable, CustomStringConvertible {
    /// What failed, for the person running the station.
    public let description: String

    /// An error.
    public init(_ description: String) { self.description = description }
}
