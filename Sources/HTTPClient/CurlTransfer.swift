#if canImport(Glibc)
    import Glibc
#endif
internal import CCurl
import Synchronization

/// One request on one libcurl easy handle: its options, the body and header fields as they arrive, and the
/// continuation of the task waiting for it.
///
/// `@unchecked Sendable`: the handle and buffers are touched by the creating task until the transfer is
/// submitted, then only by the worker thread (libcurl calls the write callbacks from `curl_multi_perform`
/// on that thread). ``cancelRequested`` is atomic, and the worker resumes the continuation exactly once.
final class CurlTransfer: @unchecked Sendable {
    /// libcurl's minimum size of CURLOPT_ERRORBUFFER.
    private static let errorBufferSize = 256
    /// Most header bytes kept; more are dropped (a response's header fields are small).
    private static let maximumHeaderBytes = 64 * 1024

    let request: HTTPRequest
    /// The `CURL *` easy handle.
    let easy: UnsafeMutableRawPointer
    private let limit: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body: [UInt8] = []
    private var headerFields: [HTTPHeaderField] = []
    private var headerBytes = 0
    private var exceededLimit = false

    /// Set by the waiting task's cancellation handler; the worker aborts the transfer when it sees it.
    let cancelRequested = Atomic<Bool>(false)
    /// Resumed once with the outcome, by the worker thread.
    var continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>?

