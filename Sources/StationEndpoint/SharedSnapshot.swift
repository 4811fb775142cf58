import StationSnapshot

/// One snapshot shared by every renderer of a publish: a struct captured by each of their closures would be
/// copied into each, every second.
final class SharedSnapshot: Sendable {
    let snapshot: StationSnapshot
    init(_ snapshot: StationSnapshot) { self.snapshot = snapshot }
}
