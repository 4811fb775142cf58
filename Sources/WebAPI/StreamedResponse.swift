import CMicroHTTPD
import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// A response whose body libmicrohttpd pulls from an ``HTTPBodyStream`` (MHD_create_response_from_callback,
/// size unknown: chunked on HTTP/1.1). One per request; libmicrohttpd frees it after sending, and the free
/// callback releases the cursor.
enum StreamedResponse {
    /// Bytes handed to libmicrohttpd per read at most.
    static let blockSize = 16 * 1024

    /// What the reader callback works through: the stream and the rest of its current chunk.
    final class Cursor {
        let stream: HTTPBodyStream
        let logger: Logger
        let path: String
        var chunk: [UInt8] = []
        var offset = 0

        init(stream: HTTPBodyStream, logger: Logger, path: String) {
            self.stream = stream
            self.logger = logger
            self.path = path
        }

        /// Copies up to `capacity` bytes into `buffer`: the count, -1 at the end, -2 to abort.
        func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
            while offset >= chunk.count {
                do {
                    guard let next = try stream.next() else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
                    chunk = next
                    offset = 0
                } catch {
                    logger.log(.error, every: .seconds(60), key: "stream \(path)", "\(path): response aborted: \(error)")
                    return -2  // MHD_CONTENT_READER_END_WITH_ERROR
                }
            }
            let count = min(capacity, chunk.count - offset)
            chunk.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                memcpy(buffer, base + offset, count)
            }
            offset += count
            return count
        }
    }

    /// The libmicrohttpd response for `source` (its status and headers, the body from `stream`), or nil when
    /// it cannot be allocated or a header is refused.
    static func make(_ source: HTTPResponse, stream: HTTPBodyStream, allowsAnyOrigin: Bool, logger: Logger, path: String)
        -> OpaquePointer?
    {
        let cursor = Unmanaged.passRetained(Cursor(stream: stream, logger: logger, path: path))
        // MHD_SIZE_UNKNOWN is ((uint64_t) -1), a macro Swift does not import.
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max, blockSize, streamReader, cursor.toOpaque(), streamRelease)
        else {
            cursor.release()
            return nil
        }
        var headers = source.headers
        if allowsAnyOrigin { headers.append(HTTPHeader("Access-Control-Allow-Origin", "*")) }
        for header in headers where MHD_add_response_header(response, header.name, header.value) != .YES {
            MHD_destroy_response(response)  // calls streamRelease
            return nil
        }
        return response
    }
}

/// libmicrohttpd's content reader; nonisolated, reaches its cursor only through the context.
private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -2 }
    return Unmanaged<StreamedResponse.Cursor>.fromOpaque(context).takeUnretainedValue()
        .read(into: buffer, capacity: capacity)
}

/// Called once when libmicrohttpd is done with the response (sent, aborted or never queued).
private let streamRelease: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<StreamedResponse.Cursor>.fromOpaque(context).release()
}
