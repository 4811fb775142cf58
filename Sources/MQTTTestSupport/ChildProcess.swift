public import Foundation
import Synchronization

/// A child process started with `posix_spawn`, with a clean signal mask and default signal actions.
///
/// Foundation's `Process` hands the child the signal mask of the thread that spawns it, and test threads
/// (Dispatch and the cooperative pool) block nearly every signal: a broker started that way never sees
/// SIGTERM. Brokers, subscribers and the station under test are started here instead.
public final class ChildProcess: Sendable {
    /// The process id.
    public let pid: pid_t
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`; its stdout and stderr go to the given descriptors (or
    /// /dev/null), stdin reads /dev/null.
    public init(
        executable: String, arguments: [String], standardOutput: Int32? = nil, standardError: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let standardError {
            posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1, SIGUSR2, SIGCHLD] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw MosquittoBroker.Failure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    deinit { kill() }

    /// Sends `signal`.
    public func send(_ signal: Int32) {
        if isRunning { Glibc.kill(pid, signal) }
    }

    /// Whether the process has not been reaped yet (reaps it when it has exited).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// The wait status once it has exited (reaped), else nil.
    public var exitStatus: Int32? { reap(blocking: false) }

    /// Waits up to `timeout` for the process to exit (polling, without blocking a thread); its wait status, or
    /// nil if it still runs.
    public func wait(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = reap(blocking: false) { return status }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// SIGTERM, then SIGKILL after `grace`; waits for the exit.
    public func stop(grace: Duration = .seconds(5)) async {
        guard isRunning else { return }
        Glibc.kill(pid, SIGTERM)
        if await wait(timeout: grace) == nil { kill() }
    }

    /// SIGKILL and reap. The wait is for a process the kernel is already tearing down: no real blocking.
    public func kill() {
        guard isRunning else { return }
        Glibc.kill(pid, SIGKILL)
        _ = reap(blocking: true)
    }

    private func reap(blocking: Bool) -> Int32? {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
            if result == pid {
                status = raw
                return raw
            }
            if result < 0 && errno == ECHILD {
                status = -1
                return -1
            }
            return nil
        }
    }

    /// The exit code of a wait status that is a normal exit, else nil.
    public static func exitCode(_ status: Int32) -> Int32? {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : nil
    }

    /// The signal of a wait status that is a death by signal, else nil.
    public static func terminatingSignal(_ status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }
}
