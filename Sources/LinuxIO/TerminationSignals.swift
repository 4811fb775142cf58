import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// SIGINT and SIGTERM as something to await: their default action is replaced by a Dispatch signal source, so a
/// command can shut down cleanly (close its pty, remove its symlink) when stopped.
public enum TerminationSignals {
    /// Waits for SIGINT or SIGTERM and returns which one came.
    public static func wait() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let queue = DispatchQueue(label: "breeze.signals")
            let box = SignalSources()
            queue.async {
                for number in [SIGINT, SIGTERM] {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler {
                        guard !box.fired else { return }
                        box.fired = true
                        for source in box.sources { source.cancel() }
                        continuation.resume(returning: number)
                    }
                    box.sources.append(source)
                    source.resume()
                }
            }
        }
    }
}

/// The signal sources of one wait, touched only on its queue.
private final class SignalSources: @unchecked Sendable {
    var sources: [any DispatchSourceSignal] = []
    var fired = false
}
