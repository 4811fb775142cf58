internal import CCurl
import POSIX
import Synchronization

/// The thread that runs every transfer of one client on a libcurl multi handle.
///
/// Tasks hand transfers over through ``submit(_:)`` and wait on a continuation; the worker adds them to the
/// multi handle, drives them with `curl_multi_perform`, sleeps in `curl_multi_poll` (woken early by
/// `curl_multi_wakeup` when work arrives), and resumes each task with its outcome. No blocking call ever
/// runs on Swift's cooperative pool, and one thread serves any number of concurrent requests.
///
/// `@unchecked Sendable`: the multi handle and ``active`` are used only on the worker thread, except
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread; the rest is in a `Mutex`.
final class CurlMultiWorker: @unchecked Sendable {
    private struct Inbox {
        var incoming: [CurlTransfer] = []
        var stopping = false
    }

    /// Longest sleep in `curl_multi_poll` while transfers run; libcurl shortens it to its own timers.
    private static let busyPollMilliseconds: Int32 = 1000
    /// Longest sleep with nothing to do (new work and stop requests wake the thread at once): a Pi's idle
    /// thread should not wake every second.
    private static let idlePollMilliseconds: Int32 = 60_000

    /// The `CURLM *` multi handle.
    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// Transfers on the multi handle, by easy handle (worker thread only).
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// Creates the multi handle and starts the thread; nil when either fails.
    init?() {
        guard CurlGlobal.initialised, let multi = curl_multi_init() else { return nil }
        self.multi = multi
        // A Pi talks to a handful of hosts; a few connections each are plenty.
        _ = breeze_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 4)
        do {
            try DedicatedThread.detach(name: "breeze-curl") { [self] in self.run() }
        } catch {
            curl_multi_cleanup(multi)
            return nil
        }
    }

    /// Queues `transfer`; false when the worker is stopping (the transfer was not taken).
    func submit(_ transfer: CurlTransfer) -> Bool {
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopping else { return false }
            inbox.incoming.append(transfer)
            return true
        }
        if accepted { curl_multi_wakeup(multi) }
        return accepted
    }

    /// Wakes the worker so it notices a cancellation.
    func wake() { curl_multi_wakeup(multi) }

    /// Asks the worker to abort what is left and exit.
    func stop() {
        inbox.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    // MARK: The worker thread

    private func run() {
        while true {
            let (incoming, stopping) = inbox.withLock { inbox in
                defer { inbox.incoming = [] }
                return (inbox.incoming, inbox.stopping)
            }
            for transfer in incoming { add(transfer) }
            for transfer in active.values where transfer.cancelRequested.load(ordering: .acquiring) {
                finish(transfer, with: .failure(transfer.error(.cancelled, "cancelled")))
            }
            if stopping {
                for transfer in active.values {
                    finish(transfer, with: .failure(transfer.error(.clientUnavailable, "the HTTP client was shut down")))
                }
                break
            }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectFinished()
            var ready: Int32 = 0
            let timeout = active.isEmpty ? Self.idlePollMilliseconds : Self.busyPollMilliseconds
            _ = curl_multi_poll(multi, nil, 0, timeout, &ready)
        }
        curl_multi_cleanup(multi)
    }

    private func add(_ transfer: CurlTransfer) {
        if transfer.cancelRequested.load(ordering: .acquiring) {
            transfer.resume(with: .failure(transfer.error(.cancelled, "cancelled")))
            return
        }
        let code = curl_multi_add_handle(multi, transfer.easy)
        guard code == CURLM_OK else {
            let reason = String(cString: curl_multi_strerror(code))
            transfer.resume(with: .failure(transfer.error(.clientUnavailable, "curl_multi_add_handle: \(reason)")))
            return
        }
        active[transfer.easy] = transfer
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard breeze_curl_msg_is_done(message) != 0, let easy = breeze_curl_msg_easy_handle(message),
                let transfer = active[easy]
            else { continue }
            finish(transfer, with: transfer.outcome(code: breeze_curl_msg_result(message)))
        }
    }

    /// Takes the transfer off the multi handle and resumes its task. The transfer (and its easy handle) is
    /// released when the task drops it.
    private func finish(_ transfer: CurlTransfer, with result: Result<HTTPResponse, HTTPClientError>) {
        _ = curl_multi_remove_handle(multi, transfer.easy)
        active[transfer.easy] = nil
        transfer.resume(with: result)
    }
}
