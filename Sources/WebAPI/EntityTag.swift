/// Entity tags for pre-encoded bodies.
enum EntityTag {
    /// A strong tag from the body's 64-bit FNV-1a hash and length: `"<16 hex digits>-<length hex>"`.
    static func strong(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "-" + String(body.count, radix: 16) + "\""
    }

    /// Whether the `If-None-Match` list `field` names `tag` (weak comparison) or is `*`.
    static func listMatches(_ field: String, tag: String) -> Bool {
        let opaque = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
        for item in field.split(separator: ",") {
            var candidate = item.trimmingSpaces()
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate = String(candidate.dropFirst(2)) }
            if candidate == opaque { return true }
        }
        return false
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
