// libFuzzer harness: Plantower streaming decoder (all layouts), its JSON report, and its invariants.
// Built only by `make fuzz` (BREEZE_FUZZ=1, -sanitize=fuzzer,address); traps are the harness's findings.
import JSON
import Sensors

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlantower(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the layout and the chunk size, so one corpus explores every layout and chunking.
    let variants = PlantowerVariant.allCases
    let variant = variants[Int(input[0]) % variants.count]
    let chunk = Int(input[0] >> 3) + 1
    let stream = Array(input.dropFirst())
    var decoder = FrameDecoder(variant: variant)
    var index = 0
    func check(_ event: DecodeEvent<PlantowerMessage>) {
        guard case .message(let message) = event else { return }
        let offset = decoder.lastMessageOffset
        switch message {
        case .data(let frame):
            precondition(frame.checksumOK && frame.lengthField == variant.lengthField, "invalid frame yielded")
            precondition(Array(stream[offset..<(offset + frame.bytes.count)]) == frame.bytes, "frame not at its offset")
            _ = frame.plausibility
            _ = DecodeReport.plantower(frame, model: .pms5003, offset: offset).serialized()
        case .acknowledgement(let ack):
            precondition(Array(stream[offset..<(offset + 8)]) == ack.bytes, "acknowledgement not at its offset")
        case .command(let command):
            precondition(Array(stream[offset..<(offset + 7)]) == command.bytes, "command not at its offset")
        }
    }
    while index < stream.count {
        let end = min(stream.count, index + chunk)
        decoder.append(stream[index..<end])
        while let event = decoder.next() { check(event) }
        index = end
        let statistics = decoder.statistics
        precondition(
            statistics.bytesReceived == statistics.bytesInFrames + statistics.bytesSkipped + decoder.pendingByteCount,
            "byte accounting")
    }
    decoder.endInput()
    while let event = decoder.next() { check(event) }
    precondition(decoder.pendingByteCount == 0, "bytes left after the end of input")
    var capture = CaptureDecoder(model: .pms5003st)
    for object in capture.decode(stream) + capture.finish() { _ = object.serialized() }
    return 0
}
