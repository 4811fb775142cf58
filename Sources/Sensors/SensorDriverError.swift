/// A driver that cannot be built from what it was given.
public struct SensorDriverError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error.
    public init(_ description: String) {
        self.description = description
    }
}
