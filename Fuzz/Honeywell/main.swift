// libFuzzer harness: Honeywell HPMA115 streaming decoder (both variants), reports and invariants.
// Built only by `make fuzz` (BREEZE_FUZZ=1, -sanitize=fuzzer,address); traps are the harness's findings.
import JSON
import Sensors

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHoneywell(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let variant: HoneywellVariant = input[0] & 1 == 0 ? .s0 : .c0
    let chunk = Int((input[0] >> 1) % 32) + 1
    let stream = Array(input.dropFirst())
    var decoder = FrameDecoder(variant: variant)
    var index = 0
    func check(_ event: DecodeEvent<HoneywellMessage>) {
        guard case .message(let message) = event else { return }
        let offset = decoder.lastMessageOffset
        switch message {
        case .reading(let reading) where reading.source == .autoSend:
            let frame = stream[offset..<(offset + 32)]
            var sum: UInt16 = 0
            for byte in frame.prefix(30) { sum &+= UInt16(byte) }
            precondition(sum == UInt16(frame[offset + 30]) << 8 | UInt16(frame[offset + 31]), "invalid auto-send frame")
        case .reading, .adjustmentCoefficient, .command:
            let length = Int(stream[offset + 1]) + 3
            var sum: UInt8 = 0
            for byte in stream[offset..<(offset + length)] { sum &+= byte }
            precondition(sum == 0, "invalid short frame yielded")
        case .acknowledgement:
            precondition(stream[offset] == 0xA5 && stream[offset + 1] == 0xA5, "not an acknowledgement")
        case .negativeAcknowledgement:
            precondition(stream[offset] == 0x96 && stream[offset + 1] == 0x96, "not a negative acknowledgement")
        }
        _ = DecodeReport.honeywell(message, model: .hpma115c0, offset: offset).serialized()
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
