/// Every subcommand, in the order `--help` lists them. Each area adds its commands in its own group.
enum CommandRegistry {
    static let all: [any Subcommand.Type] = station + foundation + sensors + leds + openMeteo + http + deployment + mqtt

    /// The AQI engine and the build.
    static let foundation: [any Subcommand.Type] = [
        AQICommand.self,
        VersionCommand.self,
    ]

    /// decode, emulate, probe.
    static let sensors: [any Subcommand.Type] = [
        DecodeCommand.self,
        EmulateCommand.self,
        ProbeCommand.self,
    ]

    /// leds test / show / chips.
    static let leds: [any Subcommand.Type] = [
        LEDsCommand.self,
    ]

    /// locate.
    static let openMeteo: [any Subcommand.Type] = [
        LocateCommand.self,
    ]

    /// serve (the HTTP endpoint on a snapshot file).
    static let http: [any Subcommand.Type] = [
        ServeCommand.self,
    ]

    /// run, demo, check-config, export.
    static let station: [any Subcommand.Type] = [
        RunCommand.self,
        DemoCommand.self,
        CheckConfigCommand.self,
        ExportCommand.self,
    ]

    /// doctor, boards.
    static let deployment: [any Subcommand.Type] = [
        DoctorCommand.self,
        BoardsCommand.self,
    ]

    /// mqtt-publish (the MQTT publisher on a snapshot file).
    static let mqtt: [any Subcommand.Type] = [
        MQTTPublishCommand.self,
    ]
}