    /// Creates the easy handle and sets every option.
    init(request: HTTPRequest, options: HTTPClientOptions) throws(HTTPClientError) {
        self.request = request
        self.limit = max(0, options.maximumResponseBytes)
        guard Self.isAcceptable(url: request.url) else {
            throw HTTPClientError(kind: .invalidURL, url: request.url, detail: "not an absolute http or https URL")
        }
        guard CurlGlobal.initialised else {
            throw HTTPClientError(kind: .clientUnavailable, url: request.url, detail: "libcurl could not be initialised")
        }
        guard let easy = curl_easy_init() else {
            throw HTTPClientError(kind: .clientUnavailable, url: request.url, detail: "curl_easy_init failed")
        }
        self.easy = easy
        errorBuffer = .allocate(capacity: Self.errorBufferSize)
        errorBuffer.initialize(repeating: 0, count: Self.errorBufferSize)
        try configure(options: options)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(options: HTTPClientOptions) throws(HTTPClientError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var results: [(String, CURLcode)] = [
            ("URL", breeze_curl_easy_setopt_string(easy, CURLOPT_URL, request.url)),
            ("PROTOCOLS_STR", breeze_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")),
            ("REDIR_PROTOCOLS_STR", breeze_curl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")),
            ("NOSIGNAL", breeze_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)),
            ("CONNECTTIMEOUT_MS",
             breeze_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.curlMilliseconds)),
            ("TIMEOUT_MS", breeze_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, options.timeout.curlMilliseconds)),
            ("SSL_VERIFYPEER", breeze_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)),
            ("SSL_VERIFYHOST", breeze_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)),
            // "" = every encoding this libcurl can decode (gzip, deflate, ...); the body arrives decoded.
            ("ACCEPT_ENCODING", breeze_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")),
            ("USERAGENT", breeze_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, options.userAgent)),
            ("FOLLOWLOCATION", breeze_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, options.maximumRedirects > 0 ? 1 : 0)),
            ("MAXREDIRS", breeze_curl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, max(0, options.maximumRedirects))),
            // Refuses early when Content-Length announces too much; the write callback enforces the decoded size.
            ("MAXFILESIZE_LARGE", breeze_curl_easy_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))),
            ("ERRORBUFFER", breeze_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)),
            ("WRITEFUNCTION", breeze_curl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, curlBodyCallback)),
            ("WRITEDATA", breeze_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)),
            ("HEADERFUNCTION", breeze_curl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback)),
            ("HEADERDATA", breeze_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)),
        ]
        results += configureMethod()
        var list: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Accept: application/json")
        if request.method == .post {
            // An empty `Expect:` removes libcurl's `Expect: 100-continue` on larger bodies: a server that
            // never answers `100 Continue` would cost every upload a second's wait.
            list = curl_slist_append(list, "Expect:")
        }
        for field in request.headers {
            list = curl_slist_append(list, "\(field.name): \(field.value)")
        }
        headerList = list
        results.append(("HTTPHEADER", breeze_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, list)))
        if let failed = results.first(where: { $0.1 != CURLE_OK }) {
            let reason = String(cString: curl_easy_strerror(failed.1))
            throw HTTPClientError(
                kind: failed.0 == "URL" ? .invalidURL : .clientUnavailable, url: request.url,
                detail: "libcurl refused CURLOPT_\(failed.0): \(reason)")
        }
    }

    /// GET, or POST with the body: its size first, so libcurl copies exactly that many bytes (a body may
    /// hold zeros), then the bytes, which libcurl copies before this returns.
    private func configureMethod() -> [(String, CURLcode)] {
        switch request.method {
        case .get:
            return [("HTTPGET", breeze_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))]
        case .post:
            var results = [
                ("POST", breeze_curl_easy_setopt_long(easy, CURLOPT_POST, 1)),
                ("POSTFIELDSIZE_LARGE",
                 breeze_curl_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))),
            ]
            // One byte more than the body, so an empty body still has an address to pass.
            let bytes = request.body + [0]
            let copied = bytes.withUnsafeBufferPointer { buffer in
                breeze_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
            }
            results.append(("COPYPOSTFIELDS", copied))
            return results
        }
    }

    /// An absolute `http`/`https` URL without whitespace or control characters.
    static func isAcceptable(url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let afterScheme = lower.drop { $0 != ":" }.dropFirst(3)
        guard let first = afterScheme.first, first != "/" else { return false }
        return !url.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }

    // MARK: Callbacks (worker thread)

    /// Appends body bytes; returns fewer than given (aborting the transfer) past the size limit.
    fileprivate func appendBody(_ data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        guard body.count + count <= limit else {
            exceededLimit = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        }
        return count
    }

    /// Records one header line. A new status line (after a redirect or `100 Continue`) starts over.
    fileprivate func appendHeaderLine(_ data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        let line = data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        if line.hasPrefix("HTTP/") {
            headerFields = []
            headerBytes = 0
            return count
        }
        headerBytes += count
        guard headerBytes <= Self.maximumHeaderBytes, let colon = line.firstIndex(of: ":") else { return count }
        let name = line[..<colon].trimmingSpaces
        let value = line[line.index(after: colon)...].trimmingSpaces
        if !name.isEmpty { headerFields.append(HTTPHeaderField(name: name, value: value)) }
        return count
    }

    // MARK: Outcome (worker thread)

    /// The outcome of the finished transfer, from libcurl's result code.
    func outcome(code: CURLcode) -> Result<HTTPResponse, HTTPClientError> {
        if code == CURLE_OK {
            var status = 0
            _ = breeze_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            return .success(HTTPResponse(status: status, headers: headerFields, body: body, url: request.url))
        }
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(error(.responseTooLarge, "response larger than the limit of \(limit) bytes; transfer aborted"))
        }
        let message = String(cString: errorBuffer)
        let reason = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .failure(error(.invalidURL, reason))
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .failure(error(.nameResolution, reason))
        case CURLE_COULDNT_CONNECT:
            var osError = 0
            _ = breeze_curl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osError)
            let cause = osError != 0 ? String(cString: strerror(Int32(osError))).lowercased() : reason
            return .failure(error(.connectionFailed, "cannot connect: \(cause)"))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(error(.timedOut, "timed out: \(reason)"))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_ENGINE_NOTFOUND:
            return .failure(error(.tls, "TLS failure: \(reason)"))
        default:
            return .failure(error(.transferFailed, "transfer failed: \(reason)"))
        }
    }

    func error(_ kind: HTTPClientError.Kind, _ detail: String) -> HTTPClientError {
        HTTPClientError(kind: kind, url: request.url, detail: detail)
    }

    /// Resumes the waiting task; later calls do nothing.
    func resume(with result: Result<HTTPResponse, HTTPClientError>) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(returning: result)
    }
}

/// CURLOPT_WRITEFUNCTION: `context` is the unretained ``CurlTransfer``, kept alive by the worker.
private let curlBodyCallback: breeze_curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().appendBody(data, count: size * count)
}

/// CURLOPT_HEADERFUNCTION: one complete header line per call.
private let curlHeaderCallback: breeze_curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().appendHeaderLine(data, count: size * count)
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        // `isWhitespace` also matches "\r\n", which Swift reads as one Character.
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
