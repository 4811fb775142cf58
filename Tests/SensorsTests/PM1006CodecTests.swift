import Testing

@testable import Sensors

/// The PM1006 codec on published captures and on torn, corrupted and garbage-laden streams.
@Suite("PM1006 codec")
struct PM1006CodecTests {
    /// Frames captured from real sensors and published (docs/sensors.md, "Cubic PM1006", lists the sources).
    static let captures: [(hex: String, pm25: UInt16, source: String)] = [
        ("16110b0000000c000003cb0000000c01000000e7", 12, "Hypfer/esp8266-vindriktning-particle-sensor SerialCom.h"),
        ("16110b000000170000069f0000001601000000fb", 23, "Hypfer/esp8266-vindriktning-particle-sensor issue 3"),
        ("16110b00000019000006a40000001801000000f2", 25, "Hypfer/esp8266-vindriktning-particle-sensor issue 3"),
        ("16110b00000018000006a30000001701000000f5", 24, "Hypfer/esp8266-vindriktning-particle-sensor issue 3"),
        ("16110b000000040000031f0000000401000000a3", 4, "elektronikforumet.com 'Ikea Vindriktning', 2021-07-11"),
        ("16110b00000005000003200000000501000000a0", 5, "elektronikforumet.com 'Ikea Vindriktning', 2021-07-11"),
    ]

    @Test("published captures decode to their PM2.5", arguments: 0..<6)
    func decodesCaptures(index: Int) throws {
        let capture = Self.captures[index]
        let bytes = try Hex.parse(capture.hex)
        var decoder = PM1006FrameDecoder()
        let events = decoder.decode(bytes)
        #expect(events.count == 1)
        guard case .message(let reading)? = events.first else {
            Issue.record("no frame in \(capture.source)")
            return
        }
        #expect(reading.pm25Raw == capture.pm25)
        #expect(reading.plausibility == .plausible)
        #expect(reading.bytes == bytes)
    }

    @Test("a corrupted checksum is rejected with the sum it found")
    func badChecksum() throws {
        var bytes = try Hex.parse(Self.captures[0].hex)
        bytes[19] ^= 0x01
        var decoder = PM1006FrameDecoder()
        let events = decoder.decode(bytes)
        guard case .error(let error)? = events.first else {
            Issue.record("expected an error, got \(events)")
            return
        }
        #expect(error.kind == .checksum)
        #expect(error.reason.contains("sum to 0xff") && error.reason.contains("expected 0xe7"))
        #expect(decoder.statistics.checksumErrors == 1)
        #expect(decoder.statistics.frames == 0)
    }

    @Test("garbage, a torn frame and byte-by-byte chunking still yield every valid frame")
    func resynchronises() throws {
        let frame = try Hex.parse(Self.captures[0].hex)
        let other = PM1006Reading(pm25: 57).bytes
        let stream: [UInt8] = [0x16, 0x16, 0x11, 0x00, 0xFF] + frame.prefix(11) + frame + [0x16, 0x11] + other
        var decoder = PM1006FrameDecoder()
        var values: [UInt16] = []
        for byte in stream {
            for case .message(let reading) in decoder.decode([byte]) { values.append(reading.pm25Raw) }
        }
        for case .message(let reading) in decoder.finish() { values.append(reading.pm25Raw) }
        #expect(values == [12, 57])
        #expect(decoder.statistics.frames == 2)
        #expect(decoder.statistics.bytesSkipped == stream.count - 40)
    }

    @Test("the Vindriktning's own request is not mistaken for a frame")
    func requestIgnored() {
        var decoder = PM1006FrameDecoder()
        let events = decoder.decode([0x11, 0x02, 0x0B, 0x01, 0xE1]) + decoder.finish()
        #expect(events.allSatisfy { if case .message = $0 { false } else { true } })
        #expect(decoder.statistics.frames == 0)
    }

    @Test("plausibility: all-zero data warms up, 0xFFFF is a sentinel, above 1000 µg/m³ is out of range")
    func plausibility() {
        #expect(PM1006Reading(dataBytes: []).plausibility == .warmingUp("all-zero data frame: the sensor is not ready"))
        #expect(!PM1006Reading(pm25: 0xFFFF).plausibility.isPlausible)
        #expect(!PM1006Reading(pm25: 1001).plausibility.isPlausible)
        #expect(PM1006Reading(pm25: 1000).plausibility.isPlausible)
    }
}
