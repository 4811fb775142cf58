/// Decoders for the SPS30's small replies (data-ready, strings, the cleaning interval).
public enum SPS30Replies {
    /// Data-ready (0x0202, `00 flag crc`): whether new values wait.
    public static func dataReady(_ reply: some Collection<UInt8>) throws(SensirionWordError) -> Bool {
        guard reply.count == 3 else { throw .length(reply.count) }
        return try SensirionWords.decode(reply)[0] & 0x00FF == 1
    }

    /// An ASCII string reply (product type, serial number), NUL-terminated, CRCs checked.
    public static func string(_ reply: some Collection<UInt8>) throws(SensirionWordError) -> String {
        let bytes = try SensirionWords.decodeBytes(reply)
        let text = bytes.prefix { $0 != 0 }
        return String(decoding: text.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// The reply of `length` bytes (12 for the product type, 48 for the serial) carrying `text`, NUL-padded when
    /// shorter than the data bytes (emulators, tests).
    public static func stringReply(_ text: String, length: Int) -> [UInt8] {
        let dataLength = length / 3 * 2
        var bytes = Array(text.utf8.prefix(dataLength))
        bytes += [UInt8](repeating: 0, count: dataLength - bytes.count)
        let words = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return SensirionWords.encode(words)
    }

    /// The automatic fan-cleaning interval in seconds (0x8004 read, 6 bytes).
    public static func autoCleaningInterval(_ reply: some Collection<UInt8>) throws(SensirionWordError) -> UInt32 {
        guard reply.count == 6 else { throw .length(reply.count) }
        let words = try SensirionWords.decode(reply)
        return UInt32(words[0]) << 16 | UInt32(words[1])
    }
}
