import Diagnostics
import FoundationEssentials
import LEDs
import Lifecycle
import LinuxIO
import OpenMeteo
import POSIX
import SensorEmulation
import Sensors
import Station
import WebAPI

/// `breeze-station demo`: the full station on an emulated sensor, in a terminal.
enum DemoCommand: Subcommand {
    static let name = "demo"
    static func signalPolicy(for arguments: [String]) -> SignalPolicy { .foreground }
    static let summary = "Run the whole station on an emulated sensor (no hardware needed)"
    static let help = """
        Usage: breeze-station demo [--config FILE] [--scenario NAME|FILE] [--speed N] [--pm25 X] [--sensor MODEL]
                                   [--sensor-b MODEL] [--listen ADDRESS] [--state-dir DIR] [--place NAME --latitude L --longitude L]
                                   [--no-openmeteo] [--verbose]

        Runs the real station — sensor driver, AQI pipeline, history database, LEDs, HTTP API — on an emulated
        sensor behind a pseudo-terminal. The LEDs are drawn in the terminal, the history goes to a temporary
        directory (deleted at the end), the API and status page listen on 127.0.0.1:8080 (another free port
        when that one is taken). Open-Meteo is asked for the reference and three cities when reachable, and
        marked unavailable otherwise. Prints where to look; stop with Ctrl-C.

        With --config FILE the demo runs your configuration (station name and place, Open-Meteo endpoints or
        proxy, MQTT broker, HTTP listen address, LED kind and palette, log level) and overrides only what it
        must: the sensor is the emulator (its model when yours is a UART sensor), the LEDs are drawn in the
        terminal, the history goes to a temporary directory (or --state-dir). Try your settings before any
        hardware arrives; the options below win over the file.

        Options:
          --config FILE    run this configuration file (checked as 'check-config' does; exit 78 when invalid)
          --scenario S     smoky-day (default: a realistic day with a smoke episode from 1 minute after the
                           start), steady, diurnal, smoke, drift-b (two sensors: B agrees with A for an
                           hour, drifts to 4× over two, stays off for two, is cleaned; every 6 hours), or
                           FILE with lines of 'seconds,pm25[,pm10]'
          --speed N        run the station's clock N times faster (1-600; default 1). At 60 an hour passes
                           in a minute: the NowCast forms in about 2 minutes, the 24-hour mean in 18. Open-Meteo
                           is off above 1 (the station's clock runs ahead of the world's)
          --pm25 X         the scenario's baseline PM2.5 in µg/m³ (default 10)
          --sensor MODEL   the emulated UART sensor (default pms5003): \(EmulateCommand.uartModels)
          --sensor-b MODEL a second emulated UART sensor (channel B, `sensor_b`), checked against the first
                           by the EPA's A/B rule (default with drift-b: the --sensor model)
          --listen ADDR    where the HTTP API listens (default 127.0.0.1:8080)
          --state-dir DIR  keep the history in DIR (created if needed, kept at the end)
          --place NAME     the name shown for the Open-Meteo place (default Berlin, 52.52, 13.41), with
          --latitude L, --longitude L   its coordinates
          --no-openmeteo   do not contact Open-Meteo
          --verbose        log at info level (default: notices and worse)
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        var options = DemoOptions()
        if let path = try arguments.option("--config") {
            let base = try StationConfigurationLoader.load(path: path, environment: [:])
            options.base = base
            options.basePath = path
            options.listen = base.http.listen
            if let model = base.sensor?.model, model.bus == .serial { options.model = model }
        }
        if let text = try arguments.option("--scenario") {
            options.scenario = try scenario(text)
        }
        if let speed = try number(arguments.option("--speed"), "--speed", 1...DemoOptions.maximumSpeed) {
            options.speed = speed
        }
        if let pm25 = try number(arguments.option("--pm25"), "--pm25", 0...1000) { options.baseline = pm25 }
        if let model = try arguments.option("--sensor") {
            guard let parsed = SensorModel(rawValue: model), parsed.bus == .serial else {
                throw UsageError("--sensor: expected one of \(EmulateCommand.uartModels), found '\(model)'")
            }
            options.model = parsed
        }
        if let model = try arguments.option("--sensor-b") {
            guard let parsed = SensorModel(rawValue: model), parsed.bus == .serial else {
                throw UsageError("--sensor-b: expected one of \(EmulateCommand.uartModels), found '\(model)'")
            }
            options.sensorB = parsed
        }
        if options.scenario == .driftB, options.sensorB == nil { options.sensorB = options.model }
        if let listen = try arguments.option("--listen") {
            do {
                options.listen = try ListenAddress(parsing: listen)
            } catch {
                throw UsageError("--listen: \(error.description)")
            }
        }
        options.stateDirectory = try arguments.option("--state-dir")
        let placeName = try arguments.option("--place")
        let latitude = try number(arguments.option("--latitude"), "--latitude", -90...90)
        let longitude = try number(arguments.option("--longitude"), "--longitude", -180...180)
        if latitude != nil || longitude != nil {
            guard let latitude, let longitude, let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
            else { throw UsageError("--latitude and --longitude go together") }
            options.place = NamedPlace(name: placeName ?? "\(latitude), \(longitude)", coordinate: coordinate)
            options.placeGiven = true
        } else if let placeName, let place = options.place {
            throw UsageError("--place \(placeName) needs --latitude and --longitude (the default is \(place.name))")
        }
        if arguments.flag("--no-openmeteo") { options.openMeteo = false }
        if arguments.flag("--verbose") { options.logLevel = .info }
        try arguments.finish()

        let writer = TerminalWriter()
        let demo = StationDemo(options: options, writer: writer, variables: ProcessInfo.processInfo.environment)
        let signals = TerminationSignals.shared
        signals.report { writer.line($0) }
        let watcher = Task {
            guard await signals.wait() != nil else { return }
            demo.shutdown()
        }
        defer { watcher.cancel() }
        do {
            try await demo.run()
        } catch {
            throw CommandFailure(error.description)
        }
        return ExitStatus.success
    }

    private static func scenario(_ text: String) throws(UsageError) -> DemoScenario {
        if let named = DemoScenario(name: text) { return named }
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(text)
        } catch {
            throw UsageError(
                "--scenario: '\(text)' is not \(DemoScenario.names.joined(separator: ", ")) or a readable file "
                    + "(\(error.message))")
        }
        do {
            return .recorded(try RecordedSeries(text: String(decoding: bytes, as: UTF8.self)))
        } catch {
            throw UsageError("--scenario \(text): \(error)")
        }
    }

    private static func number(_ text: String?, _ name: String, _ range: ClosedRange<Double>) throws(UsageError)
        -> Double?
    {
        guard let text else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
