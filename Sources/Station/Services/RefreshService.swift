public import Lifecycle
public import OpenMeteo

/// One Open-Meteo service refreshed on its interval (``OpenMeteo/PeriodicRefresh``: at once, then every
/// interval, sooner after failures, keeping the last good value), each result handed to `onUpdate`. Network
/// waits happen on this service's task only: the sensor loop, the LEDs and HTTP never wait for them.
public struct RefreshService<Value: Sendable>: Service {
    public var name: String { refresh.name }
    private let refresh: PeriodicRefresh<Value>
    private let onUpdate: @Sendable (CachedValue<Value>) -> Void

    /// A service running `refresh`.
    public init(_ refresh: PeriodicRefresh<Value>, onUpdate: @escaping @Sendable (CachedValue<Value>) -> Void) {
        self.refresh = refresh
        self.onUpdate = onUpdate
    }

    public func run() async throws {
        await refresh.run(onUpdate: onUpdate)
        throw CancellationError()
    }
}
