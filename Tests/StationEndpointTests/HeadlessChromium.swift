import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium (Debian's `chromium`) driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands on fd 3, replies on fd 4, NUL-terminated JSON), so a test can read
/// what a real browser rendered: text, computed styles, the result of the page's own scripts.
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var nextID = 1
    private var buffer: [UInt8] = []

    static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    init() throws {
        guard let executable = Self.executable else {
            throw Failure(description: "chromium is not installed (Debian package chromium; `make deps` installs it)")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        // Close-on-exec descriptors above 4, so dup2 onto 3 and 4 in the child is never a no-op.
        func pipePair() throws -> [Int32] {
            var raw: [Int32] = [0, 0]
            guard pipe(&raw) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            let moved = raw.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
            raw.forEach { _ = close($0) }
            return moved
        }
        let toChrome = try pipePair()
        let fromChrome = try pipePair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChrome[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChrome[1], 4)
        let devNull = Glibc.open("/dev/null", O_WRONLY | O_CLOEXEC)
        posix_spawn_file_actions_adddup2(&actions, devNull, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe", "--window-size=600,2000",
            "--user-data-dir=\(profile.path)", "about:blank",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, environ)
        close(devNull)
        close(toChrome[0])
        close(fromChrome[1])
        guard status == 0 else {
            close(toChrome[1])
            close(fromChrome[0])
            throw Failure(description: "posix_spawn chromium: \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toChrome[1]
        replies = fromChrome[0]
    }

    deinit {
        _ = try? send("Browser.close", [:], timeout: 5)
        close(commands)
        close(replies)
        var status: Int32 = 0
        // Give it a moment to exit by itself, then make sure.
        for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { usleep(100_000) }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and returns its `result`; throws on a protocol error or after `timeout` seconds.
    @discardableResult
    func send(_ method: String, _ params: [String: Any], session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write to chromium: \(String(cString: strerror(errno)))") }
            offset += written
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let frame = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                guard let reply = try JSONSerialization.jsonObject(with: Data(frame)) as? [String: Any],
                    reply["id"] as? Int == id
                else { continue }
                if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "\(method): no reply from chromium in \(timeout) s") }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "chromium closed the pipe") }
            buffer += chunk.prefix(count)
        }
    }

    /// Opens `url` in a new tab and returns the session to talk to it.
    func open(_ url: String) throws -> String {
        let target = try send("Target.createTarget", ["url": url])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no targetId") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no sessionId") }
        return session
    }

    /// Evaluates `expression` (a promise is awaited) in the page and returns its value.
    func evaluate(_ expression: String, session: String) throws -> Any? {
        let result = try send(
            "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
        if let exception = result["exceptionDetails"] { throw Failure(description: "script failed: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `expression` until it returns a non-null value, up to `timeout` seconds.
    func waitFor(_ expression: String, session: String, timeout: Double = 30) throws -> Any {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = try evaluate(expression, session: session), !(value is NSNull) { return value }
            usleep(100_000)
        }
        throw Failure(description: "timed out waiting for \(expression)")
    }
}
