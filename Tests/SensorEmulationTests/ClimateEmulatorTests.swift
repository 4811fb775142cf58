import Foundation
import Sensors
import Testing

@testable import SensorEmulation

/// The climate emulators as state machines: conversion times, NACKs, reset values, and raw values that
/// compensate back to the scenario.
@Suite("Climate sensor emulators")
struct ClimateEmulatorTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("SHT3x: a read before the conversion ends NACKs; the result is read once")
    func sht3xTiming() throws {
        var device = SHTDevice(model: .sht3x)
        try device.write(SensirionClimateCodec.sht3xMeasureHighRepeatability, at: Self.start)
        #expect(throws: TransportError.self) { try device.read(count: 6, at: Self.start.addingTimeInterval(0.005)) }
        let reply = try device.read(count: 6, at: Self.start.addingTimeInterval(0.016))
        let values = try SensirionClimateCodec.decodeMeasurement(reply, model: .sht3x)
        #expect(abs(values.temperature - 22.5) < 0.01)
        #expect(throws: TransportError.self) { try device.read(count: 6, at: Self.start.addingTimeInterval(0.02)) }
        #expect(throws: TransportError.self) { try device.write([0x12, 0x34], at: Self.start) }
    }

    @Test("SHT4x answers its serial number with valid CRCs and NACKs SHT3x commands")
    func sht4xSerial() throws {
        var device = SHTDevice(model: .sht4x)
        try device.write(SensirionClimateCodec.sht4xReadSerial, at: Self.start)
        let reply = try device.read(count: 6, at: Self.start.addingTimeInterval(0.002))
        #expect(try SensirionClimateCodec.words(reply, count: 2, what: "serial") == [0x0F1E, 0x2D3C])
        #expect(throws: TransportError.self) { try device.write(SensirionClimateCodec.sht3xReadStatus, at: Self.start) }
    }

    @Test("BME280: reset values before a conversion, measuring for 10 ms, then data that compensates back")
    func bme280Conversion() throws {
        var device = BME280Device(conditions: .steady(temperature: -5.25, relativeHumidity: 81, pressure: 95_000))
        try device.write([0xF7], at: Self.start)
        #expect(try device.read(count: 8, at: Self.start) == [0x80, 0, 0, 0x80, 0, 0, 0x80, 0])
        try device.write([0xF2, 0x01, 0xF4, 0x25], at: Self.start)
        try device.write([0xF3], at: Self.start.addingTimeInterval(0.005))
        #expect(try device.read(count: 1, at: Self.start.addingTimeInterval(0.005)) == [0x08])
        try device.write([0xF7], at: Self.start.addingTimeInterval(0.011))
        let data = try device.read(count: 8, at: Self.start.addingTimeInterval(0.011))
        let values = try BME280Codec.decode(data: data, calibration: device.calibration)
        #expect(abs(values.temperature - -5.25) <= 0.01)
        #expect(abs(values.relativeHumidity - 81) <= 0.01)
        #expect(abs(values.pressure - 95_000) <= 1)
        try device.write([0xD0], at: Self.start)
        #expect(try device.read(count: 1, at: Self.start) == [0x60])
    }

    @Test("climate scenarios parse, and bad ones are named")
    func scenarios() throws {
        #expect(try ClimateScenario(parsing: "steady:20,50,100000") == .steady(
            temperature: 20, relativeHumidity: 50, pressure: 100_000))
        #expect(try ClimateScenario(parsing: "room") == .room)
        #expect(throws: ScenarioError.self) { try ClimateScenario(parsing: "steady:20,nan") }
    }
}
