import AirQuality
import Clocks
import DNSSD
public import Diagnostics
import FoundationEssentials
import HTTPClient
import JSON
import LEDs
import LinuxIO
import MQTT
public import Lifecycle
import SensorRuntime
import Sensors
import StationEndpoint
import Synchronization
import Uploads
import WebAPI

/// The station, composed: configuration in, services running, until shutdown. `breeze-station run` and
/// `demo` are thin wrappers around it, and tests run it in-process.
///
/// ```swift
/// let station = StationRuntime(configuration: configuration, environment: StationEnvironment(variables: env))
/// Task { _ = await signals.wait(); station.shutdown() }
/// try await station.run()        // READY=1 once serving; returns after SIGTERM's cleanup
/// ```
///
/// Start: the history database is opened and the AQI windows rebuilt from it; the HTTP endpoint starts and
/// serves the first snapshot; `READY=1`. Then the services run under a ``Lifecycle/ServiceGroup``: the sensor
/// loop, the climate sensor's loop, the pipeline ticker, the store writer, the LEDs, the Open-Meteo refreshes, the MQTT publisher, the community uploaders, the DNS-SD announcement and the watchdog.
/// Shutdown: `STOPPING=1`; every service is cancelled (the LEDs go dark and release their lines); the minute
/// being collected is stored and the database closed; the endpoint stops.
public final class StationRuntime: Sendable {
    /// The configuration it runs.
    public let configuration: StationConfiguration
    /// The pipeline (state and snapshots).
    public let pipeline: StationPipeline
    /// Every snapshot published, for consumers beyond HTTP.
    public let snapshots = SnapshotBroadcast()
    /// The station's logger.
    public let logger: Logger
    private let environment: StationEnvironment
    private let notifier: SystemdNotifier?
    private let shutdownSignal = WakeSignal()
    private let state = Mutex<(group: ServiceGroup?, stopping: Bool, endpoint: StationEndpoint?)>((nil, false, nil))
    private let additionalServices: @Sendable (StationRuntime) -> [any Service]

    /// A station for `configuration` (nothing starts before ``run()``).
    /// - Parameter additionalServices: more services to run in the group, built once the station is composed
    ///   (they may subscribe to ``snapshots``).
    public init(
        configuration: StationConfiguration, environment: StationEnvironment,
        additionalServices: @escaping @Sendable (StationRuntime) -> [any Service] = { _ in [] }
    ) {
        self.configuration = configuration
        self.environment = environment
        self.additionalServices = additionalServices
        logger = Logger(
            label: "", minimumLevel: configuration.log.level, sink: environment.logSink,
            format: environment.logFormat ?? LogFormat.detect(environment: environment.variables),
            clock: environment.clock)
        notifier = SystemdNotifier(environment: environment.variables)
        pipeline = StationPipeline(settings: PipelineSettings(configuration), startedAt: environment.clock.now)
    }

    /// The HTTP endpoint's port while running.
    public var port: UInt16? { state.withLock { $0.endpoint?.port } }

    /// Asks the station to stop (SIGTERM): `STOPPING=1`, then every service is cancelled. Any thread, any time.
    public func shutdown() {
        state.withLock { $0.stopping = true }
        shutdownSignal.signal()
    }

