import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// A response encoded once into libmicrohttpd and queued on every request that asks for it.
///
/// libmicrohttpd reference-counts responses: each queued request holds one reference and this object
/// holds its own until `deinit`, so replacing a prepared response while requests are still sending it is
/// safe. The body is copied into libmicrohttpd's memory once (MHD_ResponseMemoryMode.RESPMEM_MUST_COPY), never per request,
/// and never handed over as MUST_FREE, which would make libmicrohttpd free Swift's memory.
final class PreparedResponse: @unchecked Sendable {
    // @unchecked: the pointers are written once in init and only read afterwards; libmicrohttpd guards a
    // response's reference count with its own mutex, so queueing from several threads is safe.
    let status: UInt32
    let response: OpaquePointer
    /// The 304 twin (same validators and caching headers, no body); nil when not entity-tagged.
    let notModified: OpaquePointer?
    /// `"…"` as a C string, for comparing with If-None-Match without allocating; nil when not entity-tagged.
    let entityTag: UnsafeMutablePointer<CChar>?

    /// Encodes `response`, adding `Access-Control-Allow-Origin: *` when `allowsAnyOrigin`. Returns nil when
    /// libmicrohttpd cannot allocate it or a header is refused (contains a line break).
    init?(_ source: HTTPResponse, allowsAnyOrigin: Bool) {
        var headers = source.headers
        if allowsAnyOrigin { headers.append(HTTPHeader("Access-Control-Allow-Origin", "*")) }
        var tag: String?
        if source.entityTagged && source.status == 200 {
            let value = EntityTag.strong(for: source.body)
            tag = value
            headers.append(HTTPHeader("ETag", value))
        }
        guard let response = Self.make(status: source.status, body: source.body, headers: headers) else { return nil }
        self.status = UInt32(clamping: source.status)
        self.response = response
        if let tag {
            // RFC 9110 §15.4.5: a 304 carries the validators and the caching headers a 200 would have.
            let kept = headers.filter { header in
                let name = header.name.lowercased()
                return name == "etag" || name == "cache-control" || name == "vary"
                    || name == "access-control-allow-origin" || name == "expires"
            }
            guard let notModified = Self.make(status: 304, body: [], headers: kept) else {
                MHD_destroy_response(response)
                return nil
            }
            self.notModified = notModified
            self.entityTag = strdup(tag)
        } else {
            self.notModified = nil
            self.entityTag = nil
        }
    }

    deinit {
        MHD_destroy_response(response)
        if let notModified { MHD_destroy_response(notModified) }
        free(entityTag)
    }

    private static func make(status: Int, body: [UInt8], headers: [HTTPHeader]) -> OpaquePointer? {
        let created: OpaquePointer? = body.withUnsafeBytes { buffer in
            // A zero-length body still needs a valid pointer.
            var empty: UInt8 = 0
            let base = buffer.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) }
            return withUnsafeMutablePointer(to: &empty) { fallback in
                MHD_create_response_from_buffer(buffer.count, base ?? UnsafeMutableRawPointer(fallback), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return nil }
        for header in headers where MHD_add_response_header(created, header.name, header.value) != .YES {
            MHD_destroy_response(created)
            return nil
        }
        return created
    }

    /// Whether an `If-None-Match` field value matches this response's tag (RFC 9110 §13.1.2: weak
    /// comparison, a list of tags, or `*`).
    func matches(ifNoneMatch field: UnsafePointer<CChar>) -> Bool {
        guard let entityTag else { return false }
        if strcmp(field, entityTag) == 0 { return true }
        return EntityTag.listMatches(String(cString: field), tag: String(cString: entityTag))
    }
}
