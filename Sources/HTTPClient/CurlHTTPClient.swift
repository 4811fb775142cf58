import Synchronization
/// The HTTP client on libcurl: GET and POST requests with timeouts, a size limit, TLS verification and gzip.
///
/// One client owns one worker thread and one libcurl multi handle, so any number of concurrent requests
/// share a thread and a connection cache. Create one per process and share it; it is `Sendable`.
/// Retries are not done here: wrap it in ``RetryingHTTPTransport``.
///
/// ```swift
/// let client = try CurlHTTPClient(options: HTTPClientOptions(timeout: .seconds(20)))
/// let response = try await client.send(HTTPRequest(url: "https://api.open-meteo.com/v1/forecast?..."))
/// ```
public final class CurlHTTPClient: HTTPTransport {
    /// The limits every request gets.
    public let options: HTTPClientOptions
    private let worker: CurlMultiWorker

    /// Starts the client's worker thread.
    ///
    /// - Throws: ``HTTPClientError`` (`clientUnavailable`) when libcurl cannot be initialised or the thread
    ///   cannot be started.
    public init(options: HTTPClientOptions = HTTPClientOptions()) throws(HTTPClientError) {
        guard let worker = CurlMultiWorker() else {
            throw HTTPClientError(
                kind: .clientUnavailable, url: "", detail: "cannot start the HTTP client (libcurl \(CurlGlobal.version))")
        }
        self.options = options
        self.worker = worker
    }

    deinit { worker.stop() }

    /// The libcurl in use, e.g. `libcurl/7.88.1 OpenSSL/3.0.15 zlib/1.2.13 ...`.
    public static var libcurlVersion: String { CurlGlobal.version }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let transfer = try CurlTransfer(request: request, options: options)
        let worker = self.worker
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) in
                transfer.continuation = continuation
                if !worker.submit(transfer) {
                    transfer.resume(with: .failure(transfer.error(.clientUnavailable, "the HTTP client was shut down")))
                }
            }
        } onCancel: {
            transfer.cancelRequested.store(true, ordering: .releasing)
            worker.wake()
        }
        return try result.get()
    }

    /// Aborts the requests in flight (they fail with `clientUnavailable`) and stops the worker thread.
    /// Later requests fail the same way. Called automatically when the client is released.
    public func shutdown() { worker.stop() }
}
