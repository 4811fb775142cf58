import Foundation
import Testing
import ThreadTestSupport

/// `decode`, `emulate` and `probe` as users and scripts run them.
@Suite("Sensor commands", .dedicatedThread)
struct SensorCommandTests {
    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return object as? [String: Any] ?? [:]
        }
    }

    @Test func decodePrintsTheVectorFieldNames() async throws {
        let result = try await StationBinary.run([
            "decode", "--sensor", "pms5003t", "--hex",
            "424d001c001700270029001600230029100804a90116000c00d400e09a0004aa",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try Self.objects(result.stdout).first)
        #expect(object["type"] as? String == "data")
        #expect(object["pm25_atm_ugm3"] as? Double == 35)
        #expect(object["n_gt0_3um_per_0_1L"] as? Double == 4104)
        #expect(object["temperature_c"] as? Double == 21.2)
        #expect(object["humidity_pct"] as? Double == 22.4)
        #expect(object["checksum_ok"] as? Bool == true)
        #expect(object["version_byte"] as? String == "0x9a")
    }

    @Test func decodeReportsRepliesCommandsAndErrors() async throws {
        let result = try await StationBinary.run([
            "decode", "--sensor", "sds011", "--hex",
            "aac502000100a16004ab aab406010000000000000000000000ffff05ab aac04b005000e977fcab",
        ])
        #expect(result.status == 1, "an error was reported")
        let objects = try Self.objects(result.stdout)
        #expect(objects.map { $0["type"] as? String } == ["reply", "command", "error"])
        #expect(objects[0]["reply_to"] as? String == "0x02 reporting mode, query")
        #expect(objects[0]["mode"] as? Double == 1)
        #expect(objects[1]["command"] as? String == "0x06 set sleep (broadcast)")
        #expect(objects[2]["kind"] as? String == "checksum")
        #expect((objects[2]["reason"] as? String)?.contains("checksum mismatch") == true)
        #expect(objects[2]["checksum_ok"] as? Bool == false)
    }

    @Test func decodeReadsRawAndHexFilesAndStandardInput() async throws {
        let frame: [UInt8] = [0xAA, 0xC0, 0x06, 0x00, 0x06, 0x00, 0x58, 0xD9, 0x3D, 0xAB]
        let directory = FileManager.default.temporaryDirectory
        let raw = directory.appendingPathComponent("capture-\(UUID().uuidString).bin")
        try Data([0x00, 0x13] + frame + frame).write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        let fromFile = try await StationBinary.run(["decode", "--sensor", "sds011", raw.path])
        let fileObjects = try Self.objects(fromFile.stdout)
        #expect(fileObjects.map { $0["type"] as? String } == ["error", "data", "data"])
        #expect(fileObjects[1]["pm25_ugm3"] as? Double == 0.6)
        #expect(fileObjects[1]["device_id_bytes"] as? String == "58 d9")

        let hex = "aac00600060058d93dab\naac00900090058d943ab\n"
        let fromStandardInput = try await StationBinary.run(["decode", "--sensor", "sds011", "-"], stdin: hex)
        #expect(fromStandardInput.status == 0)
        #expect(try Self.objects(fromStandardInput.stdout).compactMap { $0["pm10_ugm3"] as? Double } == [0.6, 0.9])
    }

    @Test func decodeRefusesBadArguments() async throws {
        for arguments in [
            ["decode"], ["decode", "--sensor", "pms9999", "--hex", "00"],
            ["decode", "--sensor", "pms5003", "--hex", "4g"],
            ["decode", "--sensor", "pms5003", "--hex", "42", "file"],
        ] {
            let result = try await StationBinary.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func decodesPM1006Captures() async throws {
        // Hypfer's sample frame, then the same with a corrupted checksum byte.
        let result = try await StationBinary.run([
            "decode", "--sensor", "pm1006", "--hex",
            "16110b0000000c000003cb0000000c01000000e7 16110b0000000c000003cb0000000c01000000e8",
        ])
        #expect(result.status == 1, "the corrupted frame is an error: \(result.stderr)")
        let objects = try Self.objects(result.stdout)
        #expect(objects.map { $0["type"] as? String } == ["data", "error"])
        #expect(objects[0]["sensor"] as? String == "pm1006")
        #expect(objects[0]["pm25_ugm3"] as? Double == 12)
        #expect(objects[0]["checksum_ok"] as? Bool == true)
        #expect(objects[0]["plausible"] as? Bool == true)
        #expect(objects[1]["kind"] as? String == "checksum")
    }

    @Test(arguments: ["pms5003", "sds011", "hpma115c0", "pm1006"])
    func emulateThenProbeFindsTheSensor(model: String) async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("emulated-\(UUID().uuidString)").path
        let emulator = try BackgroundStation(["emulate", "--sensor", model, "--link", link, "--pm25", "20"])
        let path = try #require(emulator.firstLine(timeout: 10))
        #expect(path.hasPrefix("/dev/pts/"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == path)

        let probe = try await StationBinary.run(["probe", "--serial", link])
        #expect(probe.status == 0, "\(probe.stderr)")
        let object = try probe.json()
        #expect(object["sensor"] as? String == model)
        #expect(object["path"] as? String == link)

        let status = emulator.terminate()
        #expect(status == 0)
        #expect(!FileManager.default.fileExists(atPath: link), "the link is removed on exit")
    }

    @Test func emulateRefusesI2CSensors() async throws {
        let result = try await StationBinary.run(["emulate", "--sensor", "sps30"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("I²C"))
    }

    @Test func probeExplainsWhenNothingIsThere() async throws {
        let missing = try await StationBinary.run(["probe", "--serial", "/dev/ttyBREEZE-missing"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot open /dev/ttyBREEZE-missing"))
        let bus = try await StationBinary.run(["probe", "--i2c-bus", "250"])
        #expect(bus.status == 1)
        #expect(bus.stderr.contains("/dev/i2c-250"))
        #expect(try await StationBinary.run(["probe"]).status == 2)
        #expect(try await StationBinary.run(["probe", "--serial", "/dev/x", "--i2c-bus", "1"]).status == 2)
    }

    @Test func probeOfASilentPortFailsClearly() async throws {
        // An emulator that never answers: a pty that exists but where nothing talks.
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString)").path
        let emulator = try BackgroundStation(["emulate", "--sensor", "pms5003", "--link", link, "--faults", "stall"])
        _ = emulator.firstLine(timeout: 10)
        let probe = try await StationBinary.run(["probe", "--serial", link])
        _ = emulator.terminate()
        #expect(probe.status == 1)
        #expect(probe.stderr.contains("no supported sensor answered on \(link)"))
    }
}

/// A `breeze-station` process left running (an emulator), read line by line, stopped with SIGTERM.
final class BackgroundStation: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = StationBinary.url
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The first line of standard output, waiting up to `timeout` seconds.
    func firstLine(timeout: TimeInterval) -> String? {
        var collected = Data()
        let deadline = Date().addingTimeInterval(timeout)
        let handle = output.fileHandleForReading
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            collected.append(chunk)
            if let newline = collected.firstIndex(of: 0x0A) {
                return String(decoding: collected[..<newline], as: UTF8.self)
            }
        }
        return nil
    }

    /// Sends SIGTERM and returns the exit status.
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
