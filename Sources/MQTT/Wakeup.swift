#if canImport(Glibc)
    import Glibc
#endif

/// A pipe that wakes the network thread out of `poll(2)`: any thread signals, the network thread drains.
/// Signalling never blocks (a full pipe already means "wake up").
final class Wakeup: Sendable {
    /// The end the network thread polls.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() throws(MQTTSetupError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw MQTTSetupError("cannot create the wakeup pipe: \(String(cString: strerror(errno)))")
        }
        // pipe2 is not in Swift's Glibc module; set the flags one by one.
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the network thread.
    func signal() {
        var byte: UInt8 = 1
        while write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Empties the pipe (network thread).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            if count > 0 { continue }
            if count < 0 && errno == EINTR { continue }
            return
        }
    }

    /// Waits until signalled or `milliseconds` pass (network thread).
    func wait(milliseconds: Int32) {
        var descriptor = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, max(0, milliseconds))
        drain()
    }
}