    /// Runs the station until ``shutdown()`` (or cancellation of the calling task), then cleans up and returns.
    /// `onReady` is called once the endpoint serves the first snapshot (when `READY=1` is sent).
    ///
    /// - Throws: ``StationStartError`` when the HTTP endpoint cannot listen.
    public func run(onReady: @escaping @Sendable (StationRuntime) -> Void = { _ in }) async throws(StationStartError) {
        let clock = environment.clock
        logger.notice(
            "\(BuildInfo.name) \(BuildInfo.version) starting; configuration: "
                + configuration.json(redactingSecrets: true).serialized())

        let store = StoreService(
            path: configuration.storage.path, retentionDays: configuration.storage.retentionDays, clock: clock,
            logger: logger.child("store"),
            outboxes: configuration.openSenseMap == nil ? [] : [OpenSenseMapUploader.outboxName]
        ) { [pipeline] status in
            pipeline.update { $0.store = status }
        }
        let restored = await store.open(now: clock.now)
        pipeline.restore(minutes: restored.minutes, hours: restored.hours)
        let memory =
            pipeline.settings.referenceEnabled
            ? ReconciliationMemory(
                path: configuration.storage.stateFile(ReconciliationMemory.fileName), pipeline: pipeline, clock: clock,
                logger: logger.child("pipeline")) : nil
        await memory?.restore()

        // The first request is answered from the state rebuilt from the store, not with a 503.
        let endpoint: StationEndpoint
        do {
            endpoint = try startEndpoint(
                history: StoreHistory(source: .service(store), evaluator: pipeline.evaluator, indices: configuration.aqi.all), initial: pipeline.snapshot(at: clock.now))
        } catch {
            // Nothing runs yet; leave the database checkpointed and closed, as a normal stop does.
            await store.close(flushing: [])
            throw error
        }
        let leds = configuration.leds.map { leds in
            LEDService(configuration: leds, backend: environment.ledBackend, logger: logger.child("leds")) {
                [pipeline] running in
                pipeline.update { $0.ledsRunning = running }
            }
        }
        let mqtt = makeMQTTPublisher()
        let publisher = StationPublisher(
            pipeline: pipeline, clock: clock, logger: logger.child("pipeline"), endpoint: endpoint, leds: leds,
            store: store, broadcast: snapshots, mqtt: mqtt)
        // The sensor loop's proof of progress, for systemd's watchdog (when the unit has WatchdogSec).
        let watchdogInterval = notifier?.watchdogInterval
        let heartbeat = watchdogInterval.map { _ in ProgressHeartbeat() }
        var services: [any Service] = []
        if let sensor = configuration.sensor {
            services.append(sensorLoop(sensor, pipeline: pipeline, publisher: publisher, heartbeat: heartbeat))
        }
        if let climate = configuration.climate {
            let environment = self.environment
            services.append(ClimateSensorService(
                configuration: climate,
                makeDevice: {
                    environment.makeClimateDevice?(climate, environment.clock)
                        ?? I2CBusDevice(bus: climate.i2cBus, address: climate.i2cAddress)
                },
                clock: clock, pipeline: pipeline, publisher: publisher, logger: logger.child("climate")))
        }
        services.append(PipelineService(
            publisher: publisher, clock: clock, interval: environment.publishInterval,
            heartbeat: configuration.sensor == nil ? heartbeat : nil
        ) { [weak self] in
            guard let self else { return }
            let restarts = state.withLock { $0.group?.restartCounts } ?? [:]
            pipeline.update { $0.restarts = restarts }
        })
        services.append(store)
        if let memory { services.append(memory) }
        if let leds { services.append(leds) }
        let openMeteo = OpenMeteoWiring(
            configuration: configuration, environment: environment, pipeline: pipeline, publisher: publisher,
            logger: logger.child("openmeteo")
        ).services()
        services += openMeteo.services
        let uploads = UploadsWiring(
            configuration: configuration, environment: environment, pipeline: pipeline, publisher: publisher,
            snapshots: snapshots, store: store, logger: logger.child("uploads")
        ).services()
        services += uploads.services
        if let notifier, let interval = watchdogInterval, let heartbeat {
            services.append(WatchdogService(
                notifier: notifier, heartbeat: heartbeat, interval: interval, clock: clock,
                logger: logger.child("watchdog")))
        }
        if let mqtt { services.append(mqtt) }
        if configuration.http.announce {
            // The bound port: `http.listen` may say 0 (any port), or the fallback may have picked another.
            let announcement = ServiceAnnouncement.station(
                name: configuration.station.name, port: endpoint.port ?? configuration.http.listen.port,
                version: BuildInfo.version)
            services.append(DNSSDAnnouncer(announcement: announcement, logger: logger.child("dnssd")))
        }
        services += additionalServices(self)

        let output = publisher.refresh()
        let group = ServiceGroup(
            services: services, logger: logger, clock: clock, policy: environment.restartPolicy)
        let stopping = state.withLock { state -> Bool in
            state.group = group
            return state.stopping
        }
        notifier?.notify("READY=1\nSTATUS=\(Self.status(output))")
        let address = ListenAddress(host: configuration.http.listen.host, port: endpoint.port ?? 0)
        logger.notice(
            "serving on \(address); \(services.count) services: " + services.map(\.name).joined(separator: ", "))
        onReady(self)

        await withTaskCancellationHandler {
            let running = Task { await group.run() }
            if !stopping { await shutdownSignal.wait(until: nil, clock: clock) }
            notifier?.notify("STOPPING=1")
            logger.notice("stopping")
            group.triggerShutdown()
            await Self.wait(for: running, atMost: environment.shutdownGrace, logger: logger)
        } onCancel: {
            shutdown()
        }

        await store.close(flushing: pipeline.flush())
        await memory?.save()
        snapshots.finish()
        endpoint.stop()
        openMeteo.client?.shutdown()
        uploads.client?.shutdown()
        logger.notice("stopped")
    }

