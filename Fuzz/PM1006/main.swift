// libFuzzer harness: the PM1006 streaming decoder in any chunking, the readings' plausibility and reports, and
// the capture decoder. Built only by `make fuzz`; traps are the harness's findings.
import JSON
import Sensors

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPM1006(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let stream = Array(input.dropFirst())
    let chunk = Int(input[0] % 64) + 1

    var decoder = PM1006FrameDecoder()
    var frames = 0
    var index = 0
    while index < stream.count {
        let end = min(stream.count, index + chunk)
        decoder.append(stream[index..<end])
        while let event = decoder.next() {
            guard case .message(let reading) = event else { continue }
            frames += 1
            let offset = decoder.lastMessageOffset
            let frame = Array(stream[offset..<(offset + 20)])
            precondition(frame.reduce(UInt8(0), &+) == 0, "a frame whose bytes do not sum to 0 was yielded")
            precondition(Array(frame.prefix(3)) == PM1006Codec.header, "a frame without the 16 11 0B header")
            precondition(reading.bytes == frame, "a frame does not round-trip")
            _ = reading.plausibility
            _ = reading.measurement
            _ = DecodeReport.pm1006(reading, offset: offset).serialized()
        }
        precondition(decoder.pendingByteCount <= 20 + chunk, "the decoder holds more than a frame and a chunk")
        index = end
    }
    _ = decoder.finish()
    precondition(decoder.statistics.frames == frames, "frame count differs from the frames yielded")

    var capture = CaptureDecoder(model: .pm1006)
    for object in capture.decode(stream) + capture.finish() { _ = object.serialized() }
    return 0
}
