import AirQuality
import DNSSD
import Diagnostics
import HTTPClient
import Lifecycle
import LinuxIO
import SensorRuntime
import Sensors
import StationEndpoint
import Synchronization
import Uploads
import WebAPI

extension StationRuntime {
    /// The station's services in start order, each with its failure policy, and the publisher they share.
    ///
    /// The order is the shutdown's, reversed: what holds resources comes first (the endpoint, the memory, the
    /// store, the HTTP clients), then what consumes snapshots (LEDs, MQTT, DNS-SD, uploads), then what produces
    /// them (the Open-Meteo refreshes, the pipeline ticker, the sensor loops), then the watchdog that follows
    /// the sensor loop. So at a stop nothing is fed after its consumer has gone, the minute being collected is
    /// complete when the store writes it, and HTTP answers until the end.
    func services(
        store: StoreService, memory: ReconciliationMemory?, endpoint: StationEndpoint
    ) -> (services: [any Service], publisher: StationPublisher) {
        let clock = environment.clock
        let leds = configuration.leds.map { leds in
            LEDService(configuration: leds, backend: environment.ledBackend, logger: logger.child("leds")) {
                [pipeline] running in
                pipeline.update { $0.ledsRunning = running }
            }
        }
        let mqtt = makeMQTTPublisher()
        // Store first (a minute is queued before anyone shows it), MQTT before the endpoint as before.
        var subscribers: [any StationOutputSubscriber] = [store]
        if let mqtt { subscribers.append(mqtt) }
        subscribers.append(endpoint)
        if let leds { subscribers.append(leds) }
        subscribers.append(snapshots)
        let publisher = StationPublisher(
            pipeline: pipeline, clock: clock, logger: logger.child("pipeline"), subscribers: subscribers)
        let openMeteo = OpenMeteoWiring(
            configuration: configuration, environment: environment, pipeline: pipeline, publisher: publisher,
            logger: logger.child("openmeteo")
        ).services()
        let uploads = UploadsWiring(
            configuration: configuration, environment: environment, pipeline: pipeline, publisher: publisher,
            snapshots: snapshots, store: store, logger: logger.child("uploads")
        ).services()

        // The station is there to be read: should the endpoint's service end, systemd starts the station anew.
        var services: [any Service] = [ClosingService(name: "http", failurePolicy: .endStation) { endpoint.stop() }]
        if let memory { services.append(memory) }
        services.append(store)
        if let client = openMeteo.client {
            services.append(ClosingService(name: "openmeteo-client") { client.shutdown() })
        }
        if let client = uploads.client {
            services.append(ClosingService(name: "uploads-client") { client.shutdown() })
        }
        if let leds { services.append(leds) }
        if let mqtt { services.append(mqtt) }
        if configuration.http.announce {
            // The bound port: `http.listen` may say 0 (any port), or the fallback may have picked another.
            let announcement = ServiceAnnouncement.station(
                name: configuration.station.name, port: endpoint.port ?? configuration.http.listen.port,
                version: BuildInfo.version)
            services.append(DNSSDAnnouncer(announcement: announcement, logger: logger.child("dnssd")))
        }
        services += uploads.services
        services += openMeteo.services
        services += sensorServices(publisher: publisher)
        services += additionalServices(self)
        return (services, publisher)
    }

    /// The pipeline ticker, the sensor loops and the watchdog that follows them, in start order.
    private func sensorServices(publisher: StationPublisher) -> [any Service] {
        let clock = environment.clock
        // The sensor loop's proof of progress, for systemd's watchdog (when the unit has WatchdogSec).
        let watchdogInterval = notifier?.watchdogInterval
        let heartbeat = watchdogInterval.map { _ in ProgressHeartbeat() }
        var services: [any Service] = [
            PipelineService(
                publisher: publisher, clock: clock, interval: environment.publishInterval,
                heartbeat: configuration.sensor == nil ? heartbeat : nil
            ) { [weak self] in
                guard let self else { return }
                let restarts = state.withLock { $0.group?.restartCounts } ?? [:]
                pipeline.update { $0.restarts = restarts }
            }
        ]
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
        if let sensorB = configuration.sensorB {
            // Channel B feeds no heartbeat: the watchdog follows channel A's loop (or the ticker).
            services.append(
                sensorLoop(sensorB, pipeline: pipeline, publisher: publisher, heartbeat: nil, channel: .b))
        }
        if let sensor = configuration.sensor {
            services.append(sensorLoop(sensor, pipeline: pipeline, publisher: publisher, heartbeat: heartbeat))
        }
        if let notifier, let interval = watchdogInterval, let heartbeat {
            services.append(WatchdogService(
                notifier: notifier, heartbeat: heartbeat, interval: interval, clock: clock,
                logger: logger.child("watchdog")))
        }
        return services
    }
}
