import AirQuality
import CheckedConversions
import Clocks
import Configuration
import Diagnostics
import FoundationEssentials
public import LEDs
import LinuxIO
import OpenMeteo
import SensorEmulation
import SensorRuntime
import Sensors
import Synchronization
import WebAPI

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station demo`: the whole station — the production driver, pipeline, store, LEDs and HTTP endpoint
/// — on an emulated sensor behind a real pseudo-terminal, the LEDs drawn on the terminal, the history in a
/// temporary directory, Open-Meteo when it is reachable. Nothing but a terminal needed.
public final class StationDemo: Sendable {
    /// The cities of the demo's ticker.
    public static let cities: [(String, Double, Double)] = [("Delhi", 28.61, 77.21), ("Paris", 48.86, 2.35),
                                                              ("New York", 40.71, -74.01)]

    let options: DemoOptions
    private let writer: TerminalWriter
    private let variables: [String: String]
    private let state = Mutex<(runtime: StationRuntime?, stopping: Bool)>((nil, false))

    /// A demo with `options`, printing on `writer`; `variables` is the process environment.
    public init(options: DemoOptions, writer: TerminalWriter, variables: [String: String]) {
        self.options = options
        self.writer = writer
        var variables = variables
        // The demo never talks to systemd, whatever started it.
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "STATE_DIRECTORY"] { variables[key] = nil }
        self.variables = variables
    }

    /// Stops the demo (Ctrl-C). Any thread.
    public func shutdown() {
        let runtime = state.withLock { state -> StationRuntime? in
            state.stopping = true
            return state.runtime
        }
        runtime?.shutdown()
    }

    /// Runs until ``shutdown()``, then removes what it made.
    /// - Throws: ``StationStartError`` when the emulator or the endpoint cannot start.
    public func run() async throws(StationStartError) {
        let (directory, temporary) = try prepareDirectory()
        let clock: any StationClock = options.speed > 1 ? AcceleratedClock(rate: options.speed) : SystemClock()
        let link = directory + "/sensor"
        let start = clock.now
        guard
            let device = SensorEmulators.serialDevice(
                options.model, scenario: options.scenario.concentration(start: start, baseline: options.baseline),
                faults: EmulatorFaults(), start: start)
        else {
            if temporary { Self.removeDirectory(directory) }
            throw StationStartError("no emulator for \(options.model.rawValue) (UART models only)")
        }
        let emulator = PseudoTerminalEmulator(device: device, link: link, clock: clock)
        let pty: String
        do {
            pty = try emulator.start()
        } catch {
            if temporary { Self.removeDirectory(directory) }
            throw StationStartError("cannot start the emulated sensor: \(error)")
        }
        let emulatorB: PseudoTerminalEmulator?
        do {
            emulatorB = try startChannelB(link: directory + "/sensor_b", clock: clock, start: start)
        } catch {
            await emulator.stop()
            if temporary { Self.removeDirectory(directory) }
            throw error
        }
        let runtime = StationRuntime(configuration: configuration(directory: directory, link: link), environment: environment(clock))
        let stopping = state.withLock { state -> Bool in
            state.runtime = runtime
            return state.stopping
        }
        var failure: StationStartError?
        if !stopping {
            do {
                try await runtime.run { [self] runtime in
                    printWelcome(port: runtime.port, pty: pty, directory: directory, temporary: temporary)
                }
            } catch {
                failure = error
            }
        }
        await emulator.stop()
        await emulatorB?.stop()
        if temporary {
            Self.removeDirectory(directory)
            writer.line("removed \(directory)")
        }
        if let failure { throw failure }
    }

    /// The station the demo runs: the demo's own, or with `--config` the user's with only the sensor link,
    /// the LED backend and the state directory replaced (and Open-Meteo off above speed 1).
    func configuration(directory: String, link: String) -> StationConfiguration {
        var configuration = demoConfiguration(directory: directory, link: link)
        configuration.sensorB = channelBConfiguration(link: directory + "/sensor_b", like: configuration.sensor)
        guard let base = options.base else { return configuration }
        configuration.station.name = base.station.name
        if !options.placeGiven, base.station.location != .none {
            configuration.station.location = options.usesOpenMeteo ? base.station.location : .none
        }
        if base.sensor != nil {
            configuration.correction = base.correction
            configuration.correctionB = base.correction
        }
        // The user's climate sensor, emulated (the demo has no I²C bus either).
        if let climate = base.climate { configuration.climate = climate }
        if var leds = base.leds {
            leds.backend = .terminal
            leds.chip = nil
            configuration.leds = leds
        }
        configuration.http = base.http
        configuration.http.listen = options.listen
        var openMeteo = base.openMeteo
        openMeteo.enabled = options.usesOpenMeteo && base.openMeteo.enabled
        if openMeteo.cities.isEmpty { openMeteo.cities = configuration.openMeteo.cities }
        configuration.openMeteo = openMeteo
        configuration.mqtt = base.mqtt
        configuration.log = options.logLevel == .info ? LogConfiguration(level: .info) : base.log
        return configuration
    }

    /// The demo's own station: an emulated sensor, a terminal RGB LED, Berlin, the temporary history.
    func demoConfiguration(directory: String, link: String) -> StationConfiguration {
        var sensor = SensorConfiguration(model: options.model)
        sensor.serialPath = link
        sensor.driver.interval = .interval(options.sampleInterval)
        sensor.driver.warmUp = .seconds(10)
        sensor.driver.staleAfter = max(sensor.driver.interval * 3, .seconds(30))
        var openMeteo = OpenMeteoConfiguration()
        openMeteo.enabled = options.usesOpenMeteo
        openMeteo.cities = Self.cities.compactMap { name, latitude, longitude in
            GeoCoordinate(latitude: latitude, longitude: longitude).map { NamedPlace(name: name, coordinate: $0) }
        }
        let location: StationLocation = options.usesOpenMeteo ? (options.place.map { .coordinates($0.coordinate) } ?? .none) : .none
        return StationConfiguration(
            station: StationSettings(name: "Breeze demo", location: location), sensor: sensor,
            leds: LEDConfiguration(backend: .terminal, kind: .rgb),
            http: HTTPConfiguration(listen: options.listen, limits: .standard), openMeteo: openMeteo,
            storage: StorageConfiguration(path: directory + "/history.db"), log: LogConfiguration(level: options.logLevel),
            climate: ClimateConfiguration(model: .bme280))
    }

    private func environment(_ clock: any StationClock) -> StationEnvironment {
        var environment = StationEnvironment(variables: variables, clock: clock)
        environment.logSink = TerminalLogSink(writer: writer)
        environment.logFormat = .terminal
        environment.ledBackend = .configured(writer)
        environment.usesControlPins = false
        environment.fallsBackToAnyPort = true
        // No I²C hardware in a demo: the climate sensor is the emulator, through the production driver.
        environment.makeClimateDevice = { climate, clock in
            EmulatedI2CDevice(
                model: SensorEmulators.climateDevice(climate.model, conditions: .daily), bus: climate.i2cBus,
                address: climate.i2cAddress, clock: clock)
        }
        return environment
    }

    private func printWelcome(port: UInt16?, pty: String, directory: String, temporary: Bool) {
        let host: ListenAddress.Host = options.listen.isUnspecified ? .ipv4([127, 0, 0, 1]) : options.listen.host
        let base = "http://\(ListenAddress(host: host, port: port ?? options.listen.port))"
        var lines = [
            "Breeze Station demo: the whole station on an emulated \(options.model.displayName), no hardware needed.",
            "",
        ]
        if let path = options.basePath {
            lines.append("  Settings     \(path), with the demo's sensor link, terminal LEDs and state directory")
        }
        if let port, port != options.listen.port {
            lines.append("  (port \(options.listen.port) is taken: listening on \(port) instead)")
        }
        lines += [
            "  Status page  \(base)/",
            "  The API      curl -s \(base)/api/v1/current",
            "  History      curl -s '\(base)/api/v1/history?resolution=minute'",
            "  Metrics      curl -s \(base)/metrics",
            "  Sensor       emulated on \(pty) (\(directory)/sensor), read by the station's serial driver",
        ]
        if let model = options.sensorB {
            lines.append(
                "  Sensor B     a second emulated \(model.displayName) (\(directory)/sensor_b), compared with A by the EPA's A/B rule")
        }
        lines += [
            "  Air          \(scenarioText)",
            "  Climate      an emulated BME280-class sensor (a day indoors: 21 ± 2 °C, 45 ± 10 % RH), read by the "
                + "station's I²C driver; its humidity drives the EPA correction",
        ]
        if options.usesOpenMeteo, let place = options.place {
            let yours = !options.placeGiven && options.base.map { $0.station.location != .none } == true
            lines.append(
                "  Open-Meteo   reference for \(yours ? "the configured station location" : place.name), cities \(Self.cities.map(\.0).joined(separator: ", ")); "
                    + "marked unavailable when unreachable")
        } else {
            lines.append(
                "  Open-Meteo   off" + (options.speed > 1 ? " (the station's clock runs ahead of the world's)" : ""))
        }
        lines.append("  History      \(directory)/history.db" + (temporary ? " (deleted when the demo ends)" : ""))
        lines += [
            "",
            "The LED below shows the level in its colour (blue and breathing while the sensor warms up).",
            "Stop with Ctrl-C.",
        ]
        for line in lines { writer.line(line) }
    }

    private var scenarioText: String {
        let pace =
            options.speed > 1
            ? "\(Int(clampingRounded: options.speed, .towardZero))× real time: an hour passes in \(Self.duration(3600 / options.speed))"
            : "real time (try --speed 60 to watch the NowCast and the 24-hour mean form)"
        switch options.scenario {
        case .smokyDay: return "a day with a smoke episode from 1 minute after the start; \(pace)"
        case .steady: return "steady \(options.baseline) µg/m³ PM2.5; \(pace)"
        case .diurnal: return "a day's curve around \(options.baseline) µg/m³; \(pace)"
        case .smoke: return "smoke after 30 s; \(pace)"
        case .recorded: return "a recorded series; \(pace)"
        case .driftB:
            return "a day's curve around \(options.baseline) µg/m³ on A; B agrees for an hour, drifts to 4× over two, "
                + "stays off for two, is cleaned (every 6 h); \(pace)"
        }
    }

    static func duration(_ seconds: Double) -> String {
        seconds >= 60 ? "\(Int(clampingRounded: seconds / 60)) min" : "\(Int(clampingRounded: seconds)) s"
    }

    /// The state directory: the one given (created if needed), or a new temporary one.
    private func prepareDirectory() throws(StationStartError) -> (String, Bool) {
        if let given = options.stateDirectory {
            do {
                try FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
            } catch {
                throw StationStartError("cannot create \(given): \(error)")
            }
            return (given, false)
        }
        let base = variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/breeze-demo-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { throw StationStartError("cannot create a temporary directory in \(base): \(String(cString: strerror(errno)))") }
        return (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), true)
    }

    /// Removes the demo's temporary directory and what the station put in it.
    static func removeDirectory(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
