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
import POSIX
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
/// serves the first snapshot; `READY=1`. Then every service runs under a ``Lifecycle/ServiceGroup``, in the
/// start order of ``services(store:memory:endpoint:)``, each with its failure policy.
/// Shutdown: `STOPPING=1`; the services stop in reverse start order: the watchdog, the sensor loops, the
/// pipeline ticker, the Open-Meteo refreshes and the uploaders, the MQTT publisher (offline), the LEDs (dark,
/// lines released), the store (the minute being collected is written, the database closed), the
/// reconciliation memory (saved), the endpoint last.
public final class StationRuntime: Sendable {
    /// The configuration it runs.
    public let configuration: StationConfiguration
    /// The pipeline (state and snapshots).
    public let pipeline: StationPipeline
    /// Every snapshot published, for consumers beyond HTTP.
    public let snapshots = SnapshotBroadcast()
    /// The station's logger.
    public let logger: Logger
    let environment: StationEnvironment
    let notifier: SystemdNotifier?
    let state = Mutex<(group: ServiceGroup?, stopping: Bool, endpoint: StationEndpoint?)>((nil, false, nil))
    let additionalServices: @Sendable (StationRuntime) -> [any Service]

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

    /// Asks the station to stop (SIGTERM): `STOPPING=1`, then the services stop in reverse start order. Any
    /// thread, any time.
    public func shutdown() {
        let group = state.withLock { state -> ServiceGroup? in
            state.stopping = true
            return state.group
        }
        group?.triggerShutdown()
    }

    /// Runs the station until ``shutdown()`` (or cancellation of the calling task, or the end of a service the
    /// station cannot run without), then stops every service in reverse start order and returns how it ended.
    /// `onReady` is called once the endpoint serves the first snapshot (when `READY=1` is sent).
    ///
    /// - Throws: ``StationStartError`` when the HTTP endpoint cannot listen.
    @discardableResult
    public func run(
        onReady: @escaping @Sendable (StationRuntime) -> Void = { _ in }
    ) async throws(StationStartError) -> ServiceGroup.Ending {
        let clock = environment.clock
        logger.notice(
            "\(BuildInfo.name) \(BuildInfo.version) starting; configuration: "
                + configuration.json(redactingSecrets: true).serialized())

        // What the first snapshot needs is opened before the group runs: the history (the AQI windows are
        // rebuilt from it), the reconciliation's paired hours, and the endpoint, so that the first request is
        // answered from the restored state rather than with a 503, and a port that cannot be had fails the start.
        let store = StoreService(
            path: configuration.storage.path, retentionDays: configuration.storage.retentionDays, clock: clock,
            logger: logger.child("store"),
            outboxes: configuration.openSenseMap == nil ? [] : [OpenSenseMapUploader.outboxName],
            onStatus: { [pipeline] status in pipeline.update { $0.store = status } },
            closingMinutes: { [pipeline] in (pipeline.flush(), pipeline.flushB()) })
        let restored = await store.open(now: clock.now)
        pipeline.restore(minutes: restored.minutes, hours: restored.hours)
        if configuration.sensorB != nil {
            let channelB = await store.restoredChannelB(now: clock.now)
            pipeline.restoreB(minutes: channelB.minutes, hours: channelB.hours)
        }
        let memory =
            pipeline.settings.referenceEnabled
            ? ReconciliationMemory(
                path: configuration.storage.stateFile(ReconciliationMemory.fileName), pipeline: pipeline, clock: clock,
                logger: logger.child("pipeline")) : nil
        await memory?.restore()
        let endpoint: StationEndpoint
        do {
            endpoint = try startEndpoint(
                history: StoreHistory(
                    source: .service(store), evaluator: pipeline.evaluator, indices: configuration.aqi.all,
                    channelB: configuration.sensorB != nil), initial: pipeline.snapshot(at: clock.now))
        } catch {
            // Nothing runs yet; leave the database checkpointed and closed, as a normal stop does.
            await store.close(flushing: [])
            throw error
        }

        let composed = services(store: store, memory: memory, endpoint: endpoint)
        let output = composed.publisher.refresh()
        let group = ServiceGroup(
            services: composed.services, logger: logger, clock: clock, policy: environment.restartPolicy,
            shutdown: ServiceGroup.ShutdownPolicy(graceful: environment.shutdownGrace)
        ) { [notifier, logger] cause in
            notifier?.notify("STOPPING=1")
            logger.notice(cause == .requested ? "stopping" : "stopping: a service the station needs has ended")
        }
        let stopping = state.withLock { state -> Bool in
            state.group = group
            return state.stopping
        }
        if stopping { group.triggerShutdown() }
        notifier?.notify("READY=1\nSTATUS=\(Self.status(output))")
        let address = ListenAddress(host: configuration.http.listen.host, port: endpoint.port ?? 0)
        logger.notice(
            "serving on \(address); \(composed.services.count) services: "
                + composed.services.map(\.name).joined(separator: ", "))
        onReady(self)
        let release = environment.startUpPagesRelease.map { delay in
            Task { [logger] in
                guard (try? await clock.sleep(for: delay)) != nil else { return }
                let release = await DedicatedThread.run(name: "page-release") { StartUpPages.release() }
                logger.info(
                    "released the start-up code's pages (\(release.mappings) code mappings): resident "
                        + "\(release.residentBefore / 1024) MB → \(release.residentAfter / 1024) MB; code that runs "
                        + "again is mapped back as it runs")
            }
        }

        let ending = await group.run()
        release?.cancel()
        snapshots.finish()
        logger.notice("stopped")
        return ending
    }

    /// The MQTT publisher of the `mqtt` section, if any. A password or CA file it cannot use is logged as an
    /// error and the station runs on without MQTT: the sensor, the LEDs and HTTP matter more than a broker,
    /// and a restart loop would not make the file readable (`breeze-station doctor` checks the files).
    func makeMQTTPublisher() -> MQTTPublisher? {
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

    func sensorLoop(
        _ sensor: SensorConfiguration, pipeline: StationPipeline, publisher: StationPublisher,
        heartbeat: ProgressHeartbeat?, channel: ChannelAgreement.Channel = .a
    ) -> SensorLoopService {
        let environment = self.environment
        let sensorLogger = logger.child(channel == .a ? "sensor" : "sensor_b")
        let makeCustom = channel == .a ? environment.makeSensorDriver : environment.makeSensorBDriver
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
                if let make = makeCustom {
                    return try make(sensor, wired, environment.clock, sensorLogger)
                }
                return try SensorService.makeDriver(
                    configuration: sensor, pins: wired, clock: environment.clock, logger: sensorLogger)
            }, pipeline: pipeline, publisher: publisher, heartbeat: heartbeat,
            stall: channel == .a
                ? SensorLoopStall.from(environment: environment.variables, clock: environment.clock, logger: sensorLogger)
                : nil,
            logger: sensorLogger, channel: channel)
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
}
