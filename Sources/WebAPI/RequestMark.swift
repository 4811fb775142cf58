#if canImport(Glibc)
    import Glibc
#endif

/// What the server keeps about one request, packed into libmicrohttpd's `*request_context` pointer (so
/// nothing is allocated or freed per request): the raw request target's length as the URI hook saw it,
/// whether it held `%00`, and whether the headers were already seen. Bit 0 is always set, so the pointer is
/// never null.
struct RequestMark {
    var rawTargetLength: Int
    var hasNUL: Bool
    var headersSeen = false

    init(rawTargetLength: Int, hasNUL: Bool) {
        self.rawTargetLength = rawTargetLength
        self.hasNUL = hasNUL
    }

    /// The mark from a request context; a null one (no hook ran) reads as "nothing seen".
    init(_ pointer: UnsafeMutableRawPointer?) {
        let bits = UInt(bitPattern: pointer.map { Int(bitPattern: $0) } ?? 0)
        rawTargetLength = Int(bits >> 3)
        hasNUL = bits & 0b100 != 0
        headersSeen = bits & 0b010 != 0
    }

    var pointer: UnsafeMutableRawPointer? {
        let length = UInt(min(rawTargetLength, Int(UInt32.max)))
        let bits = length << 3 | (hasNUL ? 0b100 : 0) | (headersSeen ? 0b010 : 0) | 1
        return UnsafeMutableRawPointer(bitPattern: bits)
    }

    /// The request target's length as received, raw NULs included (0 when unknown). libmicrohttpd ends the
    /// target where it found the space before the HTTP version (and writes a NUL there), so the target's
    /// bytes run from `url` to just before `version`; a C string shorter than that at the URI hook
    /// (``rawTargetLength``) held a NUL of its own.
    static func targetSpan(url: UnsafePointer<CChar>, version: UnsafePointer<CChar>?) -> Int {
        guard let version, version.pointee != 0 else { return 0 }
        let span = version - url - 1
        guard span > 0, span < 1 << 20 else { return 0 }
        return span
    }
}