    /// The MQTT publisher of the `mqtt` section, if any. A password or CA file it cannot use is logged as an
    /// error and the station runs on without MQTT: the sensor, the LEDs and HTTP matter more than a broker,
    /// and a restart loop would not make the file readable (`breeze-station doctor` checks the files).
    private func makeMQTTPublisher() -> MQTTPublisher? {
        guard let configuration = configuration.mqtt else { return nil }
        do {
            return try MQTTPublisher(configuration: configuration, logger: logger.child("mqtt"), clock: environment.clock)
        } catch {
            logger.error("MQTT is off: \(error)")
            return nil
        }
    }

    /// The first line of `systemctl status`: the AQI and where it comes from.
    static func status(_ output: StationOutput) -> String {
        guard let aqi = output.selection.aqi, let level = output.selection.level else {
            return "no AQI yet (\(output.selection.reason))"
        }
        return "AQI \(aqi) \(level.text) (\(output.selection.source.rawValue))"
    }

    private func sensorLoop(
        _ sensor: SensorConfiguration, pipeline: StationPipeline, publisher: StationPublisher,
        heartbeat: ProgressHeartbeat?
    ) -> SensorLoopService {
        let environment = self.environment
        let sensorLogger = logger.child("sensor")
        let ledChip = configuration.leds?.chip
        let pins = Mutex<SensorPins?>(nil)
        return SensorLoopService(
            makeDriver: {
                // Pins are requested once and kept across restarts of the loop.
                let wired = pins.withLock { current -> SensorPins in
                    if let current { return current }
                    let resolved =
                        environment.usesControlPins
                        ? SensorControlPins.resolve(sensor: sensor, ledChip: ledChip, logger: sensorLogger) : SensorPins()
                    current = resolved
                    return resolved
                }
                if let make = environment.makeSensorDriver {
                    return try make(sensor, wired, environment.clock, sensorLogger)
                }
                return try SensorService.makeDriver(
                    configuration: sensor, pins: wired, clock: environment.clock, logger: sensorLogger)
            }, pipeline: pipeline, publisher: publisher, heartbeat: heartbeat,
            stall: SensorLoopStall.from(environment: environment.variables, clock: environment.clock, logger: sensorLogger),
            logger: sensorLogger)
    }

    /// Starts the endpoint on the configured address (or, when it is taken and the environment allows, on
    /// any free port of the same host).
    private func startEndpoint(history: StoreHistory, initial: StationOutput) throws(StationStartError) -> StationEndpoint {
        var http = configuration.http
        var attempt = 0
        while true {
            attempt += 1
            do {
                let endpoint = try StationEndpoint(
                    configuration: http, history: history, clock: environment.clock, logger: logger.child("http"))
                endpoint.publish(initial.snapshot)
                try endpoint.start()
                state.withLock { $0.endpoint = endpoint }
                return endpoint
            } catch {
                if environment.fallsBackToAnyPort, attempt == 1, http.listen.port != 0 {
                    logger.notice("\(error); listening on another port instead")
                    http.listen = ListenAddress(host: http.listen.host, port: 0)
                    continue
                }
                throw StationStartError("HTTP: \(error)")
            }
        }
    }

    /// Waits for `task` at most `limit` of real time.
    private static func wait(for task: Task<Void, Never>, atMost limit: Duration, logger: Logger) async {
        let finished = WakeSignal()
        let done = Mutex(false)
        let watcher = Task {
            await task.value
            done.withLock { $0 = true }
            finished.signal()
        }
        await finished.wait(until: SystemClock().now.adding(limit), clock: SystemClock())
        if !done.withLock({ $0 }) {
            logger.warning("services still running \(Int(clampingRounded: limit.timeInterval * 1000, .towardZero)) ms after the stop request; closing anyway")
        }
        _ = watcher
    }
}
