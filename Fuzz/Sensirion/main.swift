// libFuzzer harness: SPS30 replies (float and uint16, streaming), SHDLC frames, Sensirion words, commands
// and the small replies. Built only by `make fuzz`; traps are the harness's findings.
import JSON
import Sensors

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSensirion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let stream = Array(input.dropFirst())
    let chunk = Int(input[0] % 64) + 1
    let format: SPS30MeasurementFormat = input[0] & 0x80 == 0 ? .float : .integer

    var replies = FrameDecoder(format: format)
    var shdlc = FrameDecoder(codec: SHDLCCodec())
    var index = 0
    while index < stream.count {
        let end = min(stream.count, index + chunk)
        replies.append(stream[index..<end])
        while let event = replies.next() {
            guard case .message(let measurement) = event else { continue }
            let offset = replies.lastMessageOffset
            let reply = stream[offset..<(offset + format.replyLength)]
            precondition((try? SensirionWords.decode(reply)) != nil, "a reply with a bad CRC was yielded")
            _ = measurement.plausibility
            _ = DecodeReport.sps30(measurement, format: format, offset: offset).serialized()
        }
        shdlc.append(stream[index..<end])
        while let event = shdlc.next() {
            guard case .message(let frame) = event else { continue }
            var again = FrameDecoder(codec: SHDLCCodec())
            precondition(again.decode(frame.bytes).compactMap(\.message) == [frame], "SHDLC frame does not round-trip")
            _ = frame.measurement?.plausibility
        }
        index = end
    }
    _ = replies.finish()
    _ = shdlc.finish()

    // The small replies and the command parser take any bytes.
    _ = try? SensirionWords.decode(stream)
    _ = try? SPS30Replies.dataReady(stream)
    _ = try? SPS30Replies.string(stream)
    _ = try? SPS30Replies.autoCleaningInterval(stream)
    _ = try? SPS30FirmwareVersion.decode(stream)
    _ = try? SPS30DeviceStatus.decode(stream)
    if let command = SPS30Command(bytes: stream) {
        precondition(SPS30Command(bytes: command.bytes) == command, "command does not round-trip")
    }
    var capture = CaptureDecoder(model: .sps30, sps30Format: format)
    for object in capture.decode(stream) + capture.finish() { _ = object.serialized() }
    return 0
}
