internal import CCurl

/// libcurl's process-wide initialisation, done once.
///
/// `curl_global_init` must run before any other libcurl call and must not race with itself. A Swift global
/// `let` is initialised exactly once, lazily and thread-safely (swift_once), so every client touches
/// ``initialised`` before creating handles. It is never cleaned up: the process exits instead.
enum CurlGlobal {
    /// The result of `curl_global_init(CURL_GLOBAL_DEFAULT)`.
    static let result: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// Whether libcurl is ready for use.
    static var initialised: Bool { result == CURLE_OK }

    /// libcurl's version string, e.g. `libcurl/7.88.1 OpenSSL/3.0.15 zlib/1.2.13`.
    static var version: String { String(cString: curl_version()) }
}
