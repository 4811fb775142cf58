// libFuzzer harness: SDS011 streaming decoder, replies, commands, reports and invariants.
// Built only by `make fuzz` (BREEZE_FUZZ=1, -sanitize=fuzzer,address); traps are the harness's findings.
import JSON
import Sensors

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSDS011(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let chunk = Int(input[0] % 32) + 1
    let stream = Array(input.dropFirst())
    var decoder = FrameDecoder(codec: SDS011Codec())
    var index = 0
    func check(_ event: DecodeEvent<SDS011Message>) {
        guard case .message(let message) = event else { return }
        let offset = decoder.lastMessageOffset
        let length: Int
        switch message {
        case .data(let reading):
            length = 10
            precondition(Array(stream[offset..<(offset + 10)]) == reading.bytes, "data frame does not round-trip")
            _ = reading.plausibility
            _ = DecodeReport.sds011(reading, offset: offset).serialized()
        case .reply(let reply):
            length = 10
            precondition(Array(stream[offset..<(offset + 10)]) == reply.bytes, "reply does not round-trip")
            _ = (reply.replyTo, reply.firmwareDate, reply.workingPeriodMinutes)
            _ = DecodeReport.sds011(reply, offset: offset).serialized()
        case .command(let request):
            // Commands may carry anything in their unused bytes: check the bytes as received.
            length = 19
            _ = request.name
        }
        let bytes = Array(stream[offset..<(offset + length)])
        var sum: UInt8 = 0
        for byte in bytes[2..<(bytes.count - 2)] { sum &+= byte }
        precondition(sum == bytes[bytes.count - 2] && bytes.last == 0xAB, "invalid frame yielded")
    }
    while index < stream.count {
        let end = min(stream.count, index + chunk)
        decoder.append(stream[index..<end])
        while let event = decoder.next() { check(event) }
        index = end
    }
    decoder.endInput()
    while let event = decoder.next() { check(event) }
    let statistics = decoder.statistics
    precondition(statistics.bytesReceived == statistics.bytesInFrames + statistics.bytesSkipped, "byte accounting")
    return 0
}
